"""ASGI middleware that caps request bodies: 413 problem+json before reading too much, and
408 when a body takes longer than the read deadline to arrive (a client trickling bytes
would otherwise hold its request open for as long as it likes). The deadline is the body's
only: a response streamed for as long as the client stays (server-sent events) is not
limited by it.

A body sent with `Content-Encoding: gzip` (how services send large uploads) is inflated here
as it arrives, so every endpoint reads plain bytes; the cap applies to the inflated size
while inflating, so a small bomb is a 413 as soon as it passes the cap, read no further."""

from __future__ import annotations

import time
import zlib
from typing import NoReturn

import anyio
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.http.errors import problem_response

GZIP_WBITS = 16 + zlib.MAX_WBITS  # a gzip header and trailer around deflate data


class _Refused(Exception):
    """The body cannot be read on: the refusal set beside it answers the request."""


class GzipBody:
    """A gzip stream inflated chunk by chunk, never to more than `room` bytes at once;
    several gzip members one after another are one body, as `gzip` writes them."""

    def __init__(self) -> None:
        self._inflater = zlib.decompressobj(GZIP_WBITS)

    def feed(self, data: bytes, room: int) -> bytes | None:
        """The inflated bytes of `data`, or None when they would pass `room`."""
        out = b""
        while data:
            chunk = self._inflater.decompress(data, room - len(out) + 1)
            out += chunk
            if len(out) > room:
                return None
            data = self._inflater.unused_data if self._inflater.eof else b""
            if data:
                self._inflater = zlib.decompressobj(GZIP_WBITS)
        return out

    @property
    def complete(self) -> bool:
        return self._inflater.eof


class BodySizeLimit:
    def __init__(self, app: ASGIApp, max_bytes: int,
                 overrides: dict[str, tuple[int, str]] | None = None,
                 read_timeout_s: float | None = None) -> None:
        """read_timeout_s: the whole body must arrive within it (not for `overrides` paths:
        model uploads are gigabytes)."""
        self.app = app
        self.max_bytes = max_bytes
        self.read_timeout_s = read_timeout_s
        # path prefix -> (limit, the setting that sets it): model uploads are gigabytes
        self.overrides = overrides or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path")
        limit, setting = self.max_bytes, "POCKETEVAL_MAX_BODY_BYTES"
        deadline = None if self.read_timeout_s is None else time.monotonic() + self.read_timeout_s
        for prefix, (override, name) in self.overrides.items():
            if str(path or "").startswith(prefix):
                limit, setting, deadline = override, name, None
        headers = dict(scope.get("headers", []))
        encoding = headers.get(b"content-encoding", b"identity").strip().lower()
        too_large = problem_response(
            413, "Payload too large", f"request body exceeds the limit of {limit} bytes "
            f"({setting}){', inflated' if encoding == b'gzip' else ''}",
            type_slug="payload-too-large", instance=path)
        refused = _refusal(encoding, headers.get(b"content-length", b""), limit, too_large,
                           path)
        if refused is not None:
            await refused(scope, receive, send)
            return
        gzip = GzipBody() if encoding == b"gzip" else None
        if gzip is not None:  # the app sees the inflated body, of a length not known yet
            scope = {**scope, "headers": [
                (k, v) for k, v in scope["headers"]
                if k not in (b"content-encoding", b"content-length")]}

        slow = problem_response(408, "Request timeout", "the request body did not arrive "
                                f"within {self.read_timeout_s:g} s (POCKETEVAL_BODY_READ_"
                                "TIMEOUT_S)", type_slug="request-timeout", instance=path)
        seen = 0
        failure: Response | None = None
        replaced = False
        body_done = False

        def refuse(response: Response) -> NoReturn:
            nonlocal failure
            failure = response
            raise _Refused

        async def counting_receive() -> Message:
            nonlocal seen, body_done
            if deadline is None or body_done:
                # once the body is in, a receive waits for the client to leave (an event
                # stream's whole life): no deadline
                message = await receive()
            else:
                with anyio.move_on_after(max(0.0, deadline - time.monotonic())) as waited:
                    message = await receive()
                if waited.cancelled_caught:
                    refuse(slow)
            if message["type"] != "http.request":
                return message
            body_done = not message.get("more_body", False)
            body = message.get("body", b"")
            if gzip is not None:
                try:
                    inflated = gzip.feed(body, limit - seen)
                except zlib.error as exc:
                    refuse(_bad_gzip(f"the body is not valid gzip: {exc}", path))
                if inflated is None:
                    refuse(too_large)
                if body_done and not gzip.complete:
                    refuse(_bad_gzip("the gzip stream ends before its end", path))
                body = inflated
                message = {**message, "body": body}
            seen += len(body)
            if seen > limit:
                refuse(too_large)
            return message

        async def guarded_send(message: Message) -> None:
            # Whatever the app made of the interrupted read (400, 500), the client gets the
            # refusal.
            nonlocal replaced
            if failure is None:
                await send(message)
            elif not replaced:
                replaced = True
                await failure(scope, receive, send)

        try:
            await self.app(scope, counting_receive, guarded_send)
        except _Refused:
            if not replaced and failure is not None:
                await failure(scope, receive, send)


def _refusal(encoding: bytes, length: bytes, limit: int, too_large: Response,
             path: str | None) -> Response | None:
    """What answers the request before its body is read: an encoding this server cannot
    read, or a declared length past the cap (a gzip body inflates to at least as much)."""
    if encoding not in (b"identity", b"gzip"):
        return problem_response(
            415, "Unsupported content encoding",
            f"Content-Encoding {encoding.decode('latin-1')!r} is not supported; send the "
            "body as is or with gzip", type_slug="unsupported-content-encoding",
            instance=path, extra={"field": "Content-Encoding"})
    if length.isdigit() and int(length) > limit:
        return too_large
    return None


def _bad_gzip(detail: str, path: str | None) -> Response:
    return problem_response(400, "Invalid request body", detail, type_slug="invalid-body",
                            instance=path, extra={"field": "Content-Encoding"})
