"""Build llama.cpp's llama-server from the llama.cpp source that the installed
llama-cpp-python vendors, so the server and the in-process runner are the same llama.cpp.

The source comes from the package registry (pip download of the sdist); the build needs
cmake and a C++ compiler and takes minutes on a few cores. It gets the same CPU arguments as
PocketEval's llama-cpp-python (only instructions the host was seen to run, app.native), and
the binary is cached under a key of the version and those arguments, so a cache filled on
another host, or with other arguments, is never used.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path

from app.inference.llama_server.source_archive import UnsafeArchive, extract_tar
from app.native import build_args, build_key, host_report

CMAKE_FLAGS = ["-DCMAKE_BUILD_TYPE=Release", "-DBUILD_SHARED_LIBS=OFF",
               "-DLLAMA_BUILD_SERVER=ON", "-DLLAMA_BUILD_TESTS=OFF",
               "-DLLAMA_BUILD_EXAMPLES=OFF", "-DLLAMA_CURL=OFF", "-DLLAMA_OPENSSL=OFF"]


class BuildFailed(Exception):
    pass


def llama_cpp_version() -> str:
    return metadata.version("llama-cpp-python")


def host_args() -> list[str]:
    """The CPU arguments for this host, then the user's CMAKE_ARGS."""
    return build_args(host_report())


def default_location(program: str = "llama-server", args: list[str] | None = None) -> Path:
    version = llama_cpp_version()
    key = build_key(version, host_args() if args is None else args, program)
    return Path.home() / ".cache" / "pocketeval" / f"{program}-{version}-{key}" / program


def executable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def build(target: Path, jobs: int | None = None, *, program: str = "llama-server",
          args: list[str] | None = None) -> Path:
    """target (llama.cpp's `program`), built unless it is already there; `args` replace the
    host's CPU arguments (a benchmark builds a -march=native one to compare against)."""
    if executable(target):
        return target
    if shutil.which("cmake") is None:
        raise BuildFailed("cmake is not installed")
    version = llama_cpp_version()
    cpu = host_args() if args is None else args
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        _run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary",
              ":all:", "-d", str(work), f"llama-cpp-python=={version}"])
        (sdist,) = work.glob("llama_cpp_python-*.tar.gz")
        try:
            extract_tar(sdist, work)
        except UnsafeArchive as exc:
            raise BuildFailed(str(exc)) from exc
        source = work / sdist.name.removesuffix(".tar.gz") / "vendor" / "llama.cpp"
        _run(["cmake", "-S", str(source), "-B", str(work / "build"), *CMAKE_FLAGS, *cpu])
        _run(["cmake", "--build", str(work / "build"), "--target", program,
              "-j", str(jobs or os.cpu_count() or 2)])
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(".part")
        shutil.copy2(work / "build" / "bin" / program, partial)
        partial.replace(target)
    return target


def link(target: Path, at: Path) -> Path:
    """`at` made a symbolic link to target (absolute), in one step over whatever is there, so
    that `make llama-server` leaves `.venv/bin/llama-server` calling the cached build."""
    if at.resolve() == target.resolve():
        return at
    at.parent.mkdir(parents=True, exist_ok=True)
    partial = at.with_name(f".{at.name}.link")
    try:
        partial.unlink(missing_ok=True)
        partial.symlink_to(target.resolve())
        partial.replace(at)
    except OSError as exc:
        raise BuildFailed(f"cannot link {at} to {target}: {exc}") from exc
    return at


def _run(command: list[str]) -> None:
    try:
        subprocess.run(command, check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        raise BuildFailed(f"{command[0]} {command[1]} failed: {exc}") from exc
