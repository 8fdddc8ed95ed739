"""A real HTTP receiver of run callbacks on loopback, in the test's process: it keeps what
each delivery carried and answers with the statuses it is given (then 200), or holds every
request until released (a receiver that hangs)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Delivery:
    headers: dict[str, str]
    body: bytes
    received_at: float  # the receiver's clock (unix seconds) when the request came


@dataclass
class Receiver:
    url: str
    answers: list[int] = field(default_factory=list)  # statuses to answer in turn, then 200
    received: list[Delivery] = field(default_factory=list)
    hold: threading.Event = field(default_factory=threading.Event)  # set: hang until cleared
    released: threading.Event = field(default_factory=threading.Event)

    def wait_for(self, n: int, timeout: float = 600) -> list[Delivery]:
        """The first `n` deliveries, once they have come (only a broken server takes the
        whole timeout)."""
        deadline = time.monotonic() + timeout
        while len(self.received) < n:
            assert time.monotonic() < deadline, f"{len(self.received)} of {n} deliveries"
            time.sleep(0.05)
        return self.received[:n]


    async def arrived(self, n: int, timeout: float = 600) -> list[Delivery]:
        """wait_for, for a test that shares its event loop with the server."""
        return await asyncio.to_thread(self.wait_for, n, timeout)


@contextmanager
def receiving() -> Iterator[Receiver]:
    receiver: Receiver

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's name)
            at = time.time()
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            receiver.received.append(Delivery(dict(self.headers.items()), body, at))
            if receiver.hold.is_set():
                receiver.released.wait()
            status = receiver.answers.pop(0) if receiver.answers else 200
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    receiver = Receiver(f"http://127.0.0.1:{server.server_address[1]}/hooks/pocketeval")
    thread = threading.Thread(target=server.serve_forever, name="callback-receiver",
                              daemon=True)
    thread.start()
    try:
        yield receiver
    finally:
        receiver.released.set()
        server.shutdown()
        server.server_close()
        thread.join(timeout=30)
