"""The doctor's report: typed sections, and one verdict per check."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, Field


class CheckStatus(StrEnum):
    OK = "ok"
    WARN = "warn"  # optional part missing: PocketEval works without it
    FAIL = "fail"  # something needed is broken


class Check(BaseModel):
    name: str
    status: CheckStatus
    summary: str


def passes(checks: list[Check]) -> bool:
    """A report passes unless a check failed: a warning (an optional part missing) never
    fails it."""
    return all(c.status is not CheckStatus.FAIL for c in checks)


class HostCpu(BaseModel):
    machine: str
    compiler: str | None
    advertised: list[str] = Field(description="/proc/cpuinfo flags")
    usable: list[str] = Field(description="ggml extensions proven to run in a child process")
    chosen: list[str] = Field(description="what PocketEval builds with: usable, less AMX "
                                          "unless asked for")
    refused: dict[str, str] = Field(description="advertised but not runnable: what happened")


class LlamaBuild(BaseModel):
    version: str | None
    cmake_args: list[str] | None = Field(description="from the build record, if PocketEval "
                                                     "built it")
    build_key: str | None
    system_info: str | None = Field(description="llama_print_system_info(), in a child")
    cpu_features: list[str] = Field(description="the ggml extensions the build uses")


class Smoke(BaseModel):
    model: str
    ok: bool
    seconds: float | None
    detail: str


class LlamaServerInfo(BaseModel):
    path: str
    present: bool
    version: str | None


class DatabaseInfo(BaseModel):
    url: str
    reachable: bool
    revision: str | None
    head: str | None
    detail: str
    missing: bool = Field(default=False, description="a SQLite file not created yet")


class DoctorReport(BaseModel):
    ok: bool = Field(description="false when any check failed")
    python: str
    packages: dict[str, str | None]
    host: HostCpu
    llama_cpp: LlamaBuild
    smoke: Smoke | None
    llama_server: LlamaServerInfo
    unprepared: dict[str, list[str]] = Field(
        description="what benchmarks' scorers need prepared on this machine and is not: a "
        "preparation's name -> the resources it misses (`pocketeval prepare` writes them)")
    database: DatabaseInfo
    checks: list[Check]
