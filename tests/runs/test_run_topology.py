"""A GGUF run's topology (workers × threads × sequences): chosen by the host probe where the
run leaves it open, recorded in the run's runtime, with the KV cache per sequence where the
budget allows; several workers give one worker's loglikelihoods bit for bit."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.config import Settings
from app.inference.llama_cpp.serving_runner import model_facts
from app.inference.topology.choice import candidates, choose, lending_pays
from app.inference.topology.probe import host_key, model_key, probe_file, usable_cores
from app.records.topology_record import Probe, ProbeFigure, ProbeKind
from tests.support import real_models
from tests.support.databases import on_sqlite_only
from tests.support.factories import mcq_rows, wait_run
from tests.support.gguf_support import PROBE_PHASE_S, gguf_client

pytestmark = [pytest.mark.anyio, pytest.mark.needs("llama_cpp")]
MATH = {"items": [{"id": f"m{i}", "question": f"What is ${i} + 3$?", "answer": str(i + 3)}
                  for i in range(4)]}
# a loglikelihood run's trial of the three candidates of a two-core host takes about 18
# items (measured: 16 were too few): 2 + 2 counted for the two-worker one after each
# worker's first, 2 for each other one, and those in flight as it switches uncounted (more
# where one worker is held up by other work on the host): room for that
ITEMS = 32


@pytest.fixture(scope="module")
def folders(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    models = tmp_path_factory.mktemp("models")
    shutil.copy(real_models.smollm2(), models / "smollm2.gguf")
    return models, tmp_path_factory.mktemp("probes")  # one probe for the module


@pytest.fixture
async def probed(settings: Settings, folders: tuple[Path, Path]
                 ) -> AsyncIterator[httpx.AsyncClient]:
    models, probes = folders
    # short probe phases: what is checked is the probe's record and the choice that follows
    # from it, not figures steady enough to choose well on a busy host
    async with gguf_client(settings, models, gguf_topology="probe", probe_dir=probes,
                           gguf_probe_phase_s=PROBE_PHASE_S) as c:
        yield c


async def _finished(client: httpx.AsyncClient, body: dict[str, object]) -> dict[str, object]:
    r = await client.post("/runs", json=body)
    assert r.status_code == 202, r.text
    status = await wait_run(client, r.json()["id"])
    assert status["status"] == "finished", status.get("error")
    run: dict[str, object] = (await client.get(f"/runs/{r.json()['id']}")).json()
    return run


def _time_spent_holds_together(run: dict[str, Any], workers: int, sequences: int) -> None:
    """The run's record of where its time went: a figure per worker, within the wall time
    from the first request to the last answer, and the serving process's own."""
    spent = run["runtime"]["time_spent"]
    pool = spent["pool"]
    assert len(pool["workers"]) == workers and 0 <= pool["tail_s"] <= pool["wall_s"]
    assert sum(w["model_s"] for w in pool["workers"]) > 0
    for w in pool["workers"]:
        idle = w["idle_serving_s"] + w["idle_tail_s"]
        # a worker does model work only for a request in flight: never while idle
        assert idle + w["model_s"] <= pool["wall_s"] + 1e-6
        assert idle + w["partly_filled_s"] <= pool["wall_s"] + 1e-6
        assert w["partly_filled_s"] == 0 or sequences > 1
    assert spent["scoring_s"] > 0 and spent["database_s"] > 0


