"""uvicorn's h11 protocol with a deadline on request headers, and an answer to oversized
ones.

uvicorn closes idle keep-alive connections, but a connection that sends part of a request
line or of its headers and then nothing is kept open forever: thousands of them use up the
server's file descriptors (slowloris). Here every wait for a new request's headers (from
connect, and from each byte that arrives while no request is in flight) must end in a
complete request within `header_timeout_s`, or the connection is closed.

A request line or header block longer than h11 buffers (MAX_HEAD_BYTES) used to end in a
closed connection: the client, still sending, saw a reset and no answer. It now gets 414
(the request line is not over yet) or 431 (the headers are not), written at once, then the
rest of what it sends is read and dropped for a while so it can read the answer.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

MAX_HEAD_BYTES = 16 * 1024  # h11's own limit on an incomplete request head
LINGER_S = 5.0  # how long a refused client may go on sending before the socket closes


class HeaderDeadlineProtocol(H11Protocol):
    header_timeout_s = 10.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None
        self._head = 0  # bytes of the request head received so far
        self._line_done = False
        self._refused = False

    def _refuse(self) -> None:
        status, title, what = ((431, "Request Header Fields Too Large", "header fields")
                               if self._line_done else (414, "URI Too Long", "request line"))
        body = json.dumps({"type": f"https://pocketeval.dev/problems/http-{status}",
                           "title": title, "status": status,
                           "detail": f"the {what} is longer than {MAX_HEAD_BYTES} bytes",
                           "field": "url" if status == 414 else "headers"}).encode()
        self.transport.write(
            f"HTTP/1.1 {status} {title}\r\ncontent-type: application/problem+json\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n".encode() + body)
        self._refused = True
        self._disarm()
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(LINGER_S, self.transport.close)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return  # read and dropped until the connection closes
        waiting = self.cycle is None or self.cycle.response_complete
        if waiting:
            self._head += len(data)
            self._line_done = self._line_done or b"\n" in data
            if self._head > MAX_HEAD_BYTES:
                self._refuse()
                return
        if waiting and self._header_timer is None:
            self._arm()
        before = self.cycle
        super().data_received(data)
        if self.cycle is not before:
            self._head, self._line_done = 0, False  # a request began: its head was read
        if self.cycle is not None and not self.cycle.response_complete:
            self._disarm()  # a request arrived whole: the app's own limits apply now

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        scope = self.scope
        self._header_timer = self.loop.call_later(self.header_timeout_s, self._expire, scope)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _expire(self, scope: object) -> None:
        self._header_timer = None
        open_ = self.transport is not None and not self.transport.is_closing()
        if self.scope is scope and open_:
            self.transport.close()  # no new request started since the wait began


def protocol_with(header_timeout_s: float) -> type[HeaderDeadlineProtocol]:
    return type("HeaderDeadline", (HeaderDeadlineProtocol,),
                {"header_timeout_s": header_timeout_s})


class EnvironmentHeaderDeadlineProtocol(HeaderDeadlineProtocol):
    """The protocol worker processes import by name (a class made at run time cannot be
    handed to them): the deadline comes from their settings (POCKETEVAL_HEADER_TIMEOUT_S)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        from app.config import get_settings

        super().__init__(*args, **kwargs)
        self.header_timeout_s = get_settings().header_timeout_s
