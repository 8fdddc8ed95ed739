"""`pocketeval probe`: the host measured again with a model file from the model folders, the
cached probe replaced (a probe taken while the host was busy would otherwise stay), and the
choice printed as runs would make it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.cli import cli
from app.config import get_settings
from app.inference.topology.choice import candidates, choose
from app.inference.topology.probe import host_key, model_key, probe_file, usable_cores
from app.records.topology_record import Probe, ProbeFigure, ProbeKind
from tests.support.factories import smollm2_folder
from tests.support.gguf_support import PROBE_PHASE_S

pytestmark = pytest.mark.needs("llama_cpp")


@pytest.fixture
def models(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = smollm2_folder(tmp_path / "models")
    monkeypatch.setenv("POCKETEVAL_MODEL_DIRS", str(folder))
    monkeypatch.setenv("POCKETEVAL_PROBE_DIR", str(tmp_path / "probes"))
    monkeypatch.setenv("POCKETEVAL_VAR_DIR", str(tmp_path))
    monkeypatch.setenv("POCKETEVAL_GGUF_PROBE_PHASE_S", str(PROBE_PHASE_S))  # figures' shape
    get_settings.cache_clear()
    yield folder
    get_settings.cache_clear()


def test_probe_measures_again_and_replaces_the_cached_figures(models: Path,
                                                              tmp_path: Path) -> None:
    model = models / "smollm2.gguf"
    cached = probe_file(model, 2, tmp_path / "probes")
    # what generative runs read (2 sequences here) and what loglikelihood runs read (1)
    one_sequence = probe_file(model, 1, tmp_path / "probes", ProbeKind.LOGLIKELIHOOD)
    cached.parent.mkdir()
    stale = Probe(host=host_key(), model=model_key(model), seconds=0.0, figures=[
        ProbeFigure(workers=1, threads=1, sequences=1, prefill_tok_s=1.0, decode_tok_s=1.0)])
    for file in (cached, one_sequence):
        file.write_text(stale.model_dump_json())

    result = CliRunner().invoke(cli, ["probe", "smollm2.gguf", "--sequences", "2"])
    assert result.exit_code == 0, result.output
    fresh = Probe.model_validate_json(cached.read_text())
    expected = {(c.workers, c.threads, c.sequences) for c in candidates(usable_cores(), 2)}
    assert {(f.workers, f.threads, f.sequences) for f in fresh.figures} == expected
    for f in fresh.figures:  # every figure printed as measured
        assert (f"{f.workers}x{f.threads}x{f.sequences}: {f.prefill_tok_s:g}, "
                f"{f.decode_tok_s:g}") in result.output
    single = Probe.model_validate_json(one_sequence.read_text())
    assert single.kind is ProbeKind.LOGLIKELIHOOD  # its prompt figures, no decode
    assert single.figures == [f.model_copy(update={"decode_tok_s": None})
                              for f in fresh.figures if f.sequences == 1]
    chosen = choose(fresh, by_likelihood=False)
    assert f"generation: {chosen.workers}x{chosen.threads}x{chosen.sequences}" \
        in result.output


def test_a_model_outside_the_model_folders_is_refused(models: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.gguf"
    outside.write_bytes((models / "smollm2.gguf").read_bytes()[:1024])
    result = CliRunner().invoke(cli, ["probe", str(outside)])
    assert result.exit_code == 2
    assert "outside the model folders" in result.output
    assert not (tmp_path / "probes").exists()  # nothing measured, nothing written
