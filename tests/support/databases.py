"""Which databases a test runs on. A test that touches the store runs on SQLite and, where
that pairs PostgreSQL with something no earlier test did, on PostgreSQL as well: each test
function, and each level of its other parameters, runs there at least once (a pairwise
cover: `postgresql_cover`, applied by tests/conftest.py). Where the store is incidental to
what a test checks (a model's numbers, a worker's life, a runtime's parsing) and the test
costs a model's work, it runs on SQLite only: what it writes goes through the same store
code that the endpoint and posted-answer tests exercise on both. Where what a test checks
exists on PostgreSQL only (several server processes sharing one database, a lock wait seen
in pg_stat_activity), it runs there only: no SQLite test is generated just to be skipped."""

from __future__ import annotations

import pytest

on_sqlite_only = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
on_postgresql_only = pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)


# A module to whose checks the store is incidental (a request refused before anything is
# written, a protocol spoken, a figure computed from what any store returns) runs one of its
# tests on PostgreSQL: the store code its tests pass through is the code the modules about
# the store (imports, runs, the record, keys, migrations) run on both databases.
store_incidental = pytest.mark.store_incidental

POSTGRESQL = "postgresql"


def _factors(item: pytest.Item) -> set[tuple[str, str]]:
    """What a PostgreSQL variant shows, as (factor, level) pairs: the test function and each
    of its other parameters; for a module the store is incidental to, the module alone."""
    module = item.nodeid.split("::", 1)[0]
    if item.get_closest_marker("store_incidental") is not None:
        return {("module", module)}
    params = getattr(getattr(item, "callspec", None), "params", {})
    levels = {(name, repr(value)) for name, value in params.items()
              if name not in ("db_url", "empty_db_url")}
    return {("function", f"{module}::{getattr(item, 'originalname', item.name)}"), *levels}


def postgresql_cover(items: list[pytest.Item]) -> list[pytest.Item]:
    """The PostgreSQL variants left out: every SQLite variant runs, and a PostgreSQL variant
    runs where it pairs PostgreSQL with a function or a parameter level no earlier one did
    (a pairwise cover of the matrix, PostgreSQL against each factor)."""
    covered: set[tuple[str, str]] = set()
    left_out = []
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if POSTGRESQL not in (params.get("db_url"), params.get("empty_db_url")):
            continue
        new = _factors(item) - covered
        if new:
            covered |= new
        else:
            left_out.append(item)
    return left_out
