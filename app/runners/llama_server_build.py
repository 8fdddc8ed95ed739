"""Build llama.cpp's llama-server from the llama.cpp source that the installed
llama-cpp-python vendors, so the server and the in-process runner are the same llama.cpp.

The source comes from the package registry (pip download of the sdist); the build needs
cmake and a C++ compiler and takes minutes on a few cores. The binary is cached per version.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from importlib import metadata
from pathlib import Path

CMAKE_FLAGS = ["-DCMAKE_BUILD_TYPE=Release", "-DBUILD_SHARED_LIBS=OFF",
               "-DLLAMA_BUILD_SERVER=ON", "-DLLAMA_BUILD_TESTS=OFF",
               "-DLLAMA_BUILD_EXAMPLES=OFF", "-DLLAMA_CURL=OFF", "-DLLAMA_OPENSSL=OFF"]


class BuildFailed(Exception):
    pass


def llama_cpp_version() -> str:
    return metadata.version("llama-cpp-python")


def default_location() -> Path:
    return (Path.home() / ".cache" / "pocketeval" / f"llama-server-{llama_cpp_version()}"
            / "llama-server")


def executable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def build(target: Path, jobs: int | None = None) -> Path:
    """target, built unless it is already there."""
    if executable(target):
        return target
    if shutil.which("cmake") is None:
        raise BuildFailed("cmake is not installed")
    version = llama_cpp_version()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        _run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary",
              ":all:", "-d", str(work), f"llama-cpp-python=={version}"])
        (sdist,) = work.glob("llama_cpp_python-*.tar.gz")
        with tarfile.open(sdist) as archive:
            archive.extractall(work, filter="data")  # no links or paths outside `work`
        source = work / sdist.name.removesuffix(".tar.gz") / "vendor" / "llama.cpp"
        _run(["cmake", "-S", str(source), "-B", str(work / "build"), *CMAKE_FLAGS])
        _run(["cmake", "--build", str(work / "build"), "--target", "llama-server",
              "-j", str(jobs or os.cpu_count() or 2)])
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(".part")
        shutil.copy2(work / "build" / "bin" / "llama-server", partial)
        partial.replace(target)
    return target


def _run(command: list[str]) -> None:
    try:
        subprocess.run(command, check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        raise BuildFailed(f"{command[0]} {command[1]} failed: {exc}") from exc