@on_sqlite_only
async def test_a_probed_run_records_the_topology_it_ran_with(
        probed: httpx.AsyncClient, folders: tuple[Path, Path]) -> None:
    # a loglikelihood run's probe of the file is there: it times prompts alone, and a
    # generative run, which needs decode figures, is not given it
    models, probes = folders
    model = models / "smollm2.gguf"
    probe_file(model, 1, probes, ProbeKind.LOGLIKELIHOOD).write_text(Probe(
        host=host_key(), model=model_key(model), seconds=0.0, kind=ProbeKind.LOGLIKELIHOOD,
        figures=[ProbeFigure(workers=1, threads=1, sequences=1, prefill_tok_s=100.0,
                             decode_tok_s=None)]).model_dump_json())
    await probed.post("/benchmarks/math-500/items:import", json=MATH)
    # a few tokens an answer: the figures checked are the probe's, the KV cache's and the
    # time's record, none of which needs long answers
    run = await _finished(probed, {"model": {"name": "smollm2", "path": "smollm2.gguf",
                                             "max_output_tokens": 16},
                                   "benchmarks": ["math-500"], "repeats": 1,
                                   "context_window": 1024})
    topology = run["runtime"]["topology"]  # type: ignore[index]
    probe = Probe.model_validate(topology["probe"])
    assert topology["chosen_by"] == "probe" and topology["probe_cached"] is False
    assert probe.kind is ProbeKind.GENERATION
    assert {(f.workers, f.threads, f.sequences) for f in probe.figures} == {
        (c.workers, c.threads, c.sequences) for c in candidates(usable_cores(), 4)}
    assert all(f.prefill_tok_s > 0 and f.decode_tok_s for f in probe.figures)
    chosen = choose(probe, by_likelihood=False)
    assert (topology["workers"], topology["threads"], topology["sequences"]) == (
        chosen.workers, chosen.threads, chosen.sequences)
    # an idle worker lends its threads where the probe says one worker decodes faster so
    assert topology["lends_threads"] == lending_pays(probe, chosen)
    (result,) = (await probed.get(f"/runs/{run['id']}/results")).json()
    memory = result["metrics"]["memory"]
    assert memory["workers"] == chosen.workers
    # the default budget holds a window per sequence: nothing was set back
    assert topology["kv_mode"] == memory["kv_mode"] == "per-sequence"
    assert memory["evictions"] == memory["recomputed_tokens"] == 0
    # the run's measured peak (its sequences' windows) against llama.cpp's own report: the KV
    # buffer it logged is the estimate's for the run's cells, and the peak resident memory
    # is within 10% of the resident estimate at those cells (measured: within 0.1%)
    measured = run["runtime"]["measured"]  # type: ignore[index]
    # a window per sequence; one sequence (where this host's probe chose it) holds the
    # model's whole context, as a run of one sequence always has
    context, _ = model_facts(real_models.smollm2())
    assert measured["kv_cells"] == (chosen.sequences * 1024 if chosen.sequences > 1
                                    else context)
    assert measured["llama_cpp_buffers"]["kv_bytes"] == measured["estimate_at_run"]["kv_bytes"]
    assert 0.9 <= measured["rss_over_resident"] <= 1.1
    assert memory["rss_over_resident"] == measured["rss_over_resident"]  # as results show it
    # moves into freed lower ids are counted over the workers (none where nothing ended early)
    assert isinstance(memory["sequence_moves"], int) and memory["sequence_moves"] >= 0
    samples = (await probed.get(f"/runs/{run['id']}/samples")).json()["samples"]
    assert len(samples) == 4 and all(s["response"] for s in samples)
    _time_spent_holds_together(run, chosen.workers, chosen.sequences)

    # the next run of the same file on this host takes the cached probe
    again = await _finished(probed, {"model": {"name": "smollm2", "path": "smollm2.gguf",
                                               "max_output_tokens": 8},
                                     "benchmarks": ["math-500"], "repeats": 1, "limit": 1,
                                     "context_window": 1024})
    assert again["runtime"]["topology"]["probe_cached"] is True  # type: ignore[index]
    assert again["runtime"]["topology"]["probe"] == topology["probe"]  # type: ignore[index]


@on_sqlite_only
async def test_two_workers_score_by_loglikelihood_as_one_does(
        probed: httpx.AsyncClient) -> None:
    await probed.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
    await probed.post("/benchmarks/quiz/items:import", json={"items": mcq_rows(6)})
    logprobs = []
    for workers in (1, 2):
        run = await _finished(probed, {"model": {"name": f"s{workers}", "path": "smollm2.gguf",
                                                 "workers": workers, "n_threads": 1},
                                       "benchmarks": ["quiz"]})
        topology = run["runtime"]["topology"]  # type: ignore[index]
        assert (topology["workers"], topology["threads"], topology["sequences"]) == (
            workers, 1, 1)
        assert topology["chosen_by"] == "asked" and topology["probe"] is None
        samples = (await probed.get(f"/runs/{run['id']}/samples")).json()["samples"]
        logprobs.append({s["external_id"]: s["detail"]["logprobs"] for s in samples})
        _time_spent_holds_together(run, workers, sequences=1)
    assert len(logprobs[0]) == 6 and logprobs[0] == logprobs[1]


