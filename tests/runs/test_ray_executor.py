"""The Ray executor on a real local Ray cluster (`ray start --head`): an endpoint run and a
GGUF run give the samples and results of the embedded executor, and a run whose actor is
killed mid-run still finishes with exactly the expected samples and the same results."""

from __future__ import annotations

import asyncio
import signal
import socket
import sqlite3
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.config import ExecutorKind, Settings
from app.inference.topology.probe import host_key, model_key, probe_file
from app.main import create_app
from app.records.topology_record import Probe, ProbeFigure, ProbeKind
from tests.conftest import API_KEY
from tests.support.factories import mcq_rows, smollm2_folder, wait_run
from tests.support.processes import (
    api_client,
    free_port,
    start_fake_model,
    start_pocketeval,
    stop,
    wait_status,
)
from tests.support.ray_cluster import local_ray_cluster

pytestmark = [pytest.mark.anyio, pytest.mark.needs("ray")]


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[str]:
    with local_ray_cluster() as address:
        yield address


@asynccontextmanager
async def _client(settings: Settings, **updates: Any) -> AsyncIterator[httpx.AsyncClient]:
    app = create_app(settings.model_copy(update=updates))
    async with app.router.lifespan_context(app):
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                     base_url="http://test",
                                     headers={"Authorization": f"Bearer {API_KEY}"}) as c:
            yield c


async def _endpoint_run(client: httpx.AsyncClient, url: str) -> int:
    r = await client.post("/runs", json={"model": {"name": "canned", "base_url": url},
                                         "benchmarks": ["mmlu"], "repeats": 2,
                                         "concurrency": 4})
    assert r.status_code == 202, r.text
    return int(r.json()["id"])


async def _answers(client: httpx.AsyncClient, run_id: int) -> dict[tuple[str, int], str]:
    samples = (await client.get(f"/runs/{run_id}/samples", params={"limit": 1000})).json()
    return {(s["external_id"], s["repeat"]): s["answer"] for s in samples["samples"]}


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)  # the scale-out database
async def test_endpoint_runs_on_ray_equal_the_embedded_executor(
        settings: Settings, ray_cluster: str, tmp_path: Path) -> None:
    port = free_port()
    gate, arrived = tmp_path / "gate", tmp_path / "requests.jsonl"
    model = start_fake_model(port, tmp_path / "model.log", delay=0.15, requests_log=arrived,
                             gate=gate)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        async with _client(settings) as embedded:
            assert (await embedded.post("/benchmarks/mmlu/items:import",
                                        json={"items": mcq_rows(24)})).status_code == 200
            reference = await _answers(embedded, (await wait_run(
                embedded, await _endpoint_run(embedded, url)))["id"])
        async with _client(settings, executor=ExecutorKind.RAY, ray_address=ray_cluster,
                           ray_actors=2) as client:
            status = await wait_run(client, await _endpoint_run(client, url))
            assert status["status"] == "finished", status["error"]
            assert status["runtime"]["ray"]["actors"] == 2
            assert await _answers(client, status["id"]) == reference

            # an actor killed mid-run is replaced and its shard evaluated again: the model
            # answers 8 requests, then holds the rest until after the kill, so the run has
            # work left for the killed actor whatever the host's speed
            import ray

            before = len(arrived.read_text().splitlines())
            gate.write_text("8")
            run_id = await _endpoint_run(client, url)
            deadline = time.monotonic() + 300
            while len(arrived.read_text().splitlines()) < before + 9:  # 8 answered, 1 held
                assert time.monotonic() < deadline, f"run {run_id} sent 9 requests in 300 s"
                await asyncio.sleep(0.05)
            actors = [ray.get_actor(a["name"], namespace="pocketeval")
                      for a in ray.util.list_named_actors(all_namespaces=True)
                      if a["name"].startswith("shard-worker-")]
            serving = [a for a in actors if await a.serving.remote() == run_id]
            assert len(serving) == 2, len(actors)  # the run's two, beside blank standbys
            ray.kill(serving[0], no_restart=True)
            gate.unlink()
            status = await wait_run(client, run_id)
            assert status["status"] == "finished", status
            assert status["runtime"]["ray"]["actor_replacements"] >= 1
            assert status["progress"]["done"] == 48
            assert await _answers(client, run_id) == reference
    finally:
        stop(model)


