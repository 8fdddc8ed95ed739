"""Which databases a test runs on. Every test that touches the store runs on SQLite and on
PostgreSQL (tests/conftest.py). Where the store is incidental to what a test checks (a
model's numbers, a worker's life, a runtime's parsing) and the test costs a model's work,
it runs on SQLite only: what it writes goes through the same store code that the endpoint
and posted-answer tests exercise on both. Where what a test checks exists on PostgreSQL
only (several server processes sharing one database, a lock wait seen in
pg_stat_activity), it runs there only: no SQLite test is generated just to be skipped."""

from __future__ import annotations

import pytest

on_sqlite_only = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
on_postgresql_only = pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
