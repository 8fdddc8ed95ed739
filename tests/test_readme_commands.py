"""The README's "A first evaluation" is a test: its ```sh blocks are read from README.md when
the test runs and run as written, in order, by bash, in a fresh checkout, after the commands
above the section, with nothing prepared that the README does not do.

Why: in-process tests never see what a reader of the README meets. The posted predictions'
multipart import once got 431 from the served protocol while every in-process import test
passed; the GGUF example, uncapped, was still running when its 600 s wait ended (the model
loops until its context is full); the endpoint example posted before llama-server had
loaded its model; and a README whose second `make serve` found the port still held, whose
`llama-server` was nowhere on PATH and whose files were in a folder it never named passed a
test that linked the files and put the binary on PATH for it.

How:
- The checkout: the files a clone of this working tree holds, uncommitted edits included
  (tracked files and untracked ones git does not ignore, their times kept), in a temporary
  folder, so no var/, models/ or downloaded file is there before the README makes it. Its
  `.venv` is a link to this project's, already built: the install is `make serve`'s own
  (compiling llama.cpp alone takes minutes on 2 cores), and this test checks the commands
  after it. make in the checkout finds the install up to date and only probes the host; if
  it would install again (this project's .venv older than its pyproject.toml) the test stops
  first, since that would point this project's editable install at the temporary folder.
  Through that install the server imports this project's app/, the files the checkout holds.
  `make llama-server` links the binary into that .venv, as it does here.
- Above the section: `make serve` runs; `make test` does not (it runs this suite).
- Two shells, as a reader has them: a `make serve` line runs in the foreground of the
  server's shell and the test waits until that server answers /health, as a reader waits
  for uvicorn's "running on"; one that exits first (the port still held) is a failed
  command. A comment line that says Ctrl-C is Ctrl-C in that shell: SIGINT to its
  foreground process group, done once the group has exited and the port is free. Every
  other command runs in the second shell, which keeps the variables each command sets.
- The environment is this process's without any POCKETEVAL_, HF_ or make setting and with
  nothing of the project's on PATH. POCKETEVAL_PORT is added (see the ports below), and two
  for the Hub, which cannot be reached here: HF_ENDPOINT points the Hub client
  (`pocketeval data pull`, `hf download`) at a loopback server speaking the Hub's file API
  (tests/support/hub_server.py) that holds cais/mmlu's Parquet files (all subjects, and
  each subject, test and dev), written from ../shared/data/mmlu's CSVs as the Hub lays
  them out; HF_HOME is in the test's folder.
- Each command must exit 0 and answer no problem+json, every curl must fail on an error
  status and show it, and the output must hold what the prose after its block says.
- A command whose comment offers the next instead ("or the HTTP import below") is run both
  ways: the one offered first in a checkout of its own, after `make serve` and that block
  alone (it needs nothing the blocks before it make), the other in the README's order.
- The README's ports (the server's 8000, llama-server's 8080) are moved to free ones: the
  server's is POCKETEVAL_PORT in both shells (the port `make serve` and the CLI take), and
  each port the commands name (`localhost:8000`, `127.0.0.1:8080`, `--port 8080`) is
  rewritten before the command runs (tests/support/readme_ports.py). While the commands
  run, the README's own ports are held by listeners that answer 503 at once: whatever
  listens there on this machine does not matter, and a command that still reached one
  fails. Each command runs in a process group of its own, and what it leaves running
  (`llama-server ... &`) is ended with the test.
The GGUF and endpoint blocks are the slow part (minutes on 2 cores); they run in `make
test`, skipped without llama-cpp-python or llama-server's build (failed under CI=true,
tests/support/parts.py). POCKETEVAL_TEST_README points the test at another copy of the
README (to see it fail).
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shlex
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from app.config import Settings
from tests.support.hub_server import HubRepos, serve_hub
from tests.support.parts import missing
from tests.support.processes import ROOT
from tests.support.readme_ports import moved_ports, occupied, port_pattern, take_ports
from tests.support.readme_shell import (
    Block,
    Project,
    Result,
    above,
    blocks,
    clean_environment,
    quiet_failures,
    section,
    serves,
)

README = Path(os.environ.get("POCKETEVAL_TEST_README", ROOT / "README.md"))
HEADING = "## A first evaluation"
DATA = Path(os.environ.get("POCKETEVAL_TEST_DATA", ROOT.parent / "shared" / "data"))
SERVER_PORT = Settings.model_fields["port"].default  # the README's `make serve` serves on it
PORT_NAMED = re.compile(r"(?:localhost:|127\.0\.0\.1:|--port )(\d+)")
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


def commands_above() -> list[str]:
    """The commands above the section that a reader runs first: its `make serve` lines
    (`make test` runs this suite)."""
    run = []
    for block in blocks(above(README, HEADING)):
        for command in block.commands:
            words = shlex.split(command, comments=True)
            if serves(command):
                run.append(command)
            elif words != ["make", "test"]:
                raise AssertionError(f"a command above {HEADING} this test does not know: "
                                     f"{command!r}")
    assert run, f"no `make serve` above {HEADING}"
    return run


def readme_ports() -> list[int]:
    """The ports the section's commands name: the server's, llama-server's."""
    text = section(README, HEADING)
    return sorted({int(p) for p in PORT_NAMED.findall(text)})


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


