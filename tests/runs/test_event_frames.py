"""An event stream's writes: every event once, in order, at most one write per flush
interval, the first event after a quiet spell and the end written at once. The stream's
clock and sleep are driven by the test, so nothing here depends on the host's speed."""

from __future__ import annotations

import asyncio

import pytest

from app.runs.execute.events import EventHub, RunEvent, stream_frames

pytestmark = pytest.mark.anyio


class Time:
    """A clock that moves only when told to, or when the stream sleeps; `during_sleep`
    is run while a sleep lasts (events that arrive meanwhile)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeps: list[float] = []
        self.during_sleep: list[tuple[str, dict[str, object]]] = []
        self.hub = EventHub()

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds
        for kind, fields in self.during_sleep:
            self.hub.publish(1, kind, **fields)
        self.during_sleep.clear()
        await asyncio.sleep(0)


def _items(frame: str) -> list[int]:
    return [int(line.split('"item_id": ')[1].rstrip("}")) for line in frame.splitlines()
            if line.startswith("data:") and "item_id" in line]


async def test_writes_are_spaced_by_the_interval_and_batch_what_came_meanwhile() -> None:
    t = Time()
    frames = stream_frames(t.hub.subscribe(1), heartbeat_s=3600, flush_s=0.2,
                           clock=t.clock, sleep=t.sleep)
    t.hub.publish(1, "sample", item_id=0)
    assert _items(await anext(frames)) == [0] and t.sleeps == []  # at once after quiet
    t.now += 0.05
    t.hub.publish(1, "sample", item_id=1)
    t.during_sleep = [("sample", {"item_id": 2}), ("sample", {"item_id": 3})]
    second = await anext(frames)
    assert _items(second) == [1, 2, 3]  # one write for what came within the interval
    assert t.sleeps == [pytest.approx(0.15)]  # to the interval after the last write
    t.now += 1.0
    t.hub.publish(1, "sample", item_id=4)
    assert _items(await anext(frames)) == [4] and len(t.sleeps) == 1  # quiet long enough
    t.now += 0.01
    t.hub.publish(1, "finished", error=None)
    end = await anext(frames)
    assert "event: finished" in end and len(t.sleeps) == 1  # the end is not held back
    with pytest.raises(StopAsyncIteration):
        await anext(frames)


async def test_a_burst_loses_nothing_and_keeps_its_order() -> None:
    t = Time()
    frames = stream_frames(t.hub.subscribe(1), heartbeat_s=3600, flush_s=0.2,
                           clock=t.clock, sleep=t.sleep)
    seen: list[int] = []
    for i in range(40):
        t.hub.publish(1, "sample", item_id=i)
        t.now += 0.01
        if i % 7 == 6:
            seen += _items(await anext(frames))
    t.hub.publish(1, "finished", error=None)
    async for frame in frames:
        seen += _items(frame)
    assert seen == list(range(40))


async def test_a_quiet_stream_keeps_alive() -> None:
    hub = EventHub()
    queue = hub.subscribe(2)
    frames = stream_frames(queue, heartbeat_s=0.05, flush_s=5)
    # no upper bound on when: only that a keep-alive comes before any event
    assert await asyncio.wait_for(anext(frames), 60) == ": keep-alive\n\n"
    hub.publish(2, "cancelled", error=None)
    while (frame := await asyncio.wait_for(anext(frames), 60)) == ": keep-alive\n\n":
        pass
    assert "event: cancelled" in frame
    with pytest.raises(StopAsyncIteration):
        await anext(frames)


def _names(queue: asyncio.Queue[RunEvent]) -> list[str]:
    return [queue.get_nowait().name for _ in range(queue.qsize())]


async def test_a_full_queue_drops_the_oldest_progress_never_the_rest() -> None:
    """A reader that does not keep up: once its queue is full, each new event pushes out
    the oldest progress, sample or estimate event; errors, stops and the end stay, in
    their order."""
    hub = EventHub(queue_size=5)
    queue = hub.subscribe(3)
    hub.publish(3, "error", item_id=0, repeat=0, error="boom")
    hub.publish(3, "progress", done=1, total=9)
    hub.publish(3, "sample", item_id=1)
    hub.publish(3, "stopped", reason="wall_s")
    hub.publish(3, "estimate", samples_done=2)
    hub.publish(3, "sample", item_id=2)  # full: the oldest progress goes
    hub.publish(3, "sample", item_id=3)  # then the oldest sample
    hub.publish(3, "finished", error=None)  # then the estimate
    assert _names(queue) == ["error", "stopped", "sample", "sample", "finished"]
    # with nothing droppable left, the oldest of any kind goes, never the newest
    for i in range(6):
        hub.publish(3, "error", item_id=i)
    assert _items("".join(queue.get_nowait().frame for _ in range(5))) == [1, 2, 3, 4, 5]


async def test_a_late_subscriber_gets_the_latest_state_and_the_end() -> None:
    hub = EventHub()
    hub.publish(4, "progress", done=1, total=10)
    hub.publish(4, "sample", item_id=1)  # not kept: the progress says how far it got
    hub.publish(4, "estimate", samples_done=1)
    hub.publish(4, "progress", done=2, total=10)
    late = hub.subscribe(4)
    events = [late.get_nowait() for _ in range(late.qsize())]
    assert [e.name for e in events] == ["estimate", "progress"]
    assert '"done": 2' in events[1].frame
    hub.publish(4, "finished", error=None)
    assert [e.name for e in [late.get_nowait()]] == ["finished"]
    # a stream opened just after the end (its status read while it ran) still ends
    after = hub.subscribe(4)
    assert _names(after) == ["finished"]
    frames = stream_frames(hub.subscribe(4), heartbeat_s=3600, flush_s=0.2)
    assert "event: finished" in await anext(frames)
    with pytest.raises(StopAsyncIteration):
        await anext(frames)
