"""What a benchmark's scorer needs prepared on this machine is named by its source: start-up,
`pocketeval prepare` (and its former name `nltk-data`) and the doctor go through the
registered benchmarks' preparations, and only the catalog knows what one holds (IFBench's
NLTK data)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.benchmarks.catalog.ifbench.nltk_data import NLTK_DATA, NltkData, NltkDataUnavailable
from app.benchmarks.preparation import PreparationUnavailable
from app.benchmarks.registry import benchmarks, preparations, register, unregister
from app.cli import cli
from app.doctor.checks import diagnose
from app.main import prepare_benchmarks
from tests.benchmarks import toy
from tests.support.app_source import APP, imports_of


@dataclass
class ToyResources:
    """A preparation that records what it wrote, or cannot run (`unavailable`)."""

    name: str = "toy resources"
    wanted: tuple[str, ...] = ("alpha", "beta")
    have: set[str] = field(default_factory=set)
    unavailable: bool = False

    def missing(self) -> list[str]:
        return [w for w in self.wanted if w not in self.have]

    def prepare(self) -> list[str]:
        if self.unavailable:
            raise PreparationUnavailable("toy-package is not installed")
        todo = self.missing()
        self.have.update(todo)
        return todo


@pytest.fixture
def resources() -> Iterator[ToyResources]:
    """The toy benchmark registered with a source that names a preparation."""
    preparation = ToyResources()
    register(replace(toy.BENCHMARK, source=replace(toy.BENCHMARK.source,
                                                   preparation=preparation)))
    yield preparation
    unregister(toy.SPEC.name)


def test_each_preparation_is_collected_once_in_registration_order(
        resources: ToyResources) -> None:
    registered = benchmarks()
    assert registered["ifbench"].source.preparation is NLTK_DATA
    assert registered["ifbench-300"].source.preparation is NLTK_DATA
    found = preparations()
    assert [p.name for p in found] == ["NLTK data", "toy resources"]
    assert found[0] is NLTK_DATA and found[1] is resources


def test_start_up_prepares_every_registered_preparation(
        resources: ToyResources, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="pocketeval"):
        prepare_benchmarks()
    assert resources.missing() == []
    assert "prepared toy resources: alpha, beta" in caplog.text

    caplog.clear()
    resources.have.clear()
    resources.unavailable = True
    with caplog.at_level(logging.INFO, logger="pocketeval"):
        prepare_benchmarks()  # a warning, not a failed start-up
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("toy resources" in m and "toy-package is not installed" in m for m in warned)


def test_the_prepare_command_runs_every_preparation(resources: ToyResources) -> None:
    runner = CliRunner()
    done = runner.invoke(cli, ["prepare"])
    assert done.exit_code == 0, done.output
    assert "toy resources: wrote alpha, beta" in done.stdout and "NLTK data: " in done.stdout
    again = runner.invoke(cli, ["nltk-data"])  # the former name, kept for scripts
    assert again.exit_code == 0, again.output
    assert "toy resources: complete" in again.stdout
    assert "nltk-data" not in runner.invoke(cli, ["--help"]).output

    resources.have.clear()
    resources.unavailable = True
    failed = runner.invoke(cli, ["prepare"])
    assert failed.exit_code == 2
    assert "error: toy resources: toy-package is not installed" in failed.stderr


@pytest.mark.needs("process")
def test_the_doctor_checks_each_preparation(resources: ToyResources, tmp_path: Path) -> None:
    report = diagnose(f"sqlite:///{tmp_path / 'none.db'}", None, smoke=False)
    assert report.unprepared == {"toy resources": ["alpha", "beta"]}
    checks = {c.name: c for c in report.checks}
    assert checks["toy resources"].status.value == "fail"
    assert checks["toy resources"].summary == "missing alpha, beta; run `pocketeval prepare`"
    assert checks["NLTK data"].status.value == "ok"
    assert report.ok is False


def test_missing_nltk_data_is_named_and_its_command_given(tmp_path: Path) -> None:
    empty = NltkData(tmp_path / "nltk_data")
    assert empty.missing() == ["punkt_tab", "stopwords", "averaged_perceptron_tagger_eng",
                               "punkt"]
    with pytest.raises(NltkDataUnavailable, match="run `pocketeval prepare`") as raised:
        empty.require()
    assert isinstance(raised.value, PreparationUnavailable)


def test_no_module_outside_the_catalog_imports_nltk() -> None:
    catalog = APP / "benchmarks" / "catalog"
    outside = [p for p in APP.rglob("*.py") if catalog not in p.parents]
    assert len(outside) > 150 and not (APP / "nltk_data.py").exists()
    found = [f"{p.relative_to(APP.parent)}: {name}" for p in outside for name in imports_of(p)
             if name == "nltk" or name.startswith("nltk.") or name.endswith(".nltk_data")]
    assert found == []
