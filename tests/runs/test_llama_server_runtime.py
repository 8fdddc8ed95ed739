"""GGUF runs on llama.cpp's llama-server (model.runtime = llama-server): the server started
with --jinja on loopback, driven by the HTTP runner, its tool calls parsed by llama.cpp's own
per-template parsers. The real-binary tests need `make llama-server` (or
POCKETEVAL_LLAMA_SERVER); the refusals and a server that dies while loading need none."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.config import Settings
from app.inference.llama_cpp.serving_model_facts import model_facts
from app.inference.llama_server.server import server_command
from app.inference.tool_call_text import parse_tool_calls
from tests.support import real_models
from tests.support.bfcl_cases import official_ast_checker
from tests.support.databases import on_sqlite_only
from tests.support.factories import mcq_rows, wait_run
from tests.support.gguf_support import (
    bfcl_files,
    bfcl_rows,
    gguf_client,
    llama_server_binary,
)
from tests.support.gguf_template import with_chat_template

pytestmark = pytest.mark.anyio
needs_binary = pytest.mark.needs("llama_server")


@pytest.fixture(scope="module")
def models(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("models")
    shutil.copy(real_models.smollm2(), folder / "smollm2.gguf")
    return folder


@pytest.fixture(scope="module")
def qwen(models: Path) -> str:
    """Qwen2.5-Coder-1.5B, the one tool-capable model here (SmolLM2 under Qwen's template
    answers BFCL in prose, with no call to read), in the module's folder."""
    return real_models.qwen25_coder_15b(models).name


# one BFCL multiple item a test, of those with the shortest prompts (about 300 tokens; the
# file's first ones take up to 600): Qwen2.5-Coder answers each with one call of an offered
# function, 31 and 35 tokens long. A Qwen prompt takes most of a test's time
READ_AS_TEXT, PARSED = 73, 2  # multiple_73, multiple_2
MAX_OUTPUT = 128  # only bounds a reply that would ramble
# one thread: on a shared two-core host, two llama.cpp threads wait on each other at every
# step while the other's core is taken (measured with other work beside it: 2.4x slower)
QWEN = {"runtime": "llama-server", "n_threads": 1, "max_output_tokens": MAX_OUTPUT}


# Qwen2.5's template asks for calls in <tool_call> tags; Qwen2.5-Coder-1.5B answers with a
# fenced ```json block instead. The same template with the fence in place of the tags (in its
# instruction and in how it renders a call) is one llama.cpp derives that format from.
TAGS_TO_FENCE = [
    ("within <tool_call></tool_call> XML tags:\\n<tool_call>\\n",
     "in a fenced json block:\\n```json\\n"),
    ("}}\\n</tool_call><|im_end|>", "}}\\n```<|im_end|>"),
    ("\\n<tool_call>\\n{\"name\": \"", "\\n```json\\n{\"name\": \""),
    ("}\\n</tool_call>", "}\\n```"),
]


@pytest.fixture(scope="module")
def fenced_qwen(models: Path, qwen: str) -> str:
    """A copy of Qwen2.5-Coder-1.5B whose template renders tool calls as fenced JSON."""
    source = models / qwen
    template = model_facts(source)[1]
    for tags, fence in TAGS_TO_FENCE:
        assert tags in template, tags
        template = template.replace(tags, fence)
    assert "<tool_call>" not in template
    with_chat_template(source, models / "qwen-fenced.gguf", template)
    assert model_facts(models / "qwen-fenced.gguf")[1] == template
    return "qwen-fenced.gguf"


@pytest.fixture
async def served(settings: Settings, models: Path) -> AsyncIterator[httpx.AsyncClient]:
    async with gguf_client(settings, models, llama_server=llama_server_binary()) as client:
        yield client


MATH = {"items": [{"id": "m1", "question": "What is $2 + 3$?", "answer": "5"},
                  {"id": "m2", "question": "What is $4 \\cdot 3$?", "answer": "12"}]}


