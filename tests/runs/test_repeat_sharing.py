"""Greedy GGUF repeats generated once: which plans share, and how the executor turns one
generation into each repeat's sample (app.runs.repeat_sharing, app.runs.execute.
shared_generations), driven through the executor's own loop with a counting evaluator."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import httpx
import pytest

from app.benchmarks.outcome import Outcome
from app.benchmarks.prompt_types import PromptItem
from app.benchmarks.protocol import Benchmark
from app.benchmarks.registry import benchmarks
from app.inference.base import RunnerError
from app.methodology import DEFAULT
from app.records.run_enums import RepeatsGenerated, RunState, SampleStyle
from app.records.run_plan import BenchmarkPlan, EndpointPlan, GGUFPlan, RunPlan
from app.records.run_runtime import RunRuntime, SharedGenerations
from app.runs.execute.events import EventHub
from app.runs.execute.protocol import LiveStats
from app.runs.execute.store import LoadedRun, Unit
from app.runs.execute.work import carry_out
from app.runs.repeat_sharing import shared_repeats
from app.scoring.verdicts import KeyedItem, Status, Verdict

pytestmark = pytest.mark.anyio


def gguf(**update: Any) -> GGUFPlan:
    """A plan's model as far as sharing reads it (the file's eligibility is not read)."""
    fields = {"repeats_generated": RepeatsGenerated.ONCE, "temperature": 0.0, **update}
    return GGUFPlan.model_construct(path="m.gguf", **fields)


@pytest.mark.parametrize(("name", "update", "style", "repeats", "audited"), [
    ("ifbench", {"repeats_generated": RepeatsGenerated.ALL}, SampleStyle.CHAT, 5, False),
    ("ifbench", {"temperature": 0.6}, SampleStyle.CHAT, 5, False),
    ("ifbench", {}, SampleStyle.CHAT, 1, False),
    ("ifbench", {}, SampleStyle.CHAT, 5, True),
    ("mmlu", {}, SampleStyle.LOGLIKELIHOOD, 5, False),
    ("gpqa-diamond", {}, SampleStyle.CHAT, 5, False),  # each repeat its own option order
])
def test_every_repeat_is_generated_where_one_generation_would_not_stand_for_them(
        name: str, update: dict[str, Any], style: SampleStyle, repeats: int, audited: bool
) -> None:
    spec = benchmarks()[name].spec
    assert shared_repeats(gguf(**update), spec, style, repeats, list(range(40)), 0, DEFAULT,
                          audited) is None
    assert shared_repeats(None, spec, style, repeats, list(range(40)), 0, DEFAULT,
                          audited) is None  # an endpoint's determinism is not assumed


def test_a_greedy_plan_shares_repeats_and_says_so() -> None:
    ids = list(range(100, 141))
    shared = shared_repeats(gguf(), benchmarks()["ifbench"].spec, SampleStyle.CHAT, 5, ids, 7,
                            DEFAULT, audited=False)
    assert shared is not None
    assert shared.deviation.startswith(
        f"ifbench: 1 generation a prompt at temperature 0 where {DEFAULT.label} runs 5,")
    assert "`repeats_generated: all`" in shared.deviation
    # 5% of 41 items, rounded up, drawn by the seed: the same plan draws the same sample
    assert len(shared.regenerated) == 3 and set(shared.regenerated) <= set(ids)
    again = shared_repeats(gguf(), benchmarks()["ifbench"].spec, SampleStyle.CHAT, 5, ids, 7,
                           DEFAULT, audited=False)
    assert again is not None and again.regenerated == shared.regenerated
    other = shared_repeats(gguf(), benchmarks()["math-500"].spec, SampleStyle.CHAT, 2, ids,
                           7, DEFAULT, audited=False)
    assert other is not None and "for its 2 repeats" in other.deviation
    assert RepeatsGenerated.ALL == GGUFPlan.model_fields["repeats_generated"].default


class CountingEvaluator:
    """Answers `answer-<item>` (or a second answer for the items in `changes`), fails the
    samples in `fails` once; counts what it was asked."""

    def __init__(self, fails: set[tuple[int, int]] = frozenset(),  # type: ignore[assignment]
                 changes: set[int] = frozenset()) -> None:  # type: ignore[assignment]
        self.asked: list[tuple[int, int]] = []
        self.fails, self.changes = set(fails), changes
        self.seen: set[int] = set()

    async def run(self, benchmark: Benchmark, prompt: PromptItem, item: KeyedItem,
                  repeat: int, shots: Sequence[PromptItem] = (), vision: Any = None
                  ) -> Outcome:
        await asyncio.sleep(0)
        self.asked.append((item.item_id, repeat))
        if (item.item_id, repeat) in self.fails:
            self.fails.discard((item.item_id, repeat))
            raise RunnerError("the runner fell over")
        second = item.item_id in self.changes and item.item_id in self.seen
        self.seen.add(item.item_id)
        text = f"answer-{item.item_id}" + ("-again" if second else "")
        status = Status.WRONG if second or item.item_id % 2 else Status.CORRECT
        return Outcome(Verdict(item.item_id, repeat, status, text), f"prompt {item.item_id}",
                       text, {"tool_calls": None})


class MemoryStore:
    def __init__(self) -> None:
        self.samples: dict[tuple[int, int], Outcome] = {}
        self.runtime: dict[str, Any] = {}
        self.status: RunState | None = None

    def write(self, run_id: int, entries: list[tuple[Unit, Outcome]]) -> None:
        for unit, outcome in entries:
            assert (unit.item.item_id, unit.repeat) not in self.samples
            self.samples[unit.item.item_id, unit.repeat] = outcome

    def update_runtime(self, run_id: int, **values: object) -> None:
        self.runtime.update(values)

    def finish(self, run_id: int, status: RunState, error: str | None) -> None:
        self.status = status


def loaded_run(items: int, repeats: int, regenerated: list[int], shared: bool = True,
               before: list[SharedGenerations] | None = None,
               done: set[tuple[int, int]] = frozenset()) -> LoadedRun:  # type: ignore[assignment]
    benchmark = benchmarks()["math-500"]
    keyed = [KeyedItem(i, "algebra", None, frozenset({"1"}), f"m{i}") for i in range(items)]
    plan = RunPlan(benchmarks=[BenchmarkPlan(
        name="math-500", benchmark_id=1, split="test", repeats=repeats,
        item_ids=[k.item_id for k in keyed], shared_repeats=shared,
        regenerated=regenerated)], model=EndpointPlan(base_url="http://x", model="m"),
        concurrency=3)
    units = [Unit(benchmark, PromptItem(k.external_id, "algebra", {}), k, r, benchmark_id=1)
             for k in keyed for r in range(repeats) if (k.item_id, r) not in done]
    return LoadedRun(plan, RunRuntime(shared_generations=before or []), units, len(done),
                     keyed={1: keyed}, benchmarks={1: benchmark})


async def carried(loaded: LoadedRun, evaluator: CountingEvaluator) -> MemoryStore:
    store = MemoryStore()
    await carry_out(store, EventHub(), LiveStats(), 1, loaded, evaluator)  # type: ignore[arg-type]
    return store


async def test_one_generation_stands_for_each_repeat_of_its_prompt() -> None:
    evaluator = CountingEvaluator()
    store = await carried(loaded_run(items=6, repeats=5, regenerated=[2, 4]), evaluator)
    # one generation an item, and one more for each item of the regeneration sample
    assert sorted(evaluator.asked) == sorted([(i, 0) for i in range(6)] + [(2, 1), (4, 1)])
    assert evaluator.asked[-2:] in ([(2, 1), (4, 1)], [(4, 1), (2, 1)])  # queued last
    assert len(store.samples) == 30 and store.status is RunState.FINISHED
    for (item, repeat), outcome in store.samples.items():
        first = store.samples[item, 0]
        assert outcome.verdict.repeat == repeat and outcome.verdict.item_id == item
        assert (outcome.response, outcome.verdict.status) == (first.response,
                                                              first.verdict.status)
        generated = repeat == 0 or (item in (2, 4) and repeat == 1)
        assert ("generation_of_repeat" not in outcome.detail) == generated
        if not generated:
            assert outcome.detail["generation_of_repeat"] == 0
    (record,) = store.runtime["shared_generations"]
    assert record == SharedGenerations(benchmark="math-500", generated=8, shared=22,
                                       regenerated=2, outputs_different=0,
                                       verdicts_different=0)
    assert store.runtime["estimate"].benchmarks[0].items_done == 6  # every repeat counted


async def test_the_regenerated_prompts_report_what_came_out_different() -> None:
    evaluator = CountingEvaluator(changes={2})  # item 2 answers otherwise the second time
    store = await carried(loaded_run(items=6, repeats=3, regenerated=[2, 3]), evaluator)
    (record,) = store.runtime["shared_generations"]
    assert (record.regenerated, record.outputs_different, record.verdicts_different,
            record.different) == (2, 1, 1, ["m2"])
    # the second generation is that repeat's own sample; the third repeat shares the first
    assert store.samples[2, 1].response == "answer-2-again"
    assert store.samples[2, 2].response == "answer-2"


async def test_a_failed_generation_hands_its_repeats_to_the_next_one() -> None:
    evaluator = CountingEvaluator(fails={(1, 0)})
    store = await carried(loaded_run(items=3, repeats=4, regenerated=[]), evaluator)
    assert (1, 1) in evaluator.asked  # generated itself after repeat 0 failed
    assert (1, 0) not in store.samples and store.status is RunState.FAILED
    assert [store.samples[1, r].detail.get("generation_of_repeat") for r in (1, 2, 3)] == \
        [None, 1, 1]
    assert len(store.samples) == 11


async def test_repeats_generated_all_generates_each_and_a_resumed_run_adds_to_its_record(
        ) -> None:
    evaluator = CountingEvaluator()
    store = await carried(loaded_run(items=3, repeats=3, regenerated=[], shared=False),
                          evaluator)
    assert sorted(evaluator.asked) == [(i, r) for i in range(3) for r in range(3)]
    assert "shared_generations" not in store.runtime
    assert all("generation_of_repeat" not in o.detail for o in store.samples.values())

    before = SharedGenerations(benchmark="math-500", generated=1, shared=2)
    evaluator = CountingEvaluator()
    store = await carried(loaded_run(items=2, repeats=3, regenerated=[], before=[before],
                                     done={(0, 0), (0, 1), (0, 2)}), evaluator)
    assert sorted(evaluator.asked) == [(1, 0)]
    (record,) = store.runtime["shared_generations"]
    assert (record.generated, record.shared) == (2, 4)


async def test_an_endpoint_run_refuses_to_share_repeats(client: httpx.AsyncClient) -> None:
    r = await client.post("/runs", json={
        "model": {"name": "m", "base_url": "http://127.0.0.1:9/v1", "model": "m",
                  "repeats_generated": "once"},
        "benchmarks": ["math-500"]})
    assert r.status_code == 422
    assert r.headers["content-type"].startswith("application/problem+json")
    assert "repeats_generated" in r.text
