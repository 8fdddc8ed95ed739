"""uvicorn's h11 protocol with a deadline on request headers.

uvicorn closes idle keep-alive connections, but a connection that sends part of a request
line or of its headers and then nothing is kept open forever: thousands of them use up the
server's file descriptors (slowloris). Here every wait for a new request's headers (from
connect, and from each byte that arrives while no request is in flight) must end in a
complete request within `header_timeout_s`, or the connection is closed.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol


class HeaderDeadlineProtocol(H11Protocol):
    header_timeout_s = 10.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        waiting = self.cycle is None or self.cycle.response_complete
        if waiting and self._header_timer is None:
            self._arm()
        super().data_received(data)
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