@pytest.mark.needs("process")
@on_sqlite_only
async def test_refused_without_a_binary_or_for_loglikelihood(settings: Settings,
                                                              models: Path) -> None:
    body: dict[str, Any] = {"model": {"name": "s", "path": "smollm2.gguf",
                                      "runtime": "llama-server"},
                            "benchmarks": ["math-500"], "repeats": 1}
    async with gguf_client(settings, models) as client:
        await client.post("/benchmarks/math-500/items:import", json=MATH)
        r = await client.post("/runs", json=body)
        assert r.status_code == 409 and r.json()["field"] == "model.runtime"
        assert "POCKETEVAL_LLAMA_SERVER" in r.json()["detail"]
        # batched generation applies to generated answers, not to loglikelihood scoring
        await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
        await client.post("/benchmarks/quiz/items:import", json={"items": mcq_rows(2)})
        r = await client.post("/runs", json={"benchmarks": ["quiz"], "model": {
            "name": "s", "parallel": 2, "path": "smollm2.gguf"}})
        assert r.status_code == 422 and r.json()["field"] == "model.parallel"
        # a forced call needs llama-server's grammar over the calls
        r = await client.post("/runs", json={**body, "model": {
            "name": "s", "path": "smollm2.gguf", "tool_choice": "required"}})
        assert r.status_code == 422 and r.json()["field"] == "model.tool_choice"
        # by default: four sequences for generated answers in-process, one for loglikelihood
        for benchmark, parallel in (("math-500", 4), ("quiz", 1)):
            r = await client.post("/runs", json={"benchmarks": [benchmark], "model": {
                "name": "s", "path": "smollm2.gguf"}})
            assert r.status_code == 202, r.text
            await client.post(f"/runs/{r.json()['id']}/cancel")
            plan = (await client.get(f"/runs/{r.json()['id']}")).json()["plan"]
            assert plan["model"]["kind"] == "gguf"
            assert (plan["model"]["parallel"], plan["concurrency"]) == (parallel, parallel)
    false = Path(str(shutil.which("false")))
    async with gguf_client(settings, models, llama_server=false) as client:
        await client.post("/benchmarks/math-500/items:import", json=MATH)
        body["model"]["mcq_mode"] = "loglikelihood"
        r = await client.post("/runs", json=body)
        assert r.status_code == 422 and r.json()["field"] == "model.mcq_mode"
        del body["model"]["mcq_mode"]
        r = await client.post("/runs", json=body)  # a server that dies while loading
        assert r.status_code == 202, r.text
        status = await wait_run(client, r.json()["id"])
        assert status["status"] == "failed"
        assert "llama-server exited with status 1 while loading the model" in status["error"]


def test_command_line() -> None:
    command = server_command(Path("/opt/llama-server"), Path("/m/model.gguf"), port=8123,
                             n_ctx=16_384, parallel=2, n_threads=4, thinking=False)
    assert command[:3] == ["/opt/llama-server", "--model", "/m/model.gguf"]

    def value(flag: str) -> str:
        return command[command.index(flag) + 1]

    assert "--jinja" in command and value("--host") == "127.0.0.1"
    assert value("--ctx-size") == "32768" and value("--parallel") == "2"  # a full window each
    assert command[-2:] == ["--reasoning", "off"]


@on_sqlite_only
@needs_binary
async def test_chat_on_llama_server_with_two_slots(served: httpx.AsyncClient) -> None:
    await served.post("/benchmarks/math-500/items:import", json=MATH)
    # a few tokens an answer: the figures checked are the slots', set when the model loads
    body = {"model": {"name": "smollm2-server", "path": "smollm2.gguf",
                      "runtime": "llama-server", "parallel": 2, "n_threads": 1,
                      "max_output_tokens": 8},
            "benchmarks": ["math-500"], "repeats": 2, "context_window": 2048}
    r = await served.post("/runs", json=body)
    assert r.status_code == 202, r.text
    assert r.json()["config"]["concurrency"] == 2
    status = await wait_run(served, r.json()["id"])
    assert status["status"] == "finished", status.get("error")
    samples = (await served.get(f"/runs/{r.json()['id']}/samples")).json()["samples"]
    assert len(samples) == 4 and all(s["response"] for s in samples)
    (result,) = (await served.get(f"/runs/{r.json()['id']}/results")).json()
    assert result["metrics"]["latency"]["ttft_p50_ms"] > 0
    memory = result["metrics"]["memory"]
    # SmolLM2's trained context is 8,192: two slots of it
    assert memory["n_ctx"] == 8192 and memory["llama_cpp_kv_bytes"] == 2 * 180 * 1024**2
    assert memory["estimated_kv_bytes"] == memory["llama_cpp_kv_bytes"]
    assert memory["peak_rss_bytes"] > memory["run_resident_bytes"] * 0.9, memory


