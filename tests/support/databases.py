"""Which databases a test runs on. Every test that touches the store runs on SQLite and on
PostgreSQL (tests/conftest.py). Where the store is incidental to what a test checks (a
model's numbers, a worker's life, a runtime's parsing) and the test costs a model's work,
it runs on SQLite only: what it writes goes through the same store code that the endpoint
and posted-answer tests exercise on both."""

from __future__ import annotations

import pytest

on_sqlite_only = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
