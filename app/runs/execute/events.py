"""A run's events in memory, fanned out to its Server-Sent Events streams."""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

from pydantic import JsonValue

FINAL_EVENTS = frozenset({"finished", "failed", "cancelled"})


@dataclass(frozen=True)
class RunEvent:
    """One event of a run, with its Server-Sent Events frame."""

    name: str
    frame: str

    @classmethod
    def of(cls, name: str, **data: JsonValue) -> RunEvent:
        payload = {"event": name, **data}
        return cls(name, f"event: {name}\ndata: {json.dumps(payload)}\n\n")

    @property
    def final(self) -> bool:
        return self.name in FINAL_EVENTS


class EventHub:
    """Per-run subscriber queues. A slow reader loses the oldest progress, never the end."""

    def __init__(self, queue_size: int = 1000) -> None:
        self.queue_size = queue_size
        self.subscribers: dict[int, set[asyncio.Queue[RunEvent]]] = defaultdict(set)

    def subscribe(self, run_id: int) -> asyncio.Queue[RunEvent]:
        queue: asyncio.Queue[RunEvent] = asyncio.Queue(maxsize=self.queue_size)
        self.subscribers[run_id].add(queue)
        return queue

    def unsubscribe(self, run_id: int, queue: asyncio.Queue[RunEvent]) -> None:
        queues = self.subscribers.get(run_id)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self.subscribers[run_id]

    def publish(self, run_id: int, name: str, **data: JsonValue) -> None:
        queues = list(self.subscribers.get(run_id, ()))
        if not queues:
            return
        event = RunEvent.of(name, **data)  # serialised once, however many streams listen
        for queue in queues:
            if queue.full():
                queue.get_nowait()
            queue.put_nowait(event)


async def stream_frames(queue: asyncio.Queue[RunEvent], heartbeat_s: float,
                        flush_s: float, *, clock: Callable[[], float] = time.monotonic,
                        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                        ) -> AsyncIterator[str]:
    """A subscriber's frames until the run's end. A write carries every event that came
    since the last one, and a stream writes at most once per `flush_s`: each write to each
    of hundreds of open streams costs the event loop, which serves every other request too,
    while a reader loses nothing by getting a run's samples a quarter of a second later.
    `clock` and `sleep` are the time it keeps (a test drives them)."""
    last_write = -math.inf
    while True:
        try:
            async with asyncio.timeout(heartbeat_s):
                events = [await queue.get()]
        except TimeoutError:
            yield ": keep-alive\n\n"
            continue
        wait = last_write + flush_s - clock()
        if wait > 0 and not events[-1].final:
            await sleep(wait)
        while not queue.empty() and not events[-1].final:
            events.append(queue.get_nowait())
        last_write = clock()
        yield "".join(e.frame for e in events)
        if events[-1].final:
            return
