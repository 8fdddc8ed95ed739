"""Hold N Server-Sent Events streams of a run open from a process of its own, reading and
dropping what comes, with plain asyncio sockets: the streams' reading then costs the load
client nothing, so its latencies are the server's. Prints `open` once all are connected.

    python -m tests.perf.sse_holders PORT RUN_ID N KEY
"""

from __future__ import annotations

import asyncio
import sys


async def hold(port: int, run_id: int, key: str, opened: asyncio.Queue[None]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET /runs/{run_id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                 f"Authorization: Bearer {key}\r\n\r\n".encode())
    await writer.drain()
    status = await reader.readline()
    if b" 200 " not in status:
        raise SystemExit(f"stream refused: {status!r}")
    opened.put_nowait(None)
    while await reader.read(65536):
        pass
    writer.close()


async def main(port: int, run_id: int, count: int, key: str) -> None:
    opened: asyncio.Queue[None] = asyncio.Queue()
    tasks = [asyncio.create_task(hold(port, run_id, key, opened)) for _ in range(count)]
    for _ in range(count):
        await opened.get()
    print("open", flush=True)
    await asyncio.gather(*tasks)


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]))
