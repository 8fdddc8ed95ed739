"""The README's ports (the server's 8000, llama-server's 8080) moved to free ones in the
commands the README test runs, and held while it runs: what listens on the README's ports
on this machine (a server of the reader's own, another test run) does not matter, and a
command that still reached one would get a 503 at once, not another server's answer."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tests.support.processes import free_port


def port_pattern(port: int) -> str:
    """`port` where it names a port: `localhost:8000`, `127.0.0.1:8080/v1`, `:8000`,
    `--port 8080`, `--port=8080`, `POCKETEVAL_PORT=8000`."""
    return rf"(?:(?<=:)|(?<=--port )|(?<=--port=)|(?<=_PORT=)){port}(?!\d)"


def moved_ports(text: str, ports: Mapping[int, int]) -> str:
    """`text` with each of `ports`' keys, where it names a port, replaced by its value."""
    for old, new in ports.items():
        text = re.sub(port_pattern(old), str(new), text)
    return text


def take_ports(readme: Iterable[int]) -> dict[int, int]:
    """A free port for each of the README's, all different and none of them the README's."""
    wanted = sorted(set(readme))
    taken: dict[int, int] = {}
    while len(taken) < len(wanted):
        port = free_port()
        if port not in taken.values() and port not in wanted:
            taken[wanted[len(taken)]] = port
    return taken


class _Refuse(BaseHTTPRequestHandler):
    """Any request: 503 problem+json at once, naming the port; the connection closed."""

    def refuse(self) -> None:
        self.close_connection = True
        self.rfile.read(min(int(self.headers.get("Content-Length") or 0), 1 << 20))
        port = self.connection.getsockname()[1]
        body = json.dumps({"status": 503, "title": f"the README's port {port}, not the one "
                           "the test took"}).encode()
        self.send_response(503)
        self.send_header("Content-Type", "application/problem+json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = refuse

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def occupied(ports: Iterable[int]) -> Iterator[list[int]]:
    """Listeners on those of `ports` that are free (on 127.0.0.1, where `make serve` and
    llama-server would listen), answering every request 503 at once; the ports held."""
    servers: list[ThreadingHTTPServer] = []
    try:
        for port in ports:
            try:
                server = ThreadingHTTPServer(("127.0.0.1", port), _Refuse)
            except OSError:
                continue  # something else holds it already: as good
            servers.append(server)
            threading.Thread(target=server.serve_forever, daemon=True).start()
        yield [int(server.server_address[1]) for server in servers]
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()
