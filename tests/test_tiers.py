"""The tiers (tests/support/tiers.py): marks read off what a test declares, and a test that
uses a child process or a model it did not declare fails."""

from __future__ import annotations

import subprocess

import pytest

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
