"""Install llama-cpp-python built with PocketEval's CMake arguments, and prove it.

pip's wheel cache keys a built wheel by the sdist alone, not by CMAKE_ARGS, so a machine that
once built a `-march=native` wheel would hand it back to every later install. Here the wheel
is built with pip's cache off, kept in PocketEval's own cache under a key made of the version
and the exact arguments, and installed from there. A record of the build (its arguments, the
probe behind them, the key) is written into the environment, where `pocketeval doctor`
compares it with what the host allows now.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from app.native.cmake_args import build_args, build_key
from app.native.cpu_probe import SPECS, Extension, ProbeReport, probe

PACKAGE = "llama-cpp-python"
PROJECT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class BuildRecord:
    version: str
    key: str
    cmake_args: list[str]
    usable: list[str]
    chosen: list[str]  # usable, less what is off by default
    refused: dict[str, str]  # advertised but not runnable: extension -> what happened
    host: str
    built_at: float


def record_path(prefix: str | None = None) -> Path:
    return Path(prefix or sys.prefix) / "share" / "pocketeval" / "llama-build.json"


def read_record(prefix: str | None = None) -> BuildRecord | None:
    try:
        return BuildRecord(**json.loads(record_path(prefix).read_text()))
    except (OSError, ValueError, TypeError):
        return None


def pinned_version(pyproject: Path = PROJECT / "pyproject.toml") -> str:
    """The llama-cpp-python pin in pyproject.toml: the one place it is written."""
    for dep in tomllib.loads(pyproject.read_text())["project"]["dependencies"]:
        name, _, version = dep.partition("==")
        if name.strip() == PACKAGE:
            return str(version).strip()
    raise LookupError(f"{PACKAGE} is not pinned in {pyproject}")


def cache_root() -> Path:
    base = os.environ.get("POCKETEVAL_BUILD_CACHE") or os.environ.get("XDG_CACHE_HOME")
    return Path(base) / "pocketeval" if base else Path.home() / ".cache" / "pocketeval"


def python_tag() -> str:
    return f"{sys.implementation.name}{sys.version_info.major}{sys.version_info.minor}"


def make_record(version: str, report: ProbeReport, env: dict[str, str] | None = None,
                ) -> BuildRecord:
    args = build_args(report, env)
    return BuildRecord(version=version, key=build_key(version, args, python_tag()),
                       cmake_args=args, usable=[e.value for e in report.usable],
                       chosen=[e.value for e in report.chosen],
                       refused={t.extension.value: t.detail for t in report.refused},
                       host=platform.node(), built_at=time.time())


def _pip(python: str, *args: str, env: dict[str, str] | None = None) -> None:
    subprocess.run([python, "-m", "pip", *args], check=True, env=env)


def ensure(python: str = sys.executable, prefix: str | None = None,
           log: Callable[[str], None] = print) -> BuildRecord:
    """Make the environment hold the build this host needs; a no-op when it already does."""
    version = pinned_version()
    wanted = make_record(version, probe())
    for name, why in wanted.refused.items():
        log(f"llama.cpp build: {name} is advertised but does not run here ({why}): off")
    for name in sorted(set(wanted.usable) - set(wanted.chosen)):
        log(f"llama.cpp build: {name} runs here but is off: {SPECS[Extension(name)].off_because}")
    current = read_record(prefix)
    if current is not None and current.key == wanted.key and _installed(python) == version:
        log(f"llama.cpp build {wanted.key} is installed")
        return current
    folder = cache_root() / "wheels" / PACKAGE / wanted.key
    wheels = sorted(folder.glob("llama_cpp_python-*.whl"))
    if not wheels:
        log(f"building {PACKAGE} {version} (minutes) with CMAKE_ARGS={' '.join(wanted.cmake_args)}")
        env = {**os.environ, "CMAKE_ARGS": " ".join(wanted.cmake_args)}
        partial = folder.with_name(folder.name + ".part")
        _pip(python, "wheel", "-q", "--no-deps", "--no-cache-dir", "--no-binary", PACKAGE,
             "-w", str(partial), f"{PACKAGE}=={version}", env=env)
        partial.replace(folder)
        wheels = sorted(folder.glob("llama_cpp_python-*.whl"))
    _pip(python, "install", "-q", "--force-reinstall", "--no-deps", str(wheels[-1]))
    _pip(python, "install", "-q", f"{PACKAGE}=={version}")  # its own dependencies
    path = record_path(prefix)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(asdict(wanted), indent=2))
    log(f"installed llama.cpp build {wanted.key}")
    return wanted


def _installed(python: str) -> str | None:
    found = subprocess.run([python, "-c", "from importlib import metadata; "
                            f"print(metadata.version('{PACKAGE}'))"],
                           capture_output=True, text=True)
    return found.stdout.strip() if found.returncode == 0 else None
