"""A run's events in memory, fanned out to its Server-Sent Events streams."""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections import OrderedDict, defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

from pydantic import JsonValue

FINAL_EVENTS = frozenset({"finished", "failed", "cancelled"})
# what a full queue drops first (the next of each says more), and what a late subscriber is
# given again: the latest of each of these, and the end
DROPPABLE = frozenset({"progress", "sample", "estimate"})
REPLAYED = frozenset({"progress", "estimate", "stopped"}) | FINAL_EVENTS
ENDED_KEPT = 1000  # runs whose end a late subscriber still gets


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
    """Per-run subscriber queues. A slow reader loses the oldest progress, sample or estimate
    events first, never the end. A subscriber that comes late (a stream opened after its
    run started, or after it ended) is given the latest progress, estimate and stop events
    and the end, so it neither waits for the next estimate nor past a run already over."""

    def __init__(self, queue_size: int = 1000) -> None:
        self.queue_size = queue_size
        self.subscribers: dict[int, set[asyncio.Queue[RunEvent]]] = defaultdict(set)
        self.latest: OrderedDict[int, dict[str, RunEvent]] = OrderedDict()

    def subscribe(self, run_id: int) -> asyncio.Queue[RunEvent]:
        queue: asyncio.Queue[RunEvent] = asyncio.Queue(maxsize=self.queue_size)
        for event in self.latest.get(run_id, {}).values():
            queue.put_nowait(event)
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
        if not queues and name not in REPLAYED:
            return
        event = RunEvent.of(name, **data)  # serialised once, however many streams listen
        if name in REPLAYED:
            self._keep(run_id, event)
        for queue in queues:
            if queue.full():
                _drop_oldest(queue)
            queue.put_nowait(event)

    def _keep(self, run_id: int, event: RunEvent) -> None:
        kept = self.latest.setdefault(run_id, {})
        kept.pop(event.name, None)  # in the order they came
        kept[event.name] = event
        if event.final:  # a finished run keeps its end only, for a while
            self.latest[run_id] = {event.name: event}
            self.latest.move_to_end(run_id)
            while len(self.latest) > ENDED_KEPT:
                self.latest.popitem(last=False)


def _drop_oldest(queue: asyncio.Queue[RunEvent]) -> None:
    """Room for one more: the oldest droppable event goes, else the oldest of any."""
    held = [queue.get_nowait() for _ in range(queue.qsize())]
    at = next((i for i, e in enumerate(held) if e.name in DROPPABLE), 0)
    del held[at]
    for event in held:
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
