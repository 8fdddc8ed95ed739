"""ASGI middleware that caps request bodies: 413 problem+json before reading too much, and
408 when a body takes longer than the read deadline to arrive (a client trickling bytes
would otherwise hold its request open for as long as it likes)."""

from __future__ import annotations

import time

import anyio
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.errors import problem_response


class _TooLarge(Exception):
    pass


class _TooSlow(Exception):
    pass


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
        limit, setting = self.max_bytes, "POCKETEVAL_MAX_BODY_BYTES"
        deadline = None if self.read_timeout_s is None else time.monotonic() + self.read_timeout_s
        for prefix, (override, name) in self.overrides.items():
            if str(scope.get("path", "")).startswith(prefix):
                limit, setting, deadline = override, name, None
        detail = f"request body exceeds the limit of {limit} bytes ({setting})"
        response = problem_response(413, "Payload too large", detail,
                                    type_slug="payload-too-large", instance=scope.get("path"))
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > limit:
                await response(scope, receive, send)
                return

        slow = problem_response(408, "Request timeout", "the request body did not arrive "
                                f"within {self.read_timeout_s:g} s (POCKETEVAL_BODY_READ_"
                                "TIMEOUT_S)", type_slug="request-timeout",
                                instance=scope.get("path"))
        seen = 0
        exceeded = False
        replaced = False

        async def counting_receive() -> Message:
            nonlocal seen, exceeded
            if deadline is None:
                message = await receive()
            else:
                with anyio.move_on_after(max(0.0, deadline - time.monotonic())) as waited:
                    message = await receive()
                if waited.cancelled_caught:
                    exceeded = True
                    raise _TooSlow
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    exceeded = True
                    raise _TooLarge
            return message

        async def guarded_send(message: Message) -> None:
            # Whatever the app made of the interrupted read (400, 500), the client gets the 413.
            nonlocal replaced
            if not exceeded:
                await send(message)
            elif not replaced:
                replaced = True
                await (slow if seen <= limit else response)(scope, receive, send)

        try:
            await self.app(scope, counting_receive, guarded_send)
        except _TooLarge:
            if not replaced:
                await response(scope, receive, send)
        except _TooSlow:
            if not replaced:
                await slow(scope, receive, send)
