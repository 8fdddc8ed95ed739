"""Idempotent writes: a POST that carries an `Idempotency-Key` is served once. A retry with
the same key and the same request gets the first answer again (status, headers such as
Location, body) with `Idempotent-Replayed: true`, and nothing is done twice; the same key on
another request is a 422; a retry while the first is still being served is a 409 with
Retry-After. Keys belong to the API key that sent them and expire after
POCKETEVAL_IDEMPOTENCY_TTL_S. Only answers below 400 are kept: a refused or failed request
changed nothing, so its retry is served anew.

The request is compared by its method, path, query, media type and body (inflated, when it
was sent gzip-compressed; a multipart body's boundary, which clients draw at random for
each request, is left out)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import re
import uuid
from datetime import UTC, datetime

import anyio
from pydantic import JsonValue
from sqlalchemy.exc import IntegrityError
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.config import Settings
from app.db import Transactions
from app.guards import idempotency_store as store
from app.guards.security import identify
from app.http import problem_response, schema_objects

log = logging.getLogger("pocketeval.idempotency")
HEADER = "Idempotency-Key"
REPLAYED = "Idempotent-Replayed"
KEY_PATTERN = re.compile(r"[\x21-\x7e][\x20-\x7e]{0,254}")  # printable ASCII, 1-255
MAX_KEPT_BODY = 16 * 2**20  # larger answers are not kept (no write endpoint gives one)
_NOT_KEPT = {b"content-length", b"date", b"server", b"x-request-id", b"transfer-encoding",
             b"connection"}


class RequestDigest:
    """sha256 of a request as it streams in. A JSON body is compared as JSON (keys sorted,
    no spacing: two clients' serialisations of one body are one request); in a multipart
    body, the boundary is replaced by a fixed mark wherever it occurs, however the body is
    split into chunks."""

    def __init__(self, method: str, path: str, query: bytes, content_type: bytes) -> None:
        media, _, params = content_type.partition(b";")
        media = media.strip().lower()
        boundary = re.search(rb'boundary="?([^";]+)"?', params)
        self._marker = boundary.group(1) if boundary else b""
        self._json = bytearray() if media.endswith((b"/json", b"+json")) else None
        self._tail = b""
        self._hash = hashlib.sha256(b"\n".join([method.encode(), path.encode(), query, media,
                                                b""]))

    def update(self, data: bytes) -> None:
        if self._json is not None:
            self._json.extend(data)
            return
        if not self._marker:
            self._hash.update(data)
            return
        parts = (self._tail + data).split(self._marker)
        for part in parts[:-1]:
            self._hash.update(part + b"\0")
        keep = len(self._marker) - 1  # the start of a marker that the next chunk completes
        last = parts[-1]
        self._hash.update(last[:len(last) - keep] if len(last) > keep else b"")
        self._tail = last[-keep:] if len(last) > keep else last

    def hexdigest(self) -> str:
        final = self._hash.copy()
        final.update(self._tail if self._json is None else _canonical_json(bytes(self._json)))
        return final.hexdigest()


def _canonical_json(body: bytes) -> bytes:
    """The body as one serialisation of its JSON; a body that is not JSON, as it is."""
    try:
        value = json.loads(body)
    except ValueError:  # UnicodeDecodeError included
        return body
    return json.dumps(value, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode()


def _problem(status: int, title: str, detail: str, slug: str, path: str,
             headers: dict[str, str] | None = None) -> Response:
    return problem_response(status, title, detail, type_slug=slug, instance=path,
                            errors=[{"field": f"header.{HEADER}", "message": detail}],
                            headers=headers)


class Idempotency:
    """ASGI middleware, inside the body limit (so it sees inflated bodies)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = dict(scope.get("headers", [])) if scope["type"] == "http" else {}
        raw_key = headers.get(HEADER.lower().encode())
        if raw_key is None or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        key = raw_key.decode("latin-1").strip()
        if not KEY_PATTERN.fullmatch(key):
            await _problem(422, "Invalid input", f"{HEADER} must be 1 to 255 printable ASCII "
                           "characters", "invalid-input", path)(scope, receive, send)
            return
        settings: Settings = scope["app"].state.settings
        transactions: Transactions = scope["app"].state.transactions
        token = headers.get(b"authorization", b"").decode("latin-1").partition(" ")[2].strip()
        if identify(token, settings.api_key_table()) is None:
            await self.app(scope, receive, send)  # the app says why (401), nothing is kept
            return
        claim = store.Claim(hashlib.sha256(token.encode()).hexdigest(), key, "POST", path,
                            uuid.uuid4().hex)
        found, answer = await _claim(transactions, claim, settings)
        digest = RequestDigest("POST", path, scope.get("query_string", b""),
                               headers.get(b"content-type", b""))
        if found is store.Found.BUSY:
            await _problem(409, "Conflict", f"a request with this {HEADER} is still being "
                           "served; retry later", "idempotency-key-in-use", path,
                           {"Retry-After": "1"})(scope, receive, send)
        elif found is store.Found.ANSWERED and answer is not None:
            await _read_all(receive, digest)
            if (answer.method, answer.path, answer.request_sha256) != (
                    "POST", path, await anyio.to_thread.run_sync(digest.hexdigest)):
                await _problem(422, "Invalid input", f"this {HEADER} was used with another "
                               "request (method, path, query or body)", "idempotency-key-reused",
                               path)(scope, receive, send)
                return
            await _replay(answer, send)
        else:
            holding = asyncio.create_task(_hold(transactions, claim,
                                                settings.idempotency_lease_s))
            try:
                await self._serve_first(scope, receive, send, claim, digest, transactions)
            finally:
                holding.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await holding

    async def _serve_first(self, scope: Scope, receive: Receive, send: Send,
                           claim: store.Claim, digest: RequestDigest,
                           transactions: Transactions) -> None:
        body_done = False
        status = 0
        kept_headers: list[tuple[str, str]] = []
        body = bytearray()

        async def digesting_receive() -> Message:
            nonlocal body_done
            message = await receive()
            if message["type"] == "http.request" and not body_done:
                digest.update(message.get("body", b""))
                body_done = not message.get("more_body", False)
            return message

        kept = False

        async def capturing_send(message: Message) -> None:
            nonlocal status, kept
            if message["type"] == "http.response.start":
                status = message["status"]
                kept_headers.extend((k.decode("latin-1"), v.decode("latin-1"))
                                    for k, v in message.get("headers", [])
                                    if k.lower() not in _NOT_KEPT)
                if not body_done:  # a body the endpoint did not read: the retry's must match
                    await _read_all(digesting_receive, None)
            elif message["type"] == "http.response.body" and len(body) <= MAX_KEPT_BODY:
                body.extend(message.get("body", b""))
                if not message.get("more_body", False) and 0 < status < 400 and \
                        len(body) <= MAX_KEPT_BODY:  # kept before the client can retry
                    sha = await anyio.to_thread.run_sync(digest.hexdigest)
                    answer = store.Answer("POST", claim.path, sha, status, kept_headers,
                                          bytes(body))
                    with anyio.CancelScope(shield=True):
                        await transactions.run(store.keep, claim, answer)
                    kept = True
            await send(message)

        try:
            await self.app(scope, digesting_receive, capturing_send)
        finally:
            if not kept:  # refused or failed (or not keepable): its retry is served anew
                with anyio.CancelScope(shield=True):
                    await transactions.run(store.release, claim)


async def _hold(transactions: Transactions, claim: store.Claim, lease_s: float) -> None:
    """While the first request is served, however long: its lease moved on, so a retry
    waits (409) rather than taking over a request still at work."""
    while True:
        await anyio.sleep(lease_s / 3)
        await transactions.run(store.extend, claim, datetime.now(UTC), lease_s)


async def _claim(transactions: Transactions, claim: store.Claim, settings: Settings
                 ) -> tuple[store.Found, store.Answer | None]:
    """Insert the key's row, or say what holds it. A row that expires between the two
    tries is gone at the next insert, so three tries always settle it."""
    for _attempt in range(3):
        now = datetime.now(UTC)
        try:
            await transactions.run(store.insert, claim, now, settings.idempotency_lease_s,
                                   settings.idempotency_ttl_s)
            return store.Found.NEW, None
        except IntegrityError:
            found, answer = await transactions.run(store.look_up, claim, now,
                                                   settings.idempotency_lease_s)
            if found is not store.Found.NEW:
                return found, answer
    return store.Found.BUSY, None


async def _read_all(receive: Receive, digest: RequestDigest | None) -> None:
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return
        if digest is not None:
            digest.update(message.get("body", b""))
        if not message.get("more_body", False):
            return


async def _replay(answer: store.Answer, send: Send) -> None:
    headers = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in answer.headers]
    headers += [(b"content-length", str(len(answer.body)).encode()),
                (REPLAYED.lower().encode(), b"true")]
    await send({"type": "http.response.start", "status": answer.status, "headers": headers})
    await send({"type": "http.response.body", "body": answer.body})


def document_idempotency_keys(schema: dict[str, JsonValue]) -> None:
    """Every POST operation takes the header, as the middleware does: said once, here."""
    parameter: dict[str, JsonValue] = {
        "name": HEADER, "in": "header", "required": False,
        "description": "Makes this write safe to retry: a retry with the same key and the "
                       "same request gets the first answer (marked Idempotent-Replayed) and "
                       "does nothing again; the key with another request is a 422; while "
                       "the first is served, a retry gets 409. Keys belong to the API key "
                       "that sent them and expire after POCKETEVAL_IDEMPOTENCY_TTL_S.",
        "schema": {"type": "string", "minLength": 1, "maxLength": 255,
                   "pattern": KEY_PATTERN.pattern.join("^$")}}
    for path_item in schema_objects(schema.get("paths")):
        operation = path_item.get("post")
        if isinstance(operation, dict):
            parameters = operation.setdefault("parameters", [])
            if isinstance(parameters, list):
                parameters.append(parameter)
