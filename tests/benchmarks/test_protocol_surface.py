"""A benchmark stays composed of small roles: the protocol the rest of app/ sees is narrow, each
role has two or three members, and untyped dictionaries and long modules do not creep back
into app/."""

from __future__ import annotations

import re

from app.benchmarks.protocol import Benchmark
from app.benchmarks.roles import Metrics, Scorer, Solver
from tests.support.app_source import APP


def _members(protocol: type) -> set[str]:
    """The names a protocol declares itself (not those every class has)."""
    return {name for name in vars(protocol)
            if not name.startswith("_") and name not in {"mro"}}


def test_the_benchmark_protocol_has_at_most_nine_members() -> None:
    members = _members(Benchmark)
    assert {"spec", "solver", "scorer", "metrics"} <= members
    assert len(members) <= 9, sorted(members)


def test_each_role_has_two_or_three_members() -> None:
    for role in (Solver, Scorer, Metrics):
        assert 2 <= len(_members(role)) <= 3, (role.__name__, sorted(_members(role)))


def test_untyped_dictionaries_stay_under_their_ceiling() -> None:
    pattern = re.compile(r"dict\[str, Any\]")
    found = [f"{path.relative_to(APP.parent)}:{number}"
             for path in sorted(APP.rglob("*.py"))
             for number, line in enumerate(path.read_text().splitlines(), 1)
             if pattern.search(line)]
    assert len(found) <= 70, found


def test_no_module_of_app_is_over_three_hundred_lines() -> None:
    long = {str(path.relative_to(APP.parent)): lines
            for path in APP.rglob("*.py")
            if (lines := len(path.read_text().splitlines())) > 300}
    assert not long, long