def _seed_probe(model: Path, folder: Path) -> None:
    """This host's probe, as if measured: two one-thread workers evaluate prompts fastest.
    A run's workers follow it within the cores they may use."""
    folder.mkdir()
    probe_file(model, 1, folder, ProbeKind.LOGLIKELIHOOD).write_text(Probe(
        host=host_key(), model=model_key(model), seconds=0.0, kind=ProbeKind.LOGLIKELIHOOD,
        figures=[ProbeFigure(workers=w, threads=1, sequences=1, prefill_tok_s=300.0 * w,
                             decode_tok_s=90.0 * w) for w in (1, 2)]).model_dump_json())


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_a_gguf_run_on_ray_equals_the_embedded_executor(
        settings: Settings, ray_cluster: str, tmp_path: Path) -> None:
    """Each actor follows its node's probe within the CPUs it reserved: one worker for a
    one-CPU actor, two for an actor holding the node's two CPUs, as the embedded executor
    takes with the whole host. The numbers are the same."""
    folder = smollm2_folder(tmp_path / "models")
    _seed_probe(folder / "smollm2.gguf", tmp_path / "probes")
    # MMLU is 5-shot from the dev split. Made-up items of a few tokens keep each prompt near
    # 150 tokens, a quarter of a real subject's: the time is in evaluating them, three times
    items = [{"id": f"{split}{i}", "question": f"{i}?", "choices": list("wxyz"),
              "answer": "ABCD"[i % 4], "subject": "s", "split": split}
             for split, n in (("dev", 5), ("test", 4)) for i in range(n)]
    body = {"model": {"name": "smollm2", "path": "smollm2.gguf", "n_threads": 1},
            "benchmarks": ["mmlu"], "limit": 4}
    answers, runtimes = [], []
    ray = {"executor": ExecutorKind.RAY, "ray_address": ray_cluster}
    for updates in ({}, {**ray, "ray_actors": 2}, {**ray, "ray_actors": 1, "ray_actor_cpus": 2}):
        async with _client(settings, model_dirs=[folder], gguf_topology="probe",
                           probe_dir=tmp_path / "probes", **updates) as client:
            if not answers:
                assert (await client.post("/benchmarks/mmlu/items:import",
                                          json={"items": items})).status_code == 200
            r = await client.post("/runs", json=body)
            assert r.status_code == 202, r.text
            status = await wait_run(client, r.json()["id"])
            assert status["status"] == "finished", status
            runtimes.append(status["runtime"])
            samples = (await client.get(f"/runs/{status['id']}/samples")).json()["samples"]
            answers.append({s["external_id"]: (s["answer"], s["detail"]["logprobs"])
                            for s in samples})
            (result,) = (await client.get(f"/runs/{status['id']}/results")).json()
            assert result["metrics"]["n_items"] == 4
    assert answers[0] == answers[1] == answers[2] and len(answers[0]) == 4
    embedded, on_ray, whole_node = runtimes
    assert (embedded["topology"]["workers"], embedded["topology"]["chosen_by"]) == (2, "probe")
    actors = on_ray["ray"]["actor_topologies"]
    assert len(actors) == 2
    for actor in actors:
        topology = actor["topology"]
        assert (actor["cores"], actor["host"]) == (1, socket.gethostname())
        assert actor["node"]  # the Ray node it ran on
        assert (topology["workers"], topology["threads"], topology["sequences"]) == (1, 1, 1)
        assert (topology["chosen_by"], topology["probe_cached"]) == ("probe", True)
        # sent as many at a time as the embedded executor keeps for that topology: one
        # loglikelihood per worker and one queued behind it
        assert actor["slots"] == 2
    # one actor reserving the node's two CPUs takes the two workers the probe prefers
    (actor,) = whole_node["ray"]["actor_topologies"]
    assert (actor["cores"], actor["topology"]["workers"], actor["slots"]) == (2, 2, 4)


def test_an_api_process_killed_mid_run_resumes_its_ray_run(ray_cluster: str,
                                                           tmp_path: Path) -> None:
    """SIGKILL to the API process mid-run (its actors die with it): the restarted server
    sends the missing samples to new actors; the stored ones stay as they were."""
    model_port, port = free_port(), free_port()
    gate = tmp_path / "gate"
    gate.write_text("6")  # six answers, then the rest wait until the kill: work is left
    model = start_fake_model(model_port, tmp_path / "model.log", delay=0.25, gate=gate)
    env = {"POCKETEVAL_EXECUTOR": "ray", "POCKETEVAL_RAY_ADDRESS": ray_cluster,
           "POCKETEVAL_RAY_ACTORS": "2", "RAY_AUTH_MODE": "disabled"}
    server = start_pocketeval(port, tmp_path, API_KEY, env)
    body = {"model": {"name": "canned", "base_url": f"http://127.0.0.1:{model_port}/v1"},
            "benchmarks": ["mmlu"], "repeats": 2, "concurrency": 2}
    db = tmp_path / "live.db"
    base, auth = f"http://127.0.0.1:{port}", {"Authorization": f"Bearer {API_KEY}"}

    def stored(run_id: int) -> dict[tuple[int, int], tuple[int, str]]:
        with sqlite3.connect(db) as conn:
            rows = conn.execute("SELECT item_id, repeat, id, answer FROM samples "
                                "WHERE run_id = ?", (run_id,)).fetchall()
        return {(item, rep): (sid, answer) for item, rep, sid, answer in rows}

    try:
        with api_client(base, auth) as client:
            assert client.post("/benchmarks/mmlu/items:import",
                               json={"items": mcq_rows(16)}).status_code == 200
            run_id = client.post("/runs", json=body).json()["id"]
            wait_status(client, run_id, lambda s: s["progress"]["done"] >= 6)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        before = stored(run_id)
        gate.unlink()
        assert len(before) == 6
        server = start_pocketeval(port, tmp_path, API_KEY, env)
        with api_client(base, auth) as client:
            status = wait_status(client, run_id,
                                 lambda s: s["status"] not in ("queued", "running"))
            runtime = client.get(f"/runs/{run_id}").json()["runtime"]
    finally:
        stop(server, model)
    assert status["status"] == "finished", status
    after = stored(run_id)
    assert len(after) == 32 and all(answer is not None for _sid, answer in after.values())
    assert {key: after[key] for key in before} == before  # untouched by the resume
    assert runtime["ray"] is not None