def last_json(output: str) -> Any:
    """The output's JSON: all of it, or its last line (after what a command before the
    curl in `a && curl ...` printed); None when there is none."""
    lines = output.strip().splitlines()
    for text in [output, *lines[-1:]]:
        try:
            return json.loads(text)
        except ValueError:
            continue
    return None


def as_json(result: Result) -> Any:
    body = last_json(result.output)
    assert body is not None, f"not JSON from {result.command}:\n{result.output[-3000:]}"
    return body


def problem(result: Result) -> bool:
    """An error answer (application/problem+json)."""
    body = last_json(result.output)
    return isinstance(body, dict) and isinstance(body.get("status"), int) and \
        body["status"] >= 400 and "title" in body


def alternatives(commands: list[str]) -> list[list[str]]:
    """A command whose comment offers the next one instead ("or the HTTP import below"):
    each way on its own, as a reader takes one or the other."""
    for i, command in enumerate(commands[:-1]):
        if ALTERNATIVE.search(command):
            return [commands[:i + 1] + commands[i + 2:], commands[:i] + commands[i + 1:]]
    return [commands]


def timeout(command: str) -> float:
    """Generous: the README's own wait, or half an hour; never a measure of this host."""
    waits = [float(w) for w in re.findall(r'"wait_timeout_s":\s*([\d.]+)', command)]
    return max([1800.0, *(w + 600 for w in waits)])


def mmlu_tables(data: Path, split: str) -> dict[str, pa.Table]:
    """cais/mmlu's Parquet files of a split, from the per-subject CSVs: `all/` (every
    subject, in name order) and one per subject, with the Hub's columns (question, subject,
    choices, answer as an index)."""
    tables: dict[str, pa.Table] = {}
    rows: dict[str, list[Any]] = {"question": [], "subject": [], "choices": [], "answer": []}
    for path in sorted((data / "mmlu" / split).glob(f"*_{split}.csv")):
        subject = path.name.removesuffix(f"_{split}.csv")
        mine: dict[str, list[Any]] = {k: [] for k in rows}
        for number, row in enumerate(csv.reader(io.StringIO(path.read_text("utf-8")))):
            if number == 0 and row[0] == "question":
                continue
            answer = "ABCD".index(row[5]) if row[5] in ("A", "B", "C", "D") else int(row[5])
            for key, value in zip(mine, (row[0], subject, row[1:5], answer), strict=True):
                mine[key].append(value)
                rows[key].append(value)
        tables[subject] = pa.table(mine)
    tables["all"] = pa.table(rows)
    return tables


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The loopback Hub's endpoint (HF_ENDPOINT)."""
    from app.benchmarks.registry import catalog

    if not DATA.is_dir():  # skipped outside CI, failed under CI=true
        missing(f"benchmark data at {DATA}", "set POCKETEVAL_TEST_DATA to its folder")
    root = tmp_path_factory.mktemp("hub")
    for split in ("test", "dev"):
        for config, table in mmlu_tables(DATA, split).items():
            (root / "cais" / "mmlu" / config).mkdir(parents=True, exist_ok=True)
            pq.write_table(table, root / "cais" / "mmlu" / config /
                           f"{split}-00000-of-00001.parquet")
    pins = {spec.hub.repo_id: spec.hub.revision for spec in catalog().values()
            if spec.hub is not None and spec.hub.revision != "main"}
    with serve_hub(HubRepos(root, pinned=pins)) as endpoint:
        yield endpoint


