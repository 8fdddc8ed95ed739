"""Each sample of a sampled GGUF run asks with its own seed, fixed by the run's seed and the
sample (app.runs.execute.sample): the repeats of one prompt draw differently, and the run
made again draws the same. Greedy runs and endpoints ask with none."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from app.benchmarks.prompt_types import PromptItem
from app.benchmarks.registry import benchmarks
from app.inference.base import ChatReply
from app.inference.messages import Limits
from app.runs.execute.sample import SampleEvaluator
from app.scoring.verdicts import KeyedItem

pytestmark = pytest.mark.anyio


class Recording:
    def __init__(self) -> None:
        self.seeds: list[int | None] = []

    async def chat(self, messages: Any, *, tools: Any = None, max_tokens: int | None = None,
                   seed: int | None = None) -> ChatReply:
        self.seeds.append(seed)
        return ChatReply(content="The answer is $\\boxed{4}$.", tool_calls=[])


async def _seeds(sampled_seed: int | None, repeats: int = 3) -> list[int | None]:
    runner = Recording()
    evaluator = SampleEvaluator(runner, None, Limits(), sampled_seed=sampled_seed)
    item = KeyedItem(1, "algebra", None, frozenset({"4"}), "q1")
    prompt = PromptItem("q1", "algebra", {"question": "2 + 2?", "answer": "4"})
    for repeat in range(repeats):
        outcome = await evaluator.run(benchmarks()["math-500"], prompt, item, repeat)
        assert outcome.verdict.repeat == repeat and outcome.response
    return runner.seeds


async def test_each_repeat_asks_with_its_own_seed_and_the_same_when_made_again() -> None:
    seeds = await _seeds(7)
    # independently: the first 64 bits of sha256 of the sample's name seed Python's generator
    expected = [random.Random(int(hashlib.sha256(
        f"sample:7:math-500:q1:{r}".encode()).hexdigest()[:16], 16)).getrandbits(31)
        for r in range(3)]
    assert seeds == expected and len(set(seeds)) == 3
    assert await _seeds(7) == seeds and await _seeds(8) != seeds


async def test_a_greedy_or_endpoint_run_asks_with_no_seed_of_its_own() -> None:
    assert await _seeds(None) == [None, None, None]
