"""Bundles of real runs, made by `pocketeval serve` and checked by the offline verifier
against the key the server serves: SmolLM2 (the bundled GGUF) on IFBench and on MMLU by
loglikelihood, an endpoint run on GPQA Diamond and MATH-500, a posted BFCL set, and a
comparison of two runs."""

from __future__ import annotations

import json
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from pocketeval_verify.cli import verify
from tests.support.bfcl_cases import ground_truth_arguments
from tests.support.factories import mcq_rows, mmlu_subject_files, smollm2_folder
from tests.support.processes import api_client, canned_model, wait_status
from tests.support.served import AUTH, served

pytestmark = [pytest.mark.needs("llama_cpp", "process"), pytest.mark.data]

GPQA = [{"id": f"g{i}", "question": f"Which option is right in case {i}?",
         "choices": [f"right {i}", f"wrong {i}a", f"wrong {i}b", f"wrong {i}c"],
         "answer": "A", "subject": "Physics"} for i in range(3)]


def _finished(api: httpx.Client, body: dict[str, Any]) -> int:
    r = api.post("/runs", json=body)
    assert r.status_code == 202, r.text
    run_id: int = r.json()["id"]
    status = wait_status(api, run_id, lambda s: s["status"] not in ("queued", "running"))
    assert status["status"] == "finished", status
    return run_id


def _checked(api: httpx.Client, path: str, key: bytes, saved: Path) -> dict[str, int]:
    got = api.get(path)
    assert got.status_code == 200, got.text[:2000]
    saved.write_bytes(got.content)
    report, unjudged = verify(saved, key)
    assert report.ok, [str(m) for m in report.mismatches]
    assert unjudged == []
    return report.checked


def _posted(api: httpx.Client, bench: str, predictions: list[dict[str, Any]],
            model: str) -> int:
    r = api.post(f"/benchmarks/{bench}/score",
                 json={"model": model, "predictions": predictions})
    assert r.status_code == 200, r.text[:2000]
    run_id: int = r.json()["run_id"]
    return run_id


def _bfcl(api: httpx.Client, data_dir: Path) -> list[dict[str, Any]]:
    """Six `multiple` questions with their published answers, answered right then wrong."""
    root = data_dir / "bfcl"
    rows = [json.loads(line) for line in
            (root / "BFCL_v4_multiple.json").read_text(encoding="utf-8").splitlines()[:6]]
    ids = {r["id"] for r in rows}
    answers = [line for line in (root / "possible_answer" / "BFCL_v4_multiple.json")
               .read_text(encoding="utf-8").splitlines() if json.loads(line)["id"] in ids]
    body = "\n".join(json.dumps(r) for r in rows).encode()
    r = api.post("/benchmarks/bfcl-v4/items:import", files=[
        ("file", ("BFCL_v4_multiple.json", body)),
        ("file", ("BFCL_v4_multiple.json", "\n".join(answers).encode()))])
    assert r.status_code == 200, r.text[:2000]
    out = []
    for n, item in enumerate(api.get("/benchmarks/bfcl-v4/items").json()["items"]):
        (name, possible), = item["task"]["ground_truth"][0].items()
        arguments = ground_truth_arguments(possible)
        out.append({"external_id": item["external_id"], "tool_calls": [
            {"name": name.replace(".", "_"), "arguments": json.dumps(
                arguments if n % 2 == 0 else {k: "not this" for k in arguments})}]})
    return out


def test_real_runs_made_by_a_served_process_verify(tmp_path: Path, data_dir: Path) -> None:
    models = smollm2_folder(tmp_path / "models")
    with canned_model(tmp_path) as endpoint, \
            served(tmp_path, env={"POCKETEVAL_MODEL_DIRS": str(models)}) as base, \
            api_client(base, AUTH) as api:
        key = str(api.get("/signing-key").json()["public_key_pem"]).encode()
        ifbench = (data_dir / "ifbench" / "IFBench_test.jsonl").read_bytes().splitlines()[:2]
        for bench, files in (("ifbench", [("file", ("IFBench_test.jsonl",
                                                    b"\n".join(ifbench)))]),
                             ("mmlu", mmlu_subject_files(data_dir, "world_religions"))):
            assert api.post(f"/benchmarks/{bench}/items:import", files=files
                            ).status_code == 200
        math = [json.loads(line) for line in (data_dir / "math500" / "test.jsonl")
                .read_text(encoding="utf-8").splitlines()[:4]]
        for bench, items in (("gpqa-diamond", GPQA), ("math-500", [
                {"id": m["unique_id"], "question": m["problem"], "answer": m["answer"],
                 "subject": m["subject"]} for m in math])):
            assert api.post(f"/benchmarks/{bench}/items:import",
                            json={"items": items}).status_code == 200
        gguf = {"name": "smollm2", "path": "smollm2.gguf", "max_output_tokens": 24}
        runs: dict[str, tuple[int, Callable[[dict[str, int]], bool]]] = {
            "gguf-ifbench": (_finished(api, {"model": gguf, "benchmarks": ["ifbench"],
                                             "repeats": 1, "context_window": 1024}),
                             lambda c: c["verdicts"] == 2),
            "gguf-mmlu": (_finished(api, {"model": gguf, "benchmarks": ["mmlu"],
                                          "limit": 3, "repeats": 1}),
                          lambda c: c["verdicts"] == 3),
            "endpoint": (_finished(api, {"model": {"name": "canned", "base_url": endpoint},
                                         "benchmarks": ["gpqa-diamond", "math-500"]}),
                         lambda c: c["verdicts"] == 3 * 5 + 4 * 3),
            "bfcl": (_posted(api, "bfcl-v4", _bfcl(api, data_dir), "tools"),
                     lambda c: c["verdicts"] == 6),
        }
        for name, (run_id, expected) in runs.items():
            checked = _checked(api, f"/runs/{run_id}/bundle", key, tmp_path / f"{name}.zip")
            assert expected(checked), (name, checked)
        with zipfile.ZipFile(tmp_path / "gguf-mmlu.zip") as archive:  # the likeliest option
            samples = [json.loads(x) for x in archive.read("samples.jsonl").splitlines()]
        assert all(len(s["detail"]["logprobs"]) == 4 for s in samples)

        api.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
        assert api.post("/benchmarks/quiz/items:import",
                        json={"items": mcq_rows(12)}).status_code == 200
        items = api.get("/benchmarks/quiz/items").json()["items"]
        for model, every in (("older", 3), ("newer", 4)):
            _posted(api, "quiz", [{"item_id": it["id"], "answer": it["answers"][0]
                                   if i % every else "D"} for i, it in enumerate(items)],
                    model)
        checked = _checked(api, "/compare/bundle?a=older&b=newer&benchmarks=quiz", key,
                           tmp_path / "comparison.zip")
        assert checked["verdicts"] == 24 and checked["paired figures"] > 0