@on_sqlite_only
async def test_a_loglikelihood_run_measures_the_candidates_on_its_own_items(
        settings: Settings, tmp_path: Path, folders: tuple[Path, Path]) -> None:
    """No probe of this host and model yet: the run measures every candidate on its first
    items (each worker's model time measured at least 0 s here, so two items each settle a
    candidate on any host), records the figures and its choice, and caches them as the
    probe a later run reads. The loglikelihoods are those of a run told its topology."""
    models, _ = folders
    async with gguf_client(settings, models, gguf_topology="probe", probe_dir=tmp_path,
                           gguf_trial_measure_s=0.0) as c:
        await c.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
        await c.post("/benchmarks/quiz/items:import", json={"items": mcq_rows(ITEMS)})
        # the later runs take the first items only: what they show is the topology they
        # take, and the same numbers as the first run's
        runs = [await _finished(c, {"model": {"name": f"s{n}", "path": "smollm2.gguf",
                                              **asked}, "benchmarks": ["quiz"], **limit})
                for n, (asked, limit) in enumerate([({}, {}), ({}, {"limit": 8}), (
                    {"workers": 1, "n_threads": 1}, {"limit": 8})])]
        logprobs = []
        for run in runs:
            samples = (await c.get(f"/runs/{run['id']}/samples")).json()["samples"]
            logprobs.append({s["external_id"]: s["detail"]["logprobs"] for s in samples})
    first, later, told = (r["runtime"]["topology"] for r in runs)  # type: ignore[index]
    probe = Probe.model_validate(first["probe"])
    assert first["chosen_by"] == "run" and first["probe_cached"] is False
    assert {(f.workers, f.threads, f.sequences) for f in probe.figures} == {
        (c.workers, c.threads, c.sequences) for c in candidates(usable_cores(), 1)}
    assert probe.kind == "loglikelihood" and all(f.prefill_tok_s > 0 for f in probe.figures)
    best = choose(probe, by_likelihood=True)
    assert (first["workers"], first["threads"], first["sequences"]) == (
        best.workers, best.threads, 1)
    assert (later["chosen_by"], later["probe_cached"]) == ("probe", True)
    assert Probe.model_validate(later["probe"]) == probe
    assert (later["workers"], later["threads"]) == (best.workers, best.threads)
    assert told["chosen_by"] == "asked"
    assert len(logprobs[0]) == ITEMS and len(logprobs[1]) == 8
    assert logprobs[1] == logprobs[2] == {key: logprobs[0][key] for key in logprobs[1]}


@on_sqlite_only
async def test_workers_are_refused_where_they_cannot_apply(
        probed: httpx.AsyncClient) -> None:
    await probed.post("/benchmarks/math-500/items:import", json=MATH)
    r = await probed.post("/runs", json={"model": {
        "name": "s", "path": "smollm2.gguf", "runtime": "llama-server", "workers": 2},
        "benchmarks": ["math-500"]})
    assert r.status_code == 422 and r.json()["field"] == "model.workers"
    r = await probed.post("/runs", json={"model": {
        "name": "s", "path": "smollm2.gguf", "workers": 0}, "benchmarks": ["math-500"]})
    assert r.status_code == 422 and "workers" in r.text


@on_sqlite_only
async def test_with_the_prefill_lane_the_run_records_what_it_waited(
        settings: Settings, folders: tuple[Path, Path]) -> None:
    models, probes = folders
    async with gguf_client(settings, models, gguf_prefill_lane="on", probe_dir=probes) as c:
        await c.post("/benchmarks/math-500/items:import", json=MATH)
        run = await _finished(c, {"model": {"name": "laned", "path": "smollm2.gguf",
                                            "workers": 2, "n_threads": 1, "parallel": 1,
                                            "max_output_tokens": 16},
                                  "benchmarks": ["math-500"], "repeats": 1,
                                  "context_window": 1024})
        topology = run["runtime"]["topology"]  # type: ignore[index]
        assert topology["prefill_lane"] is True and topology["workers"] == 2
        assert (probes / "prefill.lock").is_file()
        (result,) = (await c.get(f"/runs/{run['id']}/results")).json()
        waited = result["metrics"]["memory"]["prefill_lane_wait_s"]
        assert isinstance(waited, float) and waited >= 0.0
        samples = (await c.get(f"/runs/{run['id']}/samples")).json()["samples"]
        assert len(samples) == 4 and all(s["response"] for s in samples)
