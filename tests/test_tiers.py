"""The tiers (tests/support/tiers.py): marks read off what a test declares, and a test that
uses a child process or a model it did not declare fails."""

from __future__ import annotations

import subprocess

import pytest

from tests.support.databases import postgresql_cover
from tests.support.tiers import Heavy, declared, watching


def test_a_test_that_declares_nothing_is_in_the_fast_tier(request: pytest.FixtureRequest
                                                          ) -> None:
    assert request.node.get_closest_marker("fast") is not None
    assert declared(request.node) == frozenset()


@pytest.mark.needs("process")
def test_a_declared_child_process_takes_a_test_out_of_the_fast_tier(
        request: pytest.FixtureRequest) -> None:
    assert request.node.get_closest_marker("fast") is None
    assert request.node.get_closest_marker("process") is not None


def test_the_database_parameter_is_read_as_a_need(request: pytest.FixtureRequest,
                                                  db_url: str) -> None:
    """A database test's PostgreSQL variant is in the postgresql tier, its SQLite one may be
    fast (this one is the SQLite variant where it runs in the fast tier)."""
    on_postgresql = request.node.callspec.params["db_url"] == "postgresql"
    assert (Heavy.POSTGRESQL in declared(request.node)) is on_postgresql
    assert (request.node.get_closest_marker("fast") is None) is on_postgresql


def test_an_undeclared_child_process_fails_the_test(request: pytest.FixtureRequest) -> None:
    """The watch sees the start of a child process before the program is looked up: a
    program that does not exist is started nowhere, and still seen."""
    with pytest.raises(pytest.fail.Exception, match=r"used process .*needs\('process'\)"), \
            watching(request.node), pytest.raises(FileNotFoundError):
        subprocess.run(["/nonexistent/program"], check=False)


@pytest.mark.needs("llama_cpp")
def test_a_model_loaded_without_its_mark_fails_the_test(request: pytest.FixtureRequest
                                                        ) -> None:
    """A model load is seen (the file here is not a model, so nothing is loaded), a
    vocabulary-only load is not; this test declares a model, so the watch of a stand-in that
    declares nothing is the one that fails."""
    import llama_cpp

    class Undeclared(pytest.Item):
        def runtest(self) -> None:
            raise NotImplementedError

    stand_in = Undeclared.from_parent(request.node.parent, name="stand-in")
    with pytest.raises(pytest.fail.Exception, match=r"used model .*needs\('llama_cpp'\)"), \
            watching(stand_in), pytest.raises(ValueError):
        llama_cpp.Llama(model_path="/nonexistent.gguf", verbose=False)
    with watching(stand_in), pytest.raises(ValueError):
        llama_cpp.Llama(model_path="/nonexistent.gguf", vocab_only=True, verbose=False)


class _Item:
    """What the cover reads of a collected test."""

    def __init__(self, function: str, module: str = "tests/m.py", incidental: bool = False,
                 **params: object) -> None:
        self.originalname = self.name = function
        self.nodeid = f"{module}::{function}[{'-'.join(map(str, params.values()))}]"
        self.callspec = type("Spec", (), {"params": params})()
        self._incidental = incidental

    def get_closest_marker(self, name: str) -> object | None:
        return object() if name == "store_incidental" and self._incidental else None


def test_postgresql_runs_each_function_and_each_level_once_and_sqlite_everything() -> None:
    items = [_Item(fn, db_url=db, bench=bench) for fn in ("f", "g")
             for bench in ("a", "b", "c") for db in ("sqlite", "postgresql")]
    items += [_Item("h", "tests/refusals.py", True, db_url=db, field=field)
              for field in ("x", "y") for db in ("sqlite", "postgresql")]
    left = postgresql_cover(items)  # type: ignore[arg-type]
    kept = [i for i in items if i not in left]
    assert all(i.callspec.params["db_url"] == "postgresql" for i in left)
    assert len([i for i in kept if i.callspec.params["db_url"] == "sqlite"]) == 8
    on_pg = [(i.originalname, i.callspec.params.get("bench", i.callspec.params.get("field")))
             for i in kept if i.callspec.params["db_url"] == "postgresql"]
    # f on every benchmark (each a new level), g once (its levels are covered), h once in its
    # module (the store is incidental to it)
    assert on_pg == [("f", "a"), ("f", "b"), ("f", "c"), ("g", "a"), ("h", "x")]
