"""The shard dispatcher keeps as many samples in flight on each actor as that actor says its
topology takes (a GGUF actor chooses its topology on its node), never more than the bound
the plan allows. Fake actor handles stand in for Ray's (the Ray tests run real actors)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import pytest

from app.runs.execute.ray_shards import ShardedEvaluator
from app.scoring.verdicts import Status, Verdict

pytestmark = pytest.mark.anyio


@dataclass
class _Remote:
    call: Any

    async def remote(self, *args: Any) -> Any:
        return await self.call(*args)


@dataclass
class _Actor:
    """Answers a shard once the test opens its gate; counts the shards it holds at once."""

    wanted: int
    gate: asyncio.Event
    holding: int = 0
    most: int = 0
    answered: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.slots = _Remote(self._slots)
        self.evaluate = _Remote(self._evaluate)

    async def _slots(self) -> int:
        return self.wanted

    async def _evaluate(self, units: list[Any]) -> list[tuple[str, Any]]:
        self.holding += 1
        self.most = max(self.most, self.holding)
        await self.gate.wait()
        self.holding -= 1
        self.answered += [u.repeat for u in units]
        return [("ok", Verdict(0, u.repeat, Status.CORRECT, None)) for u in units]


@pytest.mark.parametrize(("wanted", "bound", "expected"), [(3, 8, 3), (6, 4, 4), (1, 8, 1)])
async def test_each_actor_holds_what_its_topology_takes(wanted: int, bound: int,
                                                        expected: int) -> None:
    gate = asyncio.Event()
    actors = [_Actor(wanted, gate), _Actor(wanted, gate)]
    sharded = ShardedEvaluator(lambda i: actors[i], 2, bound, sized=True)
    sharded.start()
    runs = [asyncio.create_task(sharded.run(None, None, None, repeat))  # type: ignore[arg-type]
            for repeat in range(20)]
    # until every dispatcher the actors asked for has taken a shard (a bound only a broken
    # dispatcher reaches: the actors answer nothing before the gate opens)
    for _ in range(1000):
        if all(a.holding == expected for a in actors):
            break
        await asyncio.sleep(0)
    assert [a.holding for a in actors] == [expected, expected]
    gate.set()
    outcomes = await asyncio.gather(*runs)
    await sharded.finish()
    assert sorted(o.repeat for o in outcomes) == list(range(20))
    assert sorted(actors[0].answered + actors[1].answered) == list(range(20))
    assert [a.most for a in actors] == [expected, expected]


async def test_without_sizing_each_actor_holds_the_plans_count() -> None:
    gate = asyncio.Event()
    actors = [_Actor(1, gate)]
    sharded = ShardedEvaluator(lambda i: actors[i], 1, 3)
    sharded.start()
    runs = [asyncio.create_task(sharded.run(None, None, None, r))  # type: ignore[arg-type]
            for r in range(6)]
    for _ in range(1000):
        if actors[0].holding == 3:
            break
        await asyncio.sleep(0)
    assert actors[0].holding == 3
    gate.set()
    await asyncio.gather(*runs)
    await sharded.finish()
