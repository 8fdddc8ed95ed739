"""ASGI middleware that caps request bodies, answering 413 problem+json before reading too much."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.errors import problem_response


class _TooLarge(Exception):
    pass


class BodySizeLimit:
    def __init__(self, app: ASGIApp, max_bytes: int,
                 overrides: dict[str, tuple[int, str]] | None = None) -> None:
        self.app = app
        self.max_bytes = max_bytes
        # path prefix -> (limit, the setting that sets it): model uploads are gigabytes
        self.overrides = overrides or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit, setting = self.max_bytes, "POCKETEVAL_MAX_BODY_BYTES"
        for prefix, (override, name) in self.overrides.items():
            if str(scope.get("path", "")).startswith(prefix):
                limit, setting = override, name
        detail = f"request body exceeds the limit of {limit} bytes ({setting})"
        response = problem_response(413, "Payload too large", detail,
                                    type_slug="payload-too-large", instance=scope.get("path"))
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > limit:
                await response(scope, receive, send)
                return

        seen = 0
        exceeded = False
        replaced = False

        async def counting_receive() -> Message:
            nonlocal seen, exceeded
            message = await receive()
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
                await response(scope, receive, send)

        try:
            await self.app(scope, counting_receive, guarded_send)
        except _TooLarge:
            if not replaced:
                await response(scope, receive, send)