class Reader:
    """A reader in a fresh checkout: `make serve`, then the README's blocks in order, each
    once."""

    def __init__(self, root: Path, endpoint: str) -> None:
        self.ports = take_ports(readme_ports())  # the README's -> free ones
        self.port = self.ports[SERVER_PORT]
        env = clean_environment({"HF_ENDPOINT": endpoint, "HF_HOME": str(root / "hf-home"),
                                 "HF_HUB_DISABLE_TELEMETRY": "1",
                                 "POCKETEVAL_PORT": str(self.port)})
        self.project = Project(root, self.port, env)
        stale = self.project.stale_install()
        if stale:
            self.project.close()
            pytest.fail(f"{ROOT / '.venv'} is older than pyproject.toml: `make serve` in the "
                        f"checkout would reinstall it ({stale[0]}); run `make serve` here "
                        "first", pytrace=False)
        self.ran: dict[int, str | None] = {}  # block -> None when it passed, else why not
        self.checked: set[str] = set()
        try:
            self.run("make serve", commands_above(), "")
        except BaseException:
            self.project.close()
            raise

    def through(self, index: int, way: int = -1) -> None:
        """The blocks up to `index`, in order; a block with alternatives the `way`-th way."""
        for i in range(index + 1):
            if i not in self.ran:
                self.ran[i] = f"block {i + 1} failed"
                block = read_blocks()[i]
                self.run(f"block {i + 1}", alternatives(block.commands)[way], block.prose)
                self.ran[i] = None
            why = self.ran[i]
            if why is not None:
                pytest.fail(why, pytrace=False)

    def run(self, label: str, commands: list[str], prose: str) -> None:
        for written in commands:
            command = moved_ports(written, self.ports)
            result = self.project.run(command, timeout(command))
            TIMES[label] = TIMES.get(label, 0.0) + result.seconds
            print(f"{result.seconds:8.1f} s  {command.splitlines()[0][:90]}")
            assert result.rc == 0, f"{command}\nexit {result.rc}:\n{result.output[-3000:]}"
            assert not problem(result), f"{command}\nanswered:\n{result.output[-3000:]}"
            assert quiet_failures(command) == [], \
                f"{command}\nhides an error: {quiet_failures(command)}"
            for pattern, check in CHECKS:
                if re.search(pattern, command):
                    check(self, result, prose)
                    self.checked.add(pattern)

    def get(self, path: str) -> httpx.Response:
        return httpx.get(f"http://localhost:{self.port}{path}", timeout=120)

    def close(self) -> None:
        self.project.close()


def check_catalog(reader: Reader, result: Result, prose: str) -> None:
    names = {b["name"] for b in as_json(result)}
    text = "\n".join(c for b in read_blocks() for c in b.commands)  # those the commands use
    named = set(re.findall(r"benchmarks/([a-z0-9-]+)/", text)) | set(
        re.findall(r'"benchmarks": \["([a-z0-9-]+)"', text))
    assert named and named <= names, (named - names, names)


def check_pull(reader: Reader, result: Result, prose: str) -> None:
    counts = re.search(r"(\d+) items \((\d+) new", result.output)
    assert counts and int(counts.group(2)) > 0, result.output[-3000:]


def check_import(reader: Reader, result: Result, prose: str) -> None:
    report = as_json(result)
    assert report.get("inserted", 0) > 0, report  # the count of items imported


def check_score(reader: Reader, result: Result, prose: str) -> None:
    body = as_json(result)
    metrics = body["metrics"]
    check_claims(prose, SCORE_CLAIMS, metrics)
    assert metrics["ci95"]["method"] == "wilson", metrics["ci95"]
    assert [d for d in DEFINED if d not in metrics["definitions"]] == []
    posted = result.command.count('"external_id"')
    assert metrics["counts"]["predictions"] == posted, metrics["counts"]
    if '"missing": "exclude"' in result.command:  # scored over the items predicted only
        assert metrics["n_items"] == posted and metrics["counts"]["missing"] == 0, metrics
    paths = RUN_PATHS.findall(prose)
    assert paths, "the prose names no /runs/{id} routes"
    for path in paths:
        r = reader.get(path.replace("{id}", str(body["run_id"])))
        assert r.status_code == 200, (path, r.status_code, r.text[:600])