@on_sqlite_only
@needs_binary
async def test_llama_server_and_the_in_process_parser_read_the_same_calls(
        served: httpx.AsyncClient, qwen: str) -> None:
    """Qwen2.5-Coder-1.5B, the one tool-capable model here, answers BFCL with a fenced
    ```json block naming an offered function, never in its template's <tool_call> tags (nor
    when told to, shown one in the history, or asked with tool_choice required). llama.cpp's
    parser reads such a block as text: llama-server returns no structured call, and the
    in-process parser, which mirrors it, reads none either; each such item is wrong."""
    assert (await served.post("/benchmarks/bfcl-v4/items:import",
                              files=bfcl_files([READ_AS_TEXT]))).status_code == 200
    body = {"model": {"name": "qwen-server", "path": qwen, **QWEN},
            "benchmarks": ["bfcl-v4"], "repeats": 1, "context_window": 4096}
    r = await served.post("/runs", json=body)
    assert r.status_code == 202, r.text
    status = await wait_run(served, r.json()["id"])
    assert status["status"] == "finished", status.get("error")
    samples = (await served.get(f"/runs/{r.json()['id']}/samples")).json()["samples"]
    multiple = [s for s in samples if s["detail"]["category"] == "multiple"]
    assert len(multiple) == len(samples) == 1
    # the names as sent to the model: BFCL's dots become underscores (OpenAI's name rule)
    offered = {function["name"].replace(".", "_")
               for item in bfcl_rows("BFCL_v4_multiple.json", [READ_AS_TEXT])
               for function in item["function"]}
    for sample in multiple:
        fenced = re.search(r"```json\s*(\{.*?\})\s*```", sample["response"] or "", re.DOTALL)
        assert fenced and any(f'"{name}"' in fenced.group(1) for name in offered), \
            sample["response"]
        assert not sample["detail"].get("tool_calls") and sample["verdict"] == "wrong"
        assert parse_tool_calls("hermes", sample["response"])[1] == []


@on_sqlite_only
@needs_binary
async def test_llama_server_parses_tool_calls_and_the_run_scores_them(
        served: httpx.AsyncClient, fenced_qwen: str) -> None:
    """Under a template whose call format is the model's own (fenced JSON), llama-server
    returns structured calls: each is stored as the sample's call, and its verdict is the
    official BFCL AST checker's on that call."""
    assert (await served.post("/benchmarks/bfcl-v4/items:import",
                              files=bfcl_files([PARSED]))).status_code == 200
    body = {"model": {"name": "qwen-fenced", "path": fenced_qwen, **QWEN},
            "benchmarks": ["bfcl-v4"], "repeats": 1, "context_window": 4096}
    r = await served.post("/runs", json=body)
    assert r.status_code == 202, r.text
    status = await wait_run(served, r.json()["id"])
    assert status["status"] == "finished", status.get("error")
    samples = (await served.get(f"/runs/{r.json()['id']}/samples")).json()["samples"]
    rows = {row["id"]: row for row in bfcl_rows("BFCL_v4_multiple.json", [PARSED])}
    truth = {row["id"]: row["ground_truth"]
             for row in bfcl_rows("possible_answer/BFCL_v4_multiple.json", [PARSED])}
    official = official_ast_checker()
    multiple = [s for s in samples if s["detail"]["category"] == "multiple"]
    assert len(multiple) == len(samples) == 1
    for sample in multiple:
        calls = sample["detail"]["tool_calls"]
        assert calls, sample["response"]  # parsed by llama-server, not left in the text
        assert "```" not in (sample["response"] or "")
        row = rows[sample["external_id"]]
        offered = {f["name"].replace(".", "_") for f in row["function"]}
        assert {c["name"] for c in calls} <= offered
        decoded = [{c["name"]: json.loads(c["arguments"])} for c in calls]
        verdict = official(row["function"], decoded, truth[row["id"]])["valid"]
        assert sample["verdict"] == ("correct" if verdict else "wrong"), (sample, decoded)
