"""The topology choice from probe figures (app.inference.topology.choice), against the
workload model worked out by hand."""

from __future__ import annotations

import pytest

from app.inference.topology.choice import (
    ANSWER_TOKENS,
    PROMPT_TOKENS,
    Topology,
    candidates,
    choose,
    lending_pays,
    prefill_contends,
    samples_per_s,
)
from app.inference.topology.run_choice import in_flight
from app.records.run_enums import SampleStyle
from app.records.run_plan import BenchmarkPlan
from app.records.run_runtime import TopologyRecord
from app.records.topology_record import ChosenBy, KvMode, Probe, ProbeFigure


def figure(w: int, t: int, s: int, prefill: float, decode: float) -> ProbeFigure:
    return ProbeFigure(workers=w, threads=t, sequences=s, prefill_tok_s=prefill,
                       decode_tok_s=decode)


# the shape measured on a 2-core host: two decoders scale, two prefills slow each other to
# half of one alone
THIS_HOST = Probe(host="h", model="m", seconds=1.0, figures=[
    figure(1, 1, 1, 380, 95), figure(2, 1, 1, 190, 210), figure(1, 1, 4, 380, 150),
    figure(2, 1, 4, 400, 300), figure(1, 2, 1, 720, 140), figure(1, 2, 4, 720, 180)])


def test_candidates_stay_within_the_cores() -> None:
    assert candidates(2, 4) == [Topology(1, 1, 1), Topology(1, 1, 4), Topology(1, 2, 1),
                                Topology(1, 2, 4), Topology(2, 1, 1), Topology(2, 1, 4)]
    assert candidates(1, 4) == [Topology(1, 1, 1), Topology(1, 1, 4)]
    assert len(candidates(8, 1)) == 4 and all(c.sequences == 1 for c in candidates(8, 1))


def test_the_workload_model_by_hand() -> None:
    f = figure(2, 1, 4, 400, 300)
    # each worker: 4 prompts at 200 tok/s, then 4 answers at 150 tok/s over its sequences
    round_s = 4 * PROMPT_TOKENS / 200 + 4 * ANSWER_TOKENS / 150
    assert samples_per_s(f, by_likelihood=False) == pytest.approx(8 / round_s)
    assert samples_per_s(f, by_likelihood=True) == pytest.approx(400 / PROMPT_TOKENS)


def test_generation_takes_the_decoders_and_loglikelihood_the_threads() -> None:
    assert choose(THIS_HOST, by_likelihood=False) == Topology(2, 1, 4)
    # one sequence per worker, and the most prompt tokens per second
    assert choose(THIS_HOST, by_likelihood=True) == Topology(1, 2, 1)
    # what the run set is kept, the rest chosen around it
    assert choose(THIS_HOST, by_likelihood=False, workers=1) == Topology(1, 2, 4)
    assert choose(THIS_HOST, by_likelihood=False, sequences=1) == Topology(2, 1, 1)
    # nothing measured fits: what was asked, ones for the rest
    assert choose(THIS_HOST, by_likelihood=False, threads=8) == Topology(1, 8, 1)


def test_a_ray_actor_chooses_within_the_cpus_it_reserved() -> None:
    # the probe measured the whole node; an actor holding one CPU keeps to one thread
    assert choose(THIS_HOST, by_likelihood=False, cores=1) == Topology(1, 1, 4)
    assert choose(THIS_HOST, by_likelihood=True, cores=1) == Topology(1, 1, 1)
    assert choose(THIS_HOST, by_likelihood=False, cores=2) == Topology(2, 1, 4)


def test_idle_threads_are_lent_where_one_worker_with_more_decodes_faster() -> None:
    # one sequence: 140 tok/s on two threads against 95 on one (1.47x)
    assert lending_pays(THIS_HOST, Topology(2, 1, 4))
    assert not lending_pays(THIS_HOST, Topology(1, 2, 4))  # nobody to lend
    # one sequence per worker stays reproducible: its text never depends on the threads
    assert not lending_pays(THIS_HOST, Topology(2, 1, 1))
    flat = THIS_HOST.model_copy(update={"figures": [
        figure(1, 1, 1, 380, 95), figure(1, 2, 1, 720, 100)]})  # 1.05x: not worth it
    assert not lending_pays(flat, Topology(2, 1, 4))
    unmeasured = THIS_HOST.model_copy(update={"figures": [figure(1, 1, 1, 380, 95)]})
    assert not lending_pays(unmeasured, Topology(2, 1, 4))


def test_the_prefill_lane_where_two_prefills_get_less_done_than_one() -> None:
    assert prefill_contends(THIS_HOST)  # 190 < 380: turns get more done
    # two at once still get more done than turns would (1.43x, as measured on one host)
    for two in (700, 543):
        scaling = THIS_HOST.model_copy(update={"figures": [
            figure(1, 1, 1, 380, 95), figure(2, 1, 1, two, 190)]})
        assert not prefill_contends(scaling)
    alone = THIS_HOST.model_copy(update={"figures": [figure(1, 1, 1, 380, 95)]})
    assert not prefill_contends(alone)  # never measured: no lane


@pytest.mark.parametrize(("styles", "workers", "sequences", "expected"), [
    (["loglikelihood"], 2, 1, 4),  # one evaluated and one queued behind each worker
    (["loglikelihood", "loglikelihood"], 1, 1, 2),
    (["loglikelihood", "chat"], 2, 1, 2),  # a chat request is never left waiting queued
    (["chat"], 2, 4, 16),  # as many again, scored while the next ones decode
    (["chat", "chat"], 1, 1, 2),
])
def test_samples_in_flight(styles: list[str], workers: int, sequences: int,
                           expected: int) -> None:
    record = TopologyRecord(workers=workers, threads=1, sequences=sequences,
                            chosen_by=ChosenBy.PROBE, kv_mode=KvMode.PER_SEQUENCE,
                            kv_reserved_bytes=0, prefill_lane=False)
    plans = [BenchmarkPlan(name=f"b{i}", benchmark_id=i, split="test", repeats=1,
                           item_ids=[1], style=SampleStyle(style))
             for i, style in enumerate(styles)]
    assert in_flight(record, plans) == expected
