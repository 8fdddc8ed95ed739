"""A loglikelihood run with no probe measures the candidate topologies on its own first items
(app.inference.topology.trial): the bookkeeping alone, then a real pool of SmolLM2 workers
following a trial, checked for what the trial promises: no candidate measured with the cores
oversubscribed, a worker's first answer never counted, one choice, the fastest, recorded
before the answer that made it returns, and loglikelihoods unchanged by any of it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from app.inference.base import Likelihoods
from app.inference.llama_cpp.serving_pool import WorkerPool
from app.inference.llama_cpp.serving_runner import LlamaCppRunner
from app.inference.topology.choice import Topology
from app.inference.topology.trial import TopologyTrial
from tests.support import real_models

CANDIDATES = [Topology(1, 2, 1), Topology(2, 1, 1), Topology(1, 1, 1)]


def _trial(**kwargs: Any) -> TopologyTrial:
    return TopologyTrial(list(CANDIDATES), "host", "model", **kwargs)


def test_the_trial_measures_each_candidate_in_turn_and_chooses_the_fastest() -> None:
    trial = _trial(measure_s=0.3, min_items=2)
    assert trial.workers == 2
    # threads ascending, then workers descending: one thread count at a time
    assert trial.candidates == [Topology(2, 1, 1), Topology(1, 1, 1), Topology(1, 2, 1)]
    # (tokens, seconds) each worker answers, per candidate; the first answer of each worker
    # and an item sent before the candidate held are not counted
    answers = {0: {0: [(999, 0.01), (100, 0.2), (120, 0.2)], 1: [(999, 0.01), (90, 0.2),
                                                                (80, 0.2)]},
               1: {0: [(100, 0.1), (100, 0.1), (100, 0.1)]},
               2: {0: [(300, 0.2), (300, 0.2)]}}
    expected = []
    for index, by_worker in answers.items():
        assert trial.tag() == index and trial.now == trial.candidates[index]
        for worker, replies in by_worker.items():
            for tokens, seconds in replies:
                assert not trial.measured()
                trial.count(index, worker, tokens, seconds)
                trial.count(None, worker, 5000, 0.001)  # sent between candidates
                trial.count(index - 1, worker, 5000, 0.001)  # for the one before
        assert trial.measured()
        counted = {w: r[1:] if index == 0 else r for w, r in by_worker.items()}
        expected.append(sum(sum(t for t, _ in r) / sum(s for _, s in r)
                            for r in counted.values()))
        trial.advance()
        assert not trial.ready and trial.tag() is None
        trial.ready = True
    assert trial.probe is not None and trial.chosen == Topology(1, 2, 1)
    figures = {(f.workers, f.threads): f.prefill_tok_s for f in trial.probe.figures}
    assert figures == {(2, 1): pytest.approx(expected[0], abs=0.05),
                       (1, 1): pytest.approx(expected[1], abs=0.05),
                       (1, 2): pytest.approx(expected[2], abs=0.05)}
    assert trial.probe.kind == "loglikelihood" and trial.probe.host == "host"
    assert trial.tag() is None and trial.now == Topology(1, 2, 1)


def test_a_candidate_is_not_done_before_its_seconds_and_items() -> None:
    trial = _trial(measure_s=1.0, min_items=3)
    trial.count(0, 0, 10, 5.0)
    trial.count(0, 1, 10, 5.0)  # both first answers
    for worker in (0, 1):
        trial.count(0, worker, 10, 5.0)
        trial.count(0, worker, 10, 5.0)
    assert not trial.measured()  # two items each: seconds enough, items not
    trial.count(0, 0, 10, 0.1)
    assert not trial.measured()  # worker 1 still short
    trial.count(0, 1, 10, 0.1)
    assert trial.measured()


@pytest.mark.anyio
@pytest.mark.needs("llama_cpp")
async def test_a_pool_follows_its_trial_without_oversubscribing() -> None:
    model = real_models.smollm2()
    trial = TopologyTrial(list(CANDIDATES), "host", "model", measure_s=0.0, min_items=2)
    events: list[tuple[str, int, int]] = []
    chosen: list[Topology | None] = []

    async def on_trial(done: TopologyTrial) -> None:
        await asyncio.sleep(0)
        chosen.append(done.chosen)

    pool = WorkerPool(lambda: LlamaCppRunner(model, n_ctx=512, n_threads=1, flash_attn=False),
                      workers=1, trial=trial, on_trial=on_trial)
    assert len(pool.workers) == 2  # the trial's, not the asked count
    for index, worker in enumerate(pool.workers):
        _watch(pool, index, worker, events)
    prompts = [(f"Question {i}: the colour of the sky is", [" blue", " green", " red"])
               for i in range(40)]
    await pool.start()
    try:
        gate = asyncio.Semaphore(4)  # as a loglikelihood run keeps in flight for 2 workers

        async def one(context: str, options: list[str]) -> Likelihoods:
            async with gate:
                return await pool.loglikelihood(context, options)

        results = await asyncio.gather(*(one(c, o) for c, o in prompts))
    finally:
        await pool.close()
    assert chosen == [trial.chosen] and trial.probe is not None and trial.chosen is not None
    best = max(trial.probe.figures, key=lambda f: f.prefill_tok_s)
    assert (trial.chosen.workers, trial.chosen.threads) == (best.workers, best.threads)
    assert {(f.workers, f.threads) for f in trial.probe.figures} == {(2, 1), (1, 1), (1, 2)}
    assert all(f.prefill_tok_s > 0 for f in trial.probe.figures)
    raised = [e for e in events if e[0] == "threads" and e[2] > 1]
    assert raised, "the (1, 2) candidate never had its threads"
    # worker 1 is given nothing from the moment a one-worker candidate holds until the
    # choice, unless the choice is two workers
    sent_to_1 = [i for i, e in enumerate(events) if e[:2] == ("send", 1)]
    first_raise = events.index(raised[0])
    if trial.chosen.workers == 1:
        assert all(i < first_raise for i in sent_to_1)
    # the same loglikelihoods as one worker with one thread gives, bit for bit
    alone = LlamaCppRunner(model, n_ctx=512, n_threads=1, flash_attn=False)
    await alone.start()
    try:
        for (context, options), result in zip(prompts[:6], results, strict=False):
            assert (await alone.loglikelihood(context, options))["logprobs"] == \
                result["logprobs"]
    finally:
        await alone.close()


def _watch(pool: WorkerPool, index: int, worker: LlamaCppRunner,
           events: list[tuple[str, int, int]]) -> None:
    """Record what the pool asks of a worker. An item counted for a one-worker candidate, and
    a thread raise, assert that no other worker holds work at that moment (the candidate
    would be measured beside it, the cores oversubscribed)."""
    ask, set_threads = worker.loglikelihood, worker.set_threads

    others = [i for i in range(len(pool.workers)) if i != index]

    async def loglikelihood(*args: Any, **kwargs: Any) -> Likelihoods:
        assert pool.trial is not None
        if pool.trial.tag() is not None and pool.trial.now.workers == 1:
            # counted for one worker alone: the other holds nothing
            assert not any(pool.in_flight[i] for i in others), (index, pool.in_flight)
        events.append(("send", index, pool.threads[index] or 0))
        return await ask(*args, **kwargs)

    def threads(n: int) -> None:
        if n > 1:
            assert not any(pool.in_flight[i] for i in others), (index, pool.in_flight)
        events.append(("threads", index, n))
        set_threads(n)

    worker.loglikelihood = loglikelihood  # type: ignore[method-assign]
    worker.set_threads = threads  # type: ignore[method-assign,assignment]


def test_the_trial_is_stored_where_a_later_run_reads_it(tmp_path: Path) -> None:
    from app.inference.topology.probe import keep, usable_probe
    from app.records.topology_record import ProbeKind

    trial = _trial(measure_s=0.0, min_items=1)
    for index in range(3):
        for worker in range(trial.now.workers):
            trial.count(index, worker, 1, 1.0)  # first answers
            trial.count(index, worker, 100 * (index + 1), 1.0)
        trial.advance()
        trial.ready = True
    assert trial.probe is not None
    model = real_models.smollm2()
    assert usable_probe(model, tmp_path, ProbeKind.LOGLIKELIHOOD) is None
    keep(trial.probe, model, tmp_path)
    assert usable_probe(model, tmp_path, ProbeKind.LOGLIKELIHOOD) == trial.probe
    assert usable_probe(model, tmp_path, ProbeKind.GENERATION) is None
