"""Runs of a GGUF file through the built-in llama.cpp runner: 5-shot MMLU by loglikelihood
on Gemma-3-270M, chat on SmolLM2-135M, and the eligibility gate before any load."""

from __future__ import annotations

import asyncio
import json
import os
import signal
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.config import Settings
from app.inference.tool_call_text import parse_tool_calls
from tests.support.bundles import verified
from tests.support.databases import on_sqlite_only
from tests.support.factories import mmlu_subject_files, wait_run
from tests.support.gguf_support import bfcl_files, gguf_client, model_folder
from tests.support.held_worker import held_workers, wait_until_held
from tests.support.metrics_text import parsed, value

pytestmark = [pytest.mark.anyio,
              pytest.mark.needs("llama_cpp")]
# the MMLU subject of the loglikelihood runs: a model's time goes into the prompt's tokens, and
# this subject's five shots are the shortest (212 of Gemma's tokens; astronomy's are 522)
SUBJECT = "world_religions"


@pytest.fixture(scope="module")
def models(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return model_folder(tmp_path_factory.mktemp("models"))


@pytest.fixture
async def local(settings: Settings, models: Path) -> AsyncIterator[httpx.AsyncClient]:
    async with gguf_client(settings, models) as client:
        yield client


@on_sqlite_only
@pytest.mark.data
async def test_mmlu_five_shot_by_loglikelihood(local: httpx.AsyncClient,
                                               data_dir: Path, tmp_path: Path) -> None:
    assert (await local.post("/benchmarks/mmlu/items:import",
                             files=mmlu_subject_files(data_dir, SUBJECT))).status_code == 200
    body = {"model": {"name": "gemma-3-270m", "path": "gemma-3-270m-q4_k_m.gguf"},
            "benchmarks": ["mmlu"], "limit": 4, "repeats": 5}
    r = await local.post("/runs", json=body)
    assert r.status_code == 202, r.text
    status = await wait_run(local, r.json()["id"])
    assert status["status"] == "finished", status
    assert status["progress"]["total"] == 4  # deterministic: one repeat
    gguf = status["config"]["gguf"]
    assert gguf["eligibility"]["eligible"] and gguf["measured"]["peak_rss_bytes"] > 0
    samples = (await local.get(f"/runs/{r.json()['id']}/samples")).json()["samples"]
    correct = 0
    for sample in samples:
        logprobs = sample["detail"]["logprobs"]
        assert len(logprobs) == 4 and len(sample["detail"]["shots"]) == 5
        chosen = "ABCD"[logprobs.index(max(logprobs))]
        assert sample["answer"] == chosen
        item = (await local.get(f"/items/{sample['item_id']}")).json()
        correct += chosen in item["answers"]
        assert (sample["verdict"] == "correct") == (chosen in item["answers"])
        prompt = (await local.get(f"/items/{sample['item_id']}/prompt",
                                  params={"style": "loglikelihood"})).json()
        assert sample["prompt"] == prompt["text"]
    (result,) = (await local.get(f"/runs/{r.json()['id']}/results")).json()
    assert len(samples) == 4 and result["metrics"]["accuracy"] == correct / 4
    memory = result["metrics"]["memory"]
    assert memory["estimate_bytes"] == gguf["eligibility"]["total_bytes"]
    assert memory["peak_rss_bytes"] == gguf["measured"]["peak_rss_bytes"]
    # at the run's own setting: 16,384 cells, sliding-window layers in full
    assert memory["n_ctx"] == 16_384 and memory["llama_cpp_kv_bytes"] == 288 * 1024**2
    assert memory["estimated_kv_bytes"] == memory["llama_cpp_kv_bytes"]
    assert 0.9 <= memory["rss_over_resident"] <= 1.1, memory
    assert result["metrics"]["latency"]["prefill_tokens_per_s"] > 0
    # its bundle: each choice the likeliest option again, every figure recomputed
    report = await verified(local, r.json()["id"], tmp_path / "bundle.zip")
    assert report.checked["verdicts"] == 4


@on_sqlite_only
@pytest.mark.data
async def test_a_chat_run_on_ifbench_verifies_with_the_official_checker(
        local: httpx.AsyncClient, data_dir: Path, tmp_path: Path) -> None:
    lines = (data_dir / "ifbench" / "IFBench_test.jsonl").read_bytes().splitlines()[:2]
    assert (await local.post("/benchmarks/ifbench/items:import", files={
        "file": ("IFBench_test.jsonl", b"\n".join(lines))})).status_code == 200
    r = await local.post("/runs", json={
        "model": {"name": "smollm2", "path": "smollm2.gguf", "max_output_tokens": 24},
        "benchmarks": ["ifbench"], "repeats": 1, "context_window": 1024})
    assert r.status_code == 202, r.text
    status = await wait_run(local, r.json()["id"])
    assert status["status"] == "finished", status
    report = await verified(local, r.json()["id"], tmp_path / "bundle.zip")
    assert report.checked["verdicts"] == 2


@on_sqlite_only
async def test_chat_run_and_the_eligibility_gate(local: httpx.AsyncClient) -> None:
    await local.post("/benchmarks/math-500/items:import", json={"items": [
        {"id": "m1", "question": "What is $2 + 3$?", "answer": "5"}]})
    body: dict[str, Any] = {"model": {"name": "smollm2", "path": "smollm2.gguf",
                                      "max_output_tokens": 12},
                            "benchmarks": ["math-500"], "repeats": 1,
                            "context_window": 1024}
    r = await local.post("/runs", json=body)
    status = await wait_run(local, r.json()["id"])
    assert status["status"] == "finished", status
    (sample,) = (await local.get(f"/runs/{r.json()['id']}/samples")).json()["samples"]
    assert sample["response"] and sample["latency_ms"] > 0
    (result,) = (await local.get(f"/runs/{r.json()['id']}/results")).json()
    latency = result["metrics"]["latency"]
    assert latency["decode_tokens_per_s"] > 0 and latency["ttft_p50_ms"] > 0
    assert latency["ttft_p50_ms"] <= latency["ttft_p90_ms"] <= latency["ttft_p95_ms"]
    assert 0 < result["metrics"]["usage"]["completion_tokens"] <= 12  # the run's output cap
    # decode figures that say what they divide by, recomputed from the sample's record
    own = sample["detail"]["decode_ms"]
    start, end = sample["detail"]["decode_window"]
    tokens = result["metrics"]["usage"]["completion_tokens"]
    assert 0 < own <= (end - start) * 1000 + 1
    assert latency["decode_tokens_per_s_sequence"] == pytest.approx(tokens / (own / 1000))
    assert latency["decode_tokens_per_s_aggregate"] == pytest.approx(tokens / (end - start))

    body["model"] = {"name": "big", "path": "llama8b-q8.gguf"}
    r = await local.post("/runs", json=body)
    assert r.status_code == 422 and "MOSTLY_Q8_0" in r.json()["detail"]
    body["model"]["force"] = True
    # a chat benchmark on a file without a chat template is refused when it is submitted
    r = await local.post("/runs", json=body)
    assert r.status_code == 422 and r.json()["field"] == "benchmarks[0]"
    assert "no chat template" in r.json()["detail"]
    # flagged, then the header-only file cannot load (a zero-shot loglikelihood benchmark)
    await local.post("/benchmarks/mobile-mmlu/items:import", files={"file": (
        "m.csv", b"question_id,Question,A,B,C,D,Field\nq1,Which?,a,b,c,d,phones\n")})
    body["benchmarks"] = ["mobile-mmlu"]
    r = await local.post("/runs", json=body)
    assert r.status_code == 202 and r.json()["config"]["gguf"]["forced"] is True
    status = await wait_run(local, r.json()["id"])
    assert status["status"] == "failed" and "cannot load the model" in status["error"]
    r = await local.post("/runs", json={**body, "model": {"name": "x", "path": "../etc.gguf"}})
    assert r.status_code in (404, 422) and r.json()["field"] == "model.path"


@on_sqlite_only
async def test_a_looping_generation_is_stopped_and_counted(local: httpx.AsyncClient) -> None:
    await local.post("/benchmarks", json={"name": "echo", "kind": "freeform"})
    await local.post("/benchmarks/echo/items:import", json={"items": [
        {"id": "e1", "question": "Write the word banana one hundred times.",
         "answer": "banana"}]})
    # `stop_loops: false` follows the method: no rule, no deviation (cancelled at once)
    body: dict[str, Any] = {"model": {"name": "smollm2-loops", "path": "smollm2.gguf",
                                      "stop_loops": False},
                            "benchmarks": ["echo"], "repeats": 1, "context_window": 1024}
    r = await local.post("/runs", json=body)
    assert r.status_code == 202, r.text
    await local.post(f"/runs/{r.json()['id']}/cancel")
    assert r.json()["config"]["gguf"]["stop_loops"] is None
    assert not r.json()["plan"]["methodology"]["deviations"]
    # on by default in-process, and recorded as a deviation from the method
    del body["model"]["stop_loops"]
    r = await local.post("/runs", json=body)
    assert r.status_code == 202, r.text
    assert r.json()["config"]["gguf"]["stop_loops"]["action"] == "stop"
    (deviation,) = r.json()["plan"]["methodology"]["deviations"]
    assert deviation.startswith("echo: a generation that repeats") and "stop_loops" in deviation
    status = await wait_run(local, r.json()["id"])
    assert status["status"] == "finished", status
    (sample,) = (await local.get(f"/runs/{r.json()['id']}/samples")).json()["samples"]
    loop = sample["detail"]["loop"]
    assert sample["verdict"] == "wrong" and sample["detail"]["truncated"] is True
    assert loop["repeats"] == 4 and loop["block_tokens"] * 4 >= 32
    (result,) = (await local.get(f"/runs/{r.json()['id']}/results")).json()
    stops = result["metrics"]["loop_stops"]
    assert stops["action"] == "stop" and stops["found"] == 1
    assert stops["tokens_saved"] == sample["detail"]["max_tokens"] - loop["at_token"] > 0
    body["model"] = {**body["model"], "runtime": "llama-server", "stop_loops": {}}
    r = await local.post("/runs", json=body)
    assert r.status_code == 422 and r.json()["field"] == "model.stop_loops", r.text
    # prompt lookup guesses inside the built-in runner: refused for llama-server
    body["model"] = {**body["model"], "stop_loops": False, "prompt_lookup": 8}
    r = await local.post("/runs", json=body)
    assert r.status_code == 422 and r.json()["field"] == "model.prompt_lookup", r.text


@on_sqlite_only
async def test_native_tool_calls_on_bfcl(local: httpx.AsyncClient) -> None:
    """Qwen2.5-Coder-1.5B on two short items (prompt evaluation is most of its time): who
    founded Buddhism, with the function that says it among two, and one with no fitting
    function."""
    assert (await local.post("/benchmarks/bfcl-v4/items:import",
                             files=bfcl_files([73], [0]))).status_code == 200
    body = {"model": {"name": "qwen2.5-coder-1.5b",
                      "path": "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"},
            "benchmarks": ["bfcl-v4"], "repeats": 1, "context_window": 4096}
    r = await local.post("/runs", json=body)
    assert r.status_code == 202, r.text
    assert r.json()["config"]["gguf"]["tool_format"] == "hermes"
    status = await wait_run(local, r.json()["id"])
    assert status["status"] == "finished", status
    samples = (await local.get(f"/runs/{r.json()['id']}/samples")).json()["samples"]
    assert sorted(s["detail"]["category"] for s in samples) == ["irrelevance", "multiple"]
    # the tools reached the model through its own template ...
    assert all("<tools>" in s["detail"]["raw"]["rendered_prompt"] for s in samples)
    # ... and it answers with fenced ```json blocks, which the llama.cpp this runner mirrors
    # (and llama-server) reads as text: no structured call, so the multiple item is wrong
    # and the irrelevance item, where any call is wrong, is right
    for sample in samples:
        assert "```json" in sample["response"], sample["response"]
        assert parse_tool_calls("hermes", sample["response"])[1] == []
        assert not sample["detail"].get("tool_calls")
        category = sample["detail"]["category"]
        assert sample["verdict"] == ("correct" if category == "irrelevance" else "wrong")
        if category == "multiple":  # what it wrote is the right call (in its tool's name):
            # wrong only because text is not a call
            written = json.loads(sample["response"].split("```json", 1)[1].split("```")[0])
            assert written == {"name": "religion_get_origin",
                               "arguments": {"religion": "Buddhism"}}, written

    body["model"] = {"name": "smollm2", "path": "smollm2.gguf"}
    r = await local.post("/runs", json=body)
    assert r.status_code == 422 and "unsupported, not scored as zero" in r.json()["detail"]


def _spawned_workers() -> list[int]:
    """This process's children that are llama.cpp workers (they hold their log file open)."""
    def holds_log(pid: str) -> bool:
        try:
            return any("pocketeval-llama-" in os.readlink(fd)
                       for fd in Path(f"/proc/{pid}/fd").iterdir())
        except OSError:  # it exited meanwhile
            return False

    return [int(pid) for task in Path(f"/proc/{os.getpid()}/task").iterdir()
            for pid in (task / "children").read_text().split() if holds_log(pid)]


async def _kill_the_worker_mid_run(client: httpx.AsyncClient, run_id: int, before: set[int],
                                   held: Path) -> None:
    """Once its worker holds its second answer at the gate (tests.support.held_worker: the
    first went through, the run goes no further meanwhile): SIGSEGV, on any host."""
    await asyncio.to_thread(wait_until_held, held)
    status = (await client.get(f"/runs/{run_id}")).json()
    assert status["status"] == "running", status
    started = set(_spawned_workers()) - before
    assert len(started) == 1, json.dumps(status)
    (worker,) = started
    # still held as the signal goes: one answer through, the rest waiting at the gate
    assert held.exists() and status["progress"]["done"] <= 1, status["progress"]
    os.kill(worker, signal.SIGSEGV)
    held.with_name("gate").unlink()  # a worker started again answers freely


@on_sqlite_only
async def test_a_run_whose_worker_is_killed_fails_naming_the_signal(
        settings: Settings, models: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No restarts left (POCKETEVAL_GGUF_WORKER_RESTARTS=0): the death ends the run."""
    with held_workers(monkeypatch, tmp_path / "gate", passes=1) as held:
        await _killed_without_restarts(settings, models, held)


async def _killed_without_restarts(settings: Settings, models: Path, held: Path) -> None:
    async with gguf_client(settings, models, gguf_worker_restarts=0) as local:
        await local.post("/benchmarks/math-500/items:import", json={"items": [
            {"id": f"k{i}", "question": f"What is ${i} + 3$? Explain at length.",
             "answer": "5"} for i in range(40)]})
        before = set(_spawned_workers())
        r = await local.post("/runs", json={  # short answers: the first one soon through
            "model": {"name": "smollm2", "path": "smollm2.gguf", "max_output_tokens": 16},
            "benchmarks": ["math-500"], "repeats": 1, "context_window": 1024})
        assert r.status_code == 202, r.text
        await _kill_the_worker_mid_run(local, r.json()["id"], before, held)
        status = await wait_run(local, r.json()["id"])
    assert status["status"] == "failed"
    assert "the llama.cpp worker was killed by SIGSEGV (signal 11)" in status["error"]
    assert "pocketeval doctor" in status["error"]
    assert status["progress"]["done"] < 40


@on_sqlite_only
async def test_a_killed_worker_is_started_again_and_its_samples_retried(
        settings: Settings, models: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Six answers on one worker (four generated at once): it sends the first, holds the second
    at the gate (its other generations wait with it), and is killed there."""
    with held_workers(monkeypatch, tmp_path / "gate", passes=1) as held:
        async with gguf_client(settings, models) as local:
            await _killed_and_retried(local, held)


async def _killed_and_retried(local: httpx.AsyncClient, held: Path) -> None:
    await local.post("/benchmarks/math-500/items:import", json={"items": [
        {"id": f"k{i}", "question": f"What is ${i} + 3$? Explain at length.", "answer": "5"}
        for i in range(6)]})
    before = set(_spawned_workers())
    restarts = "pocketeval_gguf_worker_restarts_total"
    counted = value(parsed((await local.get("/metrics")).text), restarts)
    r = await local.post("/runs", json={
        "model": {"name": "smollm2", "path": "smollm2.gguf", "max_output_tokens": 16},
        "benchmarks": ["math-500"], "repeats": 1, "context_window": 1024})
    assert r.status_code == 202, r.text
    await _kill_the_worker_mid_run(local, r.json()["id"], before, held)
    status = await wait_run(local, r.json()["id"])
    assert status["status"] == "finished", status.get("error")
    samples = (await local.get(f"/runs/{r.json()['id']}/samples")).json()["samples"]
    assert len(samples) == 6 and all(s["response"] for s in samples), samples
    measured = (await local.get(f"/runs/{r.json()['id']}")).json()["runtime"]["measured"]
    (death,) = measured["worker_restarts"]
    assert "killed by SIGSEGV" in death and measured["retried_requests"] >= 1
    assert value(parsed((await local.get("/metrics")).text), restarts) == counted + 1


@on_sqlite_only
@pytest.mark.data
async def test_prefix_reuse_reports_its_drift_against_the_exact_path(
        local: httpx.AsyncClient, data_dir: Path, models: Path) -> None:
    """`reuse: prefix` on 4 items: the drift it reports equals the difference between its
    log-likelihoods and an exact run's on the same items, computed here."""
    import hashlib

    n = 4
    assert (await local.post("/benchmarks/mmlu/items:import",
                             files=mmlu_subject_files(data_dir, SUBJECT))).status_code == 200
    runs = {}
    for reuse in ("none", "prefix"):
        body = {"model": {"name": f"gemma-{reuse}", "path": "gemma-3-270m-q4_k_m.gguf",
                          "reuse": reuse, "reuse_calibration_items": n},
                "benchmarks": ["mmlu"], "limit": n}
        r = await local.post("/runs", json=body)
        assert r.status_code == 202, r.text
        runs[reuse] = await wait_run(local, r.json()["id"])
        assert runs[reuse]["status"] == "finished", runs[reuse]
    record = runs["prefix"]["reproducibility"]
    assert record["numerics"]["reuse"] == "prefix" and record["numerics"]["flash_attn"] is False
    digest = hashlib.sha256((models / "gemma-3-270m-q4_k_m.gguf").read_bytes()).hexdigest()
    assert record["gguf_sha256"] == digest == runs["none"]["reproducibility"]["gguf_sha256"]

    def logprobs(run: dict[str, Any]) -> dict[int, list[float]]:
        return {s["item_id"]: s["detail"]["logprobs"] for s in local_samples[run["id"]]}

    local_samples = {run["id"]: (await local.get(f"/runs/{run['id']}/samples")).json()[
        "samples"] for run in runs.values()}
    exact, fast = logprobs(runs["none"]), logprobs(runs["prefix"])
    assert exact.keys() == fast.keys() and len(exact) == n
    delta = max(abs(a - b) for i in exact for a, b in zip(exact[i], fast[i], strict=True))
    flips = sum(exact[i].index(max(exact[i])) != fast[i].index(max(fast[i])) for i in exact)
    (result,) = (await local.get(f"/runs/{runs['prefix']['id']}/results")).json()
    calibration = result["metrics"]["reuse_calibration"]
    assert calibration["items"] == n and calibration["prediction_flips"] == flips
    assert calibration["max_abs_delta_logprob"] == pytest.approx(delta, abs=1e-12)
    # what n items can say about the flip rate: Clopper-Pearson's bound (statsmodels)
    from statsmodels.stats.proportion import proportion_confint

    bound = proportion_confint(flips, n, method="beta")[1]
    assert calibration["flip_rate_upper95"] == pytest.approx(bound, abs=1e-9)
    (plain,) = (await local.get(f"/runs/{runs['none']['id']}/results")).json()
    assert plain["metrics"]["reuse_calibration"] is None


@on_sqlite_only
@pytest.mark.data
async def test_option_order_audit_by_loglikelihood(local: httpx.AsyncClient,
                                                   data_dir: Path) -> None:
    """Gemma-3-270M 5-shot MMLU under six arrangements of the options: each prompt shows the
    options where its arrangement says, and the report's accuracies are the samples' (a few
    items: every arrangement of each is a sample of its own)."""
    n = 4
    assert (await local.post("/benchmarks/mmlu/items:import",
                             files=mmlu_subject_files(data_dir, SUBJECT))).status_code == 200
    body = {"model": {"name": "gemma-3-270m", "path": "gemma-3-270m-q4_k_m.gguf"},
            "benchmarks": ["mmlu"], "limit": n,
            "audit": {"kind": "option-order", "permutations": 1}}
    r = await local.post("/runs", json=body)
    assert r.status_code == 202, r.text
    status = await wait_run(local, r.json()["id"])
    assert status["status"] == "finished", status
    report = (await local.get(f"/runs/{status['id']}/audits/option-order")).json()
    samples = (await local.get(f"/runs/{status['id']}/samples",
                               params={"limit": 100})).json()["samples"]
    assert len(samples) == n * 6
    assert [a["arrangement"] for a in report["arrangements"]] == [
        "original", "key-at-A", "key-at-B", "key-at-C", "key-at-D", "permutation-1"]
    for arrangement in report["arrangements"]:
        mine = [s for s in samples if s["detail"]["arrangement"] == arrangement["arrangement"]]
        assert arrangement["n_items"] == len(mine) == n
        assert arrangement["accuracy"] == sum(s["verdict"] == "correct" for s in mine) / n
        for s in mine:
            item = (await local.get(f"/items/{s['item_id']}")).json()
            asked = s["prompt"].rsplit("\n\n", 1)[-1]  # the item after the five shots
            # every option at the letter its order gives it, the key among them
            order = s["detail"]["order"]
            assert sorted(order) == [0, 1, 2, 3]
            for letter, index in zip("ABCD", order, strict=True):
                assert f"\n{letter}. {item['choices'][index]}\n" in asked, (letter, asked)
            key = "ABCD".index(item["answers"][0])
            assert s["detail"]["key_letter"] == "ABCD"[order.index(key)]
            if arrangement["arrangement"] == "original":
                assert order == [0, 1, 2, 3]
            if arrangement["arrangement"].startswith("key-at-"):
                assert s["detail"]["key_letter"] == arrangement["arrangement"][-1]
    print(f"\norder audit, gemma-3-270m, {n} {SUBJECT} items: " + ", ".join(
        f"{a['arrangement']} {a['accuracy']:.3f}" for a in report["arrangements"])
        + f"; spread {report['spread']:+.3f}, p_adjusted {report['p_adjusted']:.3g}, "
        f"order-sensitive {report['order_sensitive']}")


@on_sqlite_only
@pytest.mark.data
async def test_no_shortcut_audit_by_loglikelihood(local: httpx.AsyncClient,
                                                  data_dir: Path) -> None:
    """Gemma-3-270M 5-shot MMLU without the stem and without the options' text: every try's
    prompt lacks what its variant removes and keeps the rest, and the flags follow the tries'
    verdicts."""
    # flagged when right in more than a quarter of two tries, that is in either: a model this
    # small is seldom right twice, and a threshold of a half would leave few flags to compare
    n, tries, threshold = 2, 2, 0.25
    assert (await local.post("/benchmarks/mmlu/items:import",
                             files=mmlu_subject_files(data_dir, SUBJECT))).status_code == 200
    body = {"model": {"name": "gemma-3-270m", "path": "gemma-3-270m-q4_k_m.gguf"},
            "benchmarks": ["mmlu"], "limit": n,
            "audit": {"kind": "no-shortcut", "tries": tries, "threshold": threshold}}
    r = await local.post("/runs", json=body)
    assert r.status_code == 202, r.text
    status = await wait_run(local, r.json()["id"])
    assert status["status"] == "finished", status
    samples = (await local.get(f"/runs/{status['id']}/samples",
                               params={"limit": 100})).json()["samples"]
    assert len(samples) == n * 2 * tries
    right: dict[tuple[str, str], int] = {}
    for s in samples:
        item = (await local.get(f"/items/{s['item_id']}")).json()
        asked = s["prompt"].rsplit("\n\n", 1)[-1]  # the item after the five shots
        if s["detail"]["variant"] == "options-only":
            assert item["question"].strip() not in asked
            assert all(f". {c}\n" in asked for c in item["choices"]), asked
        else:
            assert all(c not in asked for c in item["choices"] if len(c) > 3)
            assert asked.startswith(item["question"].strip()), asked
        key = (s["external_id"], s["detail"]["variant"])
        right[key] = right.get(key, 0) + (s["verdict"] == "correct")
    report = (await local.get(f"/runs/{status['id']}/audits/no-shortcut")).json()
    flagged = {(f["external_id"], f["variant"]) for f in report["flagged"]}
    assert flagged == {k for k, hits in right.items() if hits > threshold * tries}
    print(f"\nno-shortcut audit, gemma-3-270m, {n} {SUBJECT} items x {tries} tries: "
          + ", ".join(f"{v['variant']} tries right {v['accuracy']:.3f}, "
                      f"flagged {v['overall']['n_flagged']}" for v in report["variants"]))


@on_sqlite_only
async def test_greedy_repeats_share_one_generation_and_a_sample_is_generated_again(
        local: httpx.AsyncClient, tmp_path: Path) -> None:
    await local.post("/benchmarks/math-500/items:import", json={"items": [
        {"id": f"s{n}", "question": f"What is ${n} + {n}$?", "answer": str(2 * n)}
        for n in range(1, 4)]})
    body: dict[str, Any] = {"model": {"name": "smollm2", "path": "smollm2.gguf",
                                      "max_output_tokens": 16},
                            "benchmarks": ["math-500"], "repeats": 3, "context_window": 1024}
    r = await local.post("/runs", json=body)
    assert r.status_code == 202, r.text
    run = await wait_run(local, r.json()["id"])
    assert run["status"] == "finished", run
    (planned,) = run["plan"]["benchmarks"]
    assert planned["shared_repeats"] and len(planned["regenerated"]) == 1
    label = "{name}@{version}".format(**run["plan"]["methodology"])
    assert any(d.startswith(f"math-500: 1 generation a prompt at temperature 0 where {label} "
                            "runs 3,") for d in run["plan"]["methodology"]["deviations"])
    samples = (await local.get(f"/runs/{run['id']}/samples")).json()["samples"]
    by = {(s["item_id"], s["repeat"]): s for s in samples}
    assert len(by) == 9
    again = planned["regenerated"][0]
    for (item, repeat), sample in by.items():
        generated = repeat == 0 or (item, repeat) == (again, 1)
        assert ("generation_of_repeat" in sample["detail"]) is not generated
        if not generated:  # the first generation's answer and verdict, under its repeat
            first = by[item, 0]
            assert (sample["response"], sample["verdict"], sample["answer"]) == \
                (first["response"], first["verdict"], first["answer"])
    (record,) = run["runtime"]["shared_generations"]
    differs = by[again, 1]["response"] != by[again, 0]["response"]
    assert record == {"benchmark": "math-500", "generated": 4, "shared": 5, "regenerated": 1,
                      "outputs_different": int(differs),
                      "verdicts_different": int(by[again, 1]["verdict"] !=
                                                by[again, 0]["verdict"]),
                      "different": [by[again, 0]["external_id"]] if differs else []}
    # every repeat counts: pass@1 is the mean over the nine samples
    (result,) = (await local.get(f"/runs/{run['id']}/results")).json()
    assert result["metrics"]["accuracy"] == pytest.approx(
        sum(s["verdict"] == "correct" for s in samples) / 9)
    # the bundle: each shared sample holds its generation's answer and verdict
    report = await verified(local, run["id"], tmp_path / "shared.zip")
    assert report.checked["shared repeats"] == 5 and report.checked["verdicts"] == 9

    body["model"]["repeats_generated"] = "all"
    r = await local.post("/runs", json=body)
    run = await wait_run(local, r.json()["id"])
    assert run["status"] == "finished", run
    assert not run["plan"]["benchmarks"][0]["shared_repeats"]
    assert run["runtime"]["shared_generations"] == []
    assert not any("1 generation a prompt" in d
                   for d in run["plan"]["methodology"]["deviations"])
    samples = (await local.get(f"/runs/{run['id']}/samples")).json()["samples"]
    assert len(samples) == 9 and all("generation_of_repeat" not in s["detail"]
                                     for s in samples)


@on_sqlite_only
async def test_sampled_repeats_share_one_prefill_and_draw_their_own_answers(
        local: httpx.AsyncClient) -> None:
    await local.post("/benchmarks/math-500/items:import", json={"items": [
        {"id": "poem", "question": "Write a short poem about rain.", "answer": "1"}]})
    r = await local.post("/runs", json={
        "model": {"name": "smollm2", "path": "smollm2.gguf", "max_output_tokens": 24,
                  "temperature": 0.9},
        "benchmarks": ["math-500"], "repeats": 4, "context_window": 1024})
    assert r.status_code == 202, r.text
    run = await wait_run(local, r.json()["id"])
    assert run["status"] == "finished", run
    assert not run["plan"]["benchmarks"][0]["shared_repeats"]  # sampled: each generated
    samples = (await local.get(f"/runs/{run['id']}/samples")).json()["samples"]
    assert len(samples) == 4 and len({s["response"] for s in samples}) > 1
    # one prefill: the other repeats' prompts copied from the first's cache (all three,
    # unless a host so loaded that the first answer ended before a repeat reached the worker)
    shared, prompt = run["runtime"]["measured"]["prompt_tokens_shared"], \
        samples[0]["prompt_tokens"]
    assert 0 < shared <= 3 * (prompt - 1) and shared % (prompt - 1) == 0
