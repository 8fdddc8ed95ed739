"""The real parts some tests need (a PostgreSQL server, Debian's chromium, a llama-server
binary, the TypeScript client's npm packages, llama-cpp-python). Where one is missing a test
is skipped with the command that installs it; under CI (`CI=true`), which promises every
part, it fails instead, so a green CI never means "skipped"."""

from __future__ import annotations

import importlib.util
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Part:
    name: str
    present: Callable[[], bool]
    install: str


def _llama_server() -> bool:
    from tests.support.gguf_support import llama_server_binary

    return llama_server_binary() is not None


PARTS = {
    "llama_cpp": Part("llama-cpp-python", lambda: importlib.util.find_spec("llama_cpp")
                      is not None, "`make test` installs it (`make llama`)"),
    "llama_server": Part("a llama-server binary", _llama_server,
                         "`make llama-server` builds one, `make test` too"),
    "chromium": Part("Debian's chromium", lambda: shutil.which("chromium") is not None,
                     "apt-get install chromium; `make test` does it as root"),
    "node": Part("node", lambda: shutil.which("node") is not None, "apt-get install nodejs"),
    "ts_client": Part("node and the TypeScript client's npm packages",
                      lambda: shutil.which("node") is not None and
                      (ROOT / "clients" / "typescript" / "node_modules").is_dir(),
                      "`make ts-client`"),
    # a child process of this Python (a served process, a CLI): always there, declared so
    # that the tiers know (tests.support.tiers)
    "process": Part("a child process", lambda: True, "nothing to install"),
    "zip": Part("the zip program", lambda: shutil.which("zip") is not None, "apt-get install zip"),
    "ray": Part("Ray", lambda: importlib.util.find_spec("ray") is not None,
                "`make test` installs it with the dev extras"),
}


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("true", "1")


def missing(what: str, install: str) -> None:
    """Skip (outside CI) or fail (in CI) a test whose part `what` is not there."""
    message = f"{what} is not available ({install})"
    if in_ci():
        pytest.fail(f"{message}; CI=true promises it", pytrace=False)
    pytest.skip(message)


def require(*names: str) -> None:
    for name in names:
        part = PARTS[name]
        if not part.present():
            missing(part.name, part.install)
