"""The server keeps what it acknowledged and stays up under slow clients: real
`pocketeval serve` processes on loopback, killed with SIGKILL, held open by SSE streams."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import sqlite3
import time
from pathlib import Path

import httpx
import pytest

from tests.support.processes import (
    HANG_S,
    STALL_S,
    alive,
    async_api_client,
    free_port,
    start_fake_model,
    start_pocketeval,
    stop,
)

pytestmark = pytest.mark.needs("process")

KEY = "stays-up-key-0123456789"
HEADERS = {"Authorization": f"Bearer {KEY}"}


def _send_and_kill_on_status(port: int, path: str, body: bytes,
                             server_pid: int) -> bytes:
    """Send a request over a raw socket and SIGKILL the server the moment the status line
    arrives; returns that line."""
    request = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {KEY}\r\n"
               f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
               "Connection: close\r\n\r\n").encode() + body
    with socket.create_connection(("127.0.0.1", port), timeout=HANG_S) as sock:
        sock.sendall(request)
        received = b""
        while b"\r\n" not in received:
            chunk = sock.recv(1)
            if not chunk:
                break
            received += chunk
        os.kill(server_pid, signal.SIGKILL)
    return received.split(b"\r\n")[0]


def _children(pid: int) -> set[int]:
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended meanwhile
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def test_an_acknowledged_import_survives_kill_9(tmp_path: Path) -> None:
    """The import commits in the bulk worker process before the 200; the worker leaves
    with the server it served."""
    port = free_port()
    for attempt in range(3):
        server = start_pocketeval(port, tmp_path, KEY)
        workers = _children(server.pid)
        assert workers, "the served process starts its bulk worker process"
        item = {"id": f"kill-{attempt}", "question": "What is $1 + 1$?", "answer": "2"}
        status = _send_and_kill_on_status(port, "/benchmarks/math-500/items:import",
                                          json.dumps({"items": [item]}).encode(), server.pid)
        server.wait(timeout=10)
        assert status.startswith(b"HTTP/1.1 200"), status
        with sqlite3.connect(tmp_path / "live.db") as conn:
            found = conn.execute("SELECT count(*) FROM items WHERE external_id = ?",
                                 (item["id"],)).fetchone()[0]
        assert found == 1, f"attempt {attempt}: acknowledged, then lost"
        deadline = time.monotonic() + HANG_S  # a worker notices its parent is gone by polling
        while any(alive(pid) for pid in workers):
            assert time.monotonic() < deadline, "a worker outlived its server"
            time.sleep(0.1)


@pytest.mark.anyio
async def test_open_event_streams_do_not_starve_the_server(tmp_path: Path) -> None:
    """More open SSE streams than the connection pool holds: /health and reads answer, and
    the run goes on, while they stay open."""
    model_port, port = free_port(), free_port()
    gate = tmp_path / "gate"
    gate.write_text("1")  # one answer, then the run waits until the streams are open
    model = start_fake_model(model_port, tmp_path / "model.log", delay=0.3, gate=gate)
    server = start_pocketeval(port, tmp_path, KEY)
    base = f"http://127.0.0.1:{port}"
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=0)
    try:
        # answered at all is the claim, not answered fast: a busy host may take its time
        async with async_api_client(base, HEADERS, limits) as client:
            items = [{"id": f"q{i}", "question": f"Question {i}?", "choices": list("wxyz"),
                      "answer": "A"} for i in range(40)]
            r = await client.post("/benchmarks/mmlu/items:import", json={"items": items})
            assert r.status_code == 200, r.text
            r = await client.post("/runs", json={
                "model": {"name": "canned", "base_url": f"http://127.0.0.1:{model_port}/v1"},
                "benchmarks": ["mmlu"], "repeats": 1, "concurrency": 1})
            run_id = r.json()["id"]
            opened = asyncio.Event()
            streaming = 0  # streams that have had their first event

            async def listen() -> None:
                nonlocal streaming
                first = True
                async with client.stream("GET", f"/runs/{run_id}/events") as stream:
                    async for _ in stream.aiter_lines():
                        if first:
                            first = False
                            streaming += 1
                            if streaming == STREAMS:
                                opened.set()

            listeners = [asyncio.create_task(listen()) for _ in range(STREAMS)]
            await asyncio.wait_for(opened.wait(), STALL_S)
            assert streaming == STREAMS
            done_before = (await client.get(f"/runs/{run_id}")).json()["progress"]["done"]
            gate.unlink()
            # the run goes on beside the streams (however long this host takes for the
            # next sample), and health and run lists answer meanwhile
            deadline = time.monotonic() + STALL_S
            while (await client.get(f"/runs/{run_id}")).json()["progress"]["done"] \
                    <= done_before:
                assert time.monotonic() < deadline, "the run stalled beside the streams"
                assert (await client.get("/health")).status_code == 200
                assert (await client.get("/runs")).status_code == 200
                await asyncio.sleep(0.3)
            for task in listeners:
                task.cancel()
            await asyncio.gather(*listeners, return_exceptions=True)
    finally:
        stop(server, model)


STREAMS = 80  # above the pool's 20 + 40 connections


@pytest.mark.anyio
async def test_slow_uploads_get_408_and_do_not_starve_the_server(tmp_path: Path) -> None:
    port = free_port()
    server = start_pocketeval(port, tmp_path, KEY, {"POCKETEVAL_BODY_READ_TIMEOUT_S": "2"})
    head = (f"POST /benchmarks/math-500/items:import HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: Bearer {KEY}\r\nContent-Type: application/json\r\n"
            "Content-Length: 100000\r\n\r\n").encode()

    async def trickle() -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(head)
        try:
            for _ in range(100):  # 30 s of one byte every 0.3 s, unless answered first
                writer.write(b" ")
                await writer.drain()
                try:
                    return await asyncio.wait_for(reader.readline(), 0.3)
                except TimeoutError:
                    continue
            return b""
        finally:
            writer.close()

    try:
        uploads = [asyncio.create_task(trickle()) for _ in range(20)]
        async with async_api_client(f"http://127.0.0.1:{port}") as c:
            for _ in range(4):
                assert (await c.get("/health")).status_code == 200
                await asyncio.sleep(0.2)
        lines = await asyncio.gather(*uploads)
        assert all(line.startswith(b"HTTP/1.1 408") for line in lines), lines
    finally:
        stop(server)


@pytest.mark.anyio
async def test_connections_that_never_finish_their_headers_are_closed(tmp_path: Path) -> None:
    port = free_port()
    server = start_pocketeval(port, tmp_path, KEY, {"POCKETEVAL_HEADER_TIMEOUT_S": "1"})
    try:
        held = []
        for _ in range(50):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            await writer.drain()
            held.append((reader, writer))
        closed = await asyncio.gather(*(asyncio.wait_for(r.read(), 10) for r, _ in held))
        assert closed == [b""] * 50  # each closed by the server, with nothing sent
        for _, writer in held:
            writer.close()
        # a client that finishes its request in time is served, also on a kept-alive
        # connection idle past the header deadline between its requests: one socket, three
        # answers
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            for _ in range(3):
                writer.write(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                await writer.drain()
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), HANG_S)
                assert head.startswith(b"HTTP/1.1 200"), head
                length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                                  if line.lower().startswith(b"content-length:")))
                await asyncio.wait_for(reader.readexactly(length), HANG_S)
                await asyncio.sleep(1.5)
        finally:
            writer.close()
    finally:
        stop(server)


@pytest.mark.anyio
@pytest.mark.parametrize(("target", "header", "status", "field"), [
    ("/runs?cursor=" + "x" * 200_000, "", 414, "url"),
    ("/runs?ids=" + ",".join(str(i) for i in range(100_000)), "", 414, "url"),
    ("/health", "X-Long: " + "y" * 100_000 + "\r\n", 431, "headers"),
])
async def test_an_oversized_request_head_is_answered(tmp_path: Path, target: str, header: str,
                                                     status: int, field: str) -> None:
    """A request line or header block longer than the server reads gets 414 or 431 as
    problem+json, read by a client still sending it, and the server goes on serving."""
    port = free_port()
    server = start_pocketeval(port, tmp_path, KEY)
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n{header}\r\n".encode())
        with contextlib.suppress(ConnectionError):  # answered before all was sent: read below
            await writer.drain()
        answer = await asyncio.wait_for(reader.read(), HANG_S)
        writer.close()
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(f"HTTP/1.1 {status}".encode()), answer[:200]
        assert b"application/problem+json" in head
        assert json.loads(body)["field"] == field
        async with async_api_client(f"http://127.0.0.1:{port}") as c:
            assert (await c.get("/health")).status_code == 200
    finally:
        stop(server)
