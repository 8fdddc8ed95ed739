"""Benchmark knowledge lives in its catalog folder: no file of app/ outside
app/benchmarks/catalog/ names a catalog benchmark, in code, strings or comments. A
methodology (app/methodology/) is the one exception: it is a suite's published method,
which names the evals it covers (their repeats, the sources of their texts)."""

from __future__ import annotations

import re
from pathlib import Path

from app.benchmarks.registry import benchmarks

APP = Path(__file__).resolve().parents[2] / "app"
CATALOG = APP / "benchmarks" / "catalog"
METHODOLOGY = APP / "methodology"
# the words that name the catalog's benchmarks (and their data, packages and components)
NAMES = re.compile(r"mmlu|gpqa|math.?500|ifbench|bfcl|omniscience", re.IGNORECASE)


def test_every_catalog_benchmark_is_named_by_the_vocabulary() -> None:
    """A benchmark added to the catalog must be covered here, or the next test proves
    nothing about it."""
    registered = benchmarks()
    assert len(registered) >= 10
    assert [n for n in registered if not NAMES.search(n)] == []


def test_no_benchmark_name_outside_the_catalog() -> None:
    files = [p for p in APP.rglob("*") if p.is_file() and p.suffix in (".py", ".html", ".js")
             and CATALOG not in p.parents and METHODOLOGY not in p.parents]
    assert len(files) > 150
    found = [f"{p.relative_to(APP.parent)}:{number}: {line.strip()}"
             for p in files
             for number, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if NAMES.search(line)]
    assert found == []


def test_each_benchmark_is_declared_in_one_folder() -> None:
    for name in benchmarks():
        declared = {p.parent.name for p in CATALOG.glob("*/__init__.py")
                    if f'name="{name}"' in p.read_text(encoding="utf-8")}
        assert len(declared) == 1, (name, declared)
