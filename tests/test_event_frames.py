"""An event stream's writes: every event once, in order, at most one write per flush
interval, and the end written at once."""

from __future__ import annotations

import asyncio
import time

import pytest

from app.runs.execute.events import EventHub, stream_frames

pytestmark = pytest.mark.anyio


async def test_a_burst_of_events_goes_out_in_few_writes_and_nothing_is_lost() -> None:
    hub = EventHub()
    queue = hub.subscribe(1)
    writes: list[tuple[float, str]] = []

    async def read() -> None:
        async for frame in stream_frames(queue, heartbeat_s=30, flush_s=0.2):
            writes.append((time.monotonic(), frame))

    reader = asyncio.create_task(read())
    started = time.monotonic()
    for i in range(40):
        hub.publish(1, "sample", item_id=i)
        await asyncio.sleep(0.01)
    hub.publish(1, "finished", error=None)
    await asyncio.wait_for(reader, 5)
    text = "".join(frame for _, frame in writes)
    assert [int(line.split('"item_id": ')[1].rstrip("}")) for line in text.splitlines()
            if line.startswith("data:") and "item_id" in line] == list(range(40))
    assert text.rstrip().endswith('"error": null}') and "event: finished" in text
    # 40 events over about 0.4 s: a handful of writes, not 41, spaced by the interval
    assert 2 <= len(writes) <= 6
    gaps = [b - a for (a, _), (b, _) in zip(writes, writes[1:], strict=False)]
    assert all(gap >= 0.19 for gap in gaps[:-1])
    assert writes[0][0] - started < 0.1  # the first event after a quiet spell goes at once


async def test_the_end_is_not_held_back_and_a_quiet_stream_keeps_alive() -> None:
    hub = EventHub()
    queue = hub.subscribe(2)
    frames = stream_frames(queue, heartbeat_s=0.05, flush_s=5)
    assert await asyncio.wait_for(anext(frames), 1) == ": keep-alive\n\n"
    hub.publish(2, "progress", done=1, total=2)
    assert "event: progress" in await asyncio.wait_for(anext(frames), 1)
    hub.publish(2, "cancelled", error=None)
    assert "event: cancelled" in await asyncio.wait_for(anext(frames), 1)  # not 5 s later
    with pytest.raises(StopAsyncIteration):
        await anext(frames)