def check_evaluate(reader: Reader, result: Result, prose: str) -> None:
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


def check_cli_run(reader: Reader, result: Result, prose: str) -> None:
    benchmark = re.search(r"-b (\S+)", result.command)
    assert benchmark and benchmark.group(1) in result.output, result.output[-3000:]


CATALOG, PULL, IMPORT, SCORE, EVALUATE, CLI_RUN = (
    r"localhost:\d+/benchmarks(\s|$)", r"pocketeval data pull ", r"/items:import",
    r"/score\b", r"/evaluate\b", r"pocketeval run ")
CHECKS: list[tuple[str, Callable[[Reader, Result, str], None]]] = [
    (CATALOG, check_catalog), (PULL, check_pull), (IMPORT, check_import),
    (SCORE, check_score), (EVALUATE, check_evaluate), (CLI_RUN, check_cli_run),
]


@pytest.fixture(scope="module")
def held() -> Iterator[list[int]]:
    """The README's own ports, held while its commands run (those free here)."""
    with occupied(readme_ports()) as ports:
        yield ports


@pytest.fixture(scope="module")
def readme(tmp_path_factory: pytest.TempPathFactory, hub: str, held: list[int]
           ) -> Iterator[Reader]:
    reader = Reader(tmp_path_factory.mktemp("readme"), hub)
    try:
        yield reader
    finally:
        reader.close()
        print("wall time per block:", {k: round(v, 1) for k, v in TIMES.items()})


def test_the_commands_run_name_the_ports_the_test_took() -> None:
    """Every command run, above the section and in it, names the free ports taken for the
    README's, never the README's own: the server's port is the setting `make serve` and the
    CLI read, llama-server's is rewritten where it is started and where it is asked."""
    ports = readme_ports()
    assert SERVER_PORT in ports and len(ports) >= 2, ports  # the server and llama-server
    taken = take_ports(ports)
    commands = commands_above() + [c for b in read_blocks() for c in b.commands]
    ran = [moved_ports(command, taken) for command in commands]
    text = "\n".join(ran)
    assert [p for p in ports if re.search(port_pattern(p), text)] == []
    named = {int(p) for p in PORT_NAMED.findall(text)}
    assert named == set(taken.values()), (named, taken)
    llama = taken[next(p for p in ports if p != SERVER_PORT)]
    started = next(c for c in ran if "llama-server -m" in c)
    assert f"--port {llama} " in started and f"127.0.0.1:{llama}/v1" in text


@pytest.mark.data
@pytest.mark.needs("process")
def test_posted_predictions_the_other_way(tmp_path: Path, hub: str,
                                          held: list[int]) -> None:
    """The way offered first ("...; or the HTTP import below"), in a checkout of its own
    after `make serve`; before the other tests, which hold the README's port after it."""
    ways = alternatives(read_blocks()[1].commands)
    assert len(ways) == 2, "the posted predictions offer no alternative: update this test"
    reader = Reader(tmp_path, hub)
    try:
        reader.run("block 2, first way", ways[0], read_blocks()[1].prose)
    finally:
        reader.close()
    assert {CATALOG, PULL, SCORE} <= reader.checked


@pytest.mark.data
@pytest.mark.needs("llama_cpp", "process")
def test_a_gguf_file_on_the_built_in_runner(readme: Reader) -> None:
    """The first example: it needs nothing but the install."""
    readme.through(0)
    assert {EVALUATE, CLI_RUN} <= readme.checked


@pytest.mark.data
@pytest.mark.needs("llama_cpp", "process")
def test_posted_predictions_import_score_and_the_stored_run(readme: Reader) -> None:
    readme.through(1)
    assert {CATALOG, IMPORT, SCORE} <= readme.checked


@pytest.mark.data
@pytest.mark.needs("llama_cpp", "llama_server")
def test_an_openai_compatible_endpoint_on_llama_server(readme: Reader) -> None:
    readme.through(2)
    assert EVALUATE in readme.checked
