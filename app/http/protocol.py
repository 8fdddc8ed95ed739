"""uvicorn's h11 protocol with a deadline on request heads, and an answer to oversized
ones.

uvicorn closes idle keep-alive connections, but a connection that sends part of a request
line or of its headers and then nothing is kept open forever: thousands of them use up the
server's file descriptors (slowloris). Here every wait for a new request's head (from
connect, and from each byte that arrives while no request is in flight) must end in a
complete request within `header_timeout_s`, or the connection is closed.

A request line or header block longer than h11 buffers (MAX_HEAD_BYTES) used to end in a
closed connection: the client, still sending, saw a reset and no answer. It now gets 414
(the request line is not over within the limit) or 431 (the headers are not), written at
once, then the rest of what it sends is read and dropped for a while so it can read the
answer. The answer carries an X-Request-ID as every other does: the caller's, where its
header line arrived whole and usable, else a new one.

Only the head counts: the bytes up to the blank line that ends it. Clients send the body in
the same write as the head (httpx, requests, urllib, curl below 1 MB), so one read often
holds both; the body's bytes, whatever their number, are the app's to limit
(POCKETEVAL_MAX_BODY_BYTES). Bytes count toward a head only while h11 waits for a new
request (its peer state IDLE): the rest of a body still arriving after an early answer (a
413) is not a head.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from app.http.request_id import HEADER, request_id_for

MAX_HEAD_BYTES = 16 * 1024  # h11's own limit on an incomplete request head
# a refused client's further bytes are read and dropped until it has sent nothing for
# LINGER_S, or for LINGER_MAX_S in all (nginx's lingering_timeout and lingering_time)
LINGER_S = 5.0
LINGER_MAX_S = 60.0
HEAD_END = re.compile(rb"\n\r?\n")  # the blank line that ends a head, as h11 finds it


class HeaderDeadlineProtocol(H11Protocol):
    header_timeout_s = 10.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None
        self._head = 0  # bytes of the request head received so far
        self._tail = b""  # the head's last bytes: its end may straddle two reads
        self._kept = bytearray()  # the open head: a refusal reads the caller's id from it
        self._line_end: int | None = None  # offset of the request line's newline
        self._refused = False
        self._raw: asyncio.Transport | None = None
        self._dropped_at = 0.0  # when a refused client's last bytes were dropped

    def _refuse(self) -> None:
        line_done = self._line_end is not None and self._line_end <= MAX_HEAD_BYTES
        status, title, what = ((431, "Request Header Fields Too Large", "header fields")
                               if line_done else (414, "URI Too Long", "request line"))
        request_id = request_id_for(caller_id(bytes(self._kept)))
        self._kept.clear()
        body = json.dumps({"type": f"https://pocketeval.dev/problems/http-{status}",
                           "title": title, "status": status,
                           "detail": f"the {what} is longer than {MAX_HEAD_BYTES} bytes",
                           "field": "url" if status == 414 else "headers",
                           "request_id": request_id}).encode()
        self.transport.write(
            f"HTTP/1.1 {status} {title}\r\ncontent-type: application/problem+json\r\n"
            f"content-length: {len(body)}\r\n{HEADER.decode()}: {request_id}\r\n"
            "connection: close\r\n\r\n".encode() + body)
        self.transport.close()

    def linger(self, transport: asyncio.Transport) -> None:
        """Close in stages (RFC 9112 §9.6): the answer is written, our side is shut, and
        what the client still sends is read and dropped for LINGER_S, so it reads the answer
        instead of a reset (a close with unread bytes sends one)."""
        self._refused = True
        self._disarm()
        transport.resume_reading()
        if transport.can_write_eof():
            transport.write_eof()
        started = self._dropped_at = self.loop.time()

        def check() -> None:
            now = self.loop.time()
            if now - self._dropped_at >= LINGER_S or now - started >= LINGER_MAX_S:
                transport.close()
            else:
                self.loop.call_later(LINGER_S - (now - self._dropped_at), check)

        self.loop.call_later(LINGER_S, check)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._raw = transport
        super().connection_made(LingeringTransport(transport, self))
        self._arm()

    def peer_sending(self) -> bool:
        """Whether the client may still be sending: a head not yet over, or a body unread."""
        state = self.conn.their_state
        return state is h11.SEND_BODY or (state is h11.IDLE and self._head > 0)

    def data_received(self, data: bytes) -> None:
        if self._refused:
            self._dropped_at = self.loop.time()
            return  # read and dropped until the connection closes
        waiting = self.cycle is None or self.cycle.response_complete
        if self.conn.their_state is h11.IDLE and self._count_head(data) > MAX_HEAD_BYTES:
            self._refuse()
            return
        if waiting and self._header_timer is None:
            self._arm()
        super().data_received(data)
        if self.cycle is not None and not self.cycle.response_complete:
            self._disarm()  # a request arrived whole: the app's own limits apply now

    def _count_head(self, data: bytes) -> int:
        """The head's size so far with `data`, of which only the bytes up to the blank line
        count; a head that ends here is over, and the next one starts from zero."""
        window = self._tail + data
        end = HEAD_END.search(window)
        used = len(data) if end is None else max(0, end.end() - len(self._tail))
        if self._line_end is None and (newline := data.find(b"\n", 0, used)) >= 0:
            self._line_end = self._head + newline
        size = self._head + used
        if end is None or size > MAX_HEAD_BYTES:  # still open, or refused as it stands
            self._head, self._tail = size, window[-2:]
            self._kept += data[:used]
        else:
            self._head, self._tail, self._line_end = 0, b"", None
            self._kept.clear()
        return size

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
        if self.scope is scope and self._raw is not None and not self.transport.is_closing():
            self._raw.close()  # no new request started since the wait began: at once


def caller_id(head: bytes) -> bytes | None:
    """The X-Request-ID value of a head cut short, read from its header lines that arrived
    whole (not the request line, nor the line the cut went through)."""
    for line in head.split(b"\n")[1:-1]:
        name, colon, value = line.partition(b":")
        if not line.strip():
            break  # the head's end
        if colon and name.lower() == HEADER:
            return value.strip()
    return None


class LingeringTransport(asyncio.Transport):
    """The connection's transport as uvicorn holds it: a close while the client is still
    sending (an early 413 or 414/431 answered before the rest of the request was read)
    becomes a lingering close; any other close is immediate."""

    def __init__(self, transport: asyncio.Transport, protocol: HeaderDeadlineProtocol) -> None:
        super().__init__()
        self._transport = transport
        self._protocol = protocol
        self._closing = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self._transport.write(data)

    def is_closing(self) -> bool:
        return self._closing or self._transport.is_closing()

    def close(self) -> None:
        if self._closing:
            return
        self._closing = True
        if self._protocol.peer_sending() and not self._transport.is_closing():
            self._protocol.linger(self._transport)
        else:
            self._transport.close()

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self._transport.get_extra_info(name, default)

    def pause_reading(self) -> None:
        if not self._closing:
            self._transport.pause_reading()

    def resume_reading(self) -> None:
        self._transport.resume_reading()

    def can_write_eof(self) -> bool:
        return self._transport.can_write_eof()

    def write_eof(self) -> None:
        self._transport.write_eof()

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        self._transport.set_write_buffer_limits(high, low)

    def get_write_buffer_size(self) -> int:
        return self._transport.get_write_buffer_size()

    def abort(self) -> None:
        self._closing = True
        self._transport.abort()


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
