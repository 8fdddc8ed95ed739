"""An event stream's writes: every event once, in order, at most one write per flush
interval, the first event after a quiet spell and the end written at once. The stream's
clock and sleep are driven by the test, so nothing here depends on the host's speed."""

from __future__ import annotations

import asyncio

import pytest

from app.runs.execute.events import EventHub, stream_frames

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
