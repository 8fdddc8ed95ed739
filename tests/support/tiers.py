"""The suite's tiers, read off what each test declares it needs.

A test declares the heavy things it uses in one place, its `needs` marks (tests.support.parts),
and the database it runs on is its `db_url` parameter. From those alone each test is marked
`model`, `process` or `postgresql`, and `fast` when it is none of them: `make test-fast` runs
`-m fast` (no real model, no child process, SQLite only) after every change, `make test` runs
everything. So that the tiers stay honest, a test that starts a child process or loads a
model without having declared it fails and says which mark it lacks.

One child process is not the test's own: the scorers' worker (app.server_pools.isolation),
which the app under test starts for the official scorers as the server does, one per pool.
"""

from __future__ import annotations

import importlib.util
import multiprocessing.process
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from typing import Any

import pytest


class Heavy(StrEnum):
    MODEL = "model"  # a real GGUF model loaded by llama.cpp, in this process or another
    PROCESS = "process"  # a child process: a served process, a CLI, a browser, a worker pool
    POSTGRESQL = "postgresql"  # the PostgreSQL server


FAST = "fast"

# what each part a test can name in `needs` brings with it
PART_HEAVY: dict[str, frozenset[Heavy]] = {
    # a GGUF run's workers are child processes of their own
    "llama_cpp": frozenset({Heavy.MODEL, Heavy.PROCESS}),
    "llama_server": frozenset({Heavy.MODEL, Heavy.PROCESS}),
    "chromium": frozenset({Heavy.PROCESS}),
    "node": frozenset({Heavy.PROCESS}),
    "ts_client": frozenset({Heavy.PROCESS}),
    "process": frozenset({Heavy.PROCESS}),
    "zip": frozenset({Heavy.PROCESS}),
    "ray": frozenset({Heavy.PROCESS}),
}
# the part a test names in `needs` for what it was seen to use
PART_OF: dict[Heavy, str] = {Heavy.MODEL: "llama_cpp", Heavy.PROCESS: "process"}
# the database fixtures (tests/conftest.py) whose "postgresql" parameter is the server
DATABASE_PARAMS = ("db_url", "empty_db_url")


def declared(item: pytest.Item) -> frozenset[Heavy]:
    """The heavy things `item` declares: its `needs` parts, and PostgreSQL as its database."""
    heavy: set[Heavy] = set()
    for mark in item.iter_markers("needs"):
        for part in mark.args:
            heavy |= PART_HEAVY[part]
    params = getattr(getattr(item, "callspec", None), "params", {})
    if any(params.get(name) == "postgresql" for name in DATABASE_PARAMS):
        heavy.add(Heavy.POSTGRESQL)
    if "postgres_template" in getattr(item, "fixturenames", ()):
        heavy.add(Heavy.POSTGRESQL)
    return frozenset(heavy)


def mark_tiers(items: list[pytest.Item]) -> None:
    for item in items:
        heavy = declared(item)
        for kind in heavy:
            item.add_marker(kind.value)
        if not heavy and item.get_closest_marker("perf") is None:
            item.add_marker(FAST)


class Watch:
    """What the test phase under way has used, recorded by the patched entry points."""

    seen: set[Heavy] | None = None

    @classmethod
    def record(cls, kind: Heavy) -> None:
        if cls.seen is not None:
            cls.seen.add(kind)


def _recording(kind: Heavy, method: Callable[..., Any],
               when: Callable[..., bool] = lambda *a, **k: True) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if when(*args, **kwargs):
            Watch.record(kind)
        return method(*args, **kwargs)
    return wrapper


# the app's own scorer worker, started as the server starts it (see the module's docstring)
SCORER_POOL = "app/server_pools/isolation.py"


def _not_the_scorer_pool(*args: Any, **kwargs: Any) -> bool:
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_filename.endswith(SCORER_POOL):
            return False
        frame = frame.f_back  # type: ignore[assignment]
    return True


def install_watch() -> None:
    """Patch the entry points to child processes and to llama.cpp's models, once per worker."""
    subprocess.Popen._execute_child = _recording(  # type: ignore[attr-defined]
        Heavy.PROCESS, subprocess.Popen._execute_child)  # type: ignore[attr-defined]
    multiprocessing.process.BaseProcess.start = _recording(  # type: ignore[method-assign]
        Heavy.PROCESS, multiprocessing.process.BaseProcess.start, _not_the_scorer_pool)
    if importlib.util.find_spec("llama_cpp") is not None:
        import llama_cpp

        # a vocabulary-only load reads the tokenizer, not the model
        llama_cpp.Llama.__init__ = _recording(  # type: ignore[method-assign]
            Heavy.MODEL, llama_cpp.Llama.__init__,
            lambda *args, **kwargs: not kwargs.get("vocab_only", False))


@contextmanager
def watching(item: pytest.Item) -> Iterator[None]:
    """Fail `item` when, in the phase this wraps, it used what it did not declare (a watch
    inside another keeps what it sees to itself)."""
    outer, seen = Watch.seen, set[Heavy]()
    Watch.seen = seen
    try:
        yield
    finally:
        Watch.seen = outer
    used = seen - declared(item)
    if used:
        wanted = ", ".join(sorted(kind.value for kind in used))
        parts = ", ".join(repr(PART_OF[kind]) for kind in sorted(used))
        pytest.fail(f"{item.nodeid} used {wanted} without declaring it: mark it "
                    f"@pytest.mark.needs({parts}) (tests/support/tiers.py)", pytrace=False)
