"""The host probe on the real SmolLM2-135M: every candidate measured, cached per host and
model file, probes taking turns, and a choice that follows from the figures."""

from __future__ import annotations

import os
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from app.runners.host_probe import cached_probe, model_key, usable_cores
from app.runners.topology import candidates, choose


def test_the_probe_measures_each_candidate_once_per_host_and_file(tmp_path: Path) -> None:
    from tests.gguf import real_models

    model = tmp_path / "model.gguf"
    shutil.copyfile(real_models.smollm2(), model)  # its own file, so it can be touched
    # two at once (two runs, or two Ray actors of a node): one measures, the other waits for
    # its figures instead of measuring the host while it is loaded
    with ThreadPoolExecutor(2) as pool:
        both = list(pool.map(lambda _: cached_probe(model, 4, tmp_path / "probes"), range(2)))
    assert sorted(cached for _, cached in both) == [False, True]
    assert both[0][0] == both[1][0]
    probe = both[0][0]
    assert probe.model == model_key(model)
    measured = {(f.workers, f.threads, f.sequences) for f in probe.figures}
    expected = {(c.workers, c.threads, c.sequences) for c in candidates(usable_cores(), 4)}
    assert measured == expected
    assert all(f.prefill_tok_s > 0 and f.decode_tok_s > 0 for f in probe.figures)
    again, cached = cached_probe(model, 4, tmp_path / "probes")
    assert cached and again == probe
    chosen = choose(probe, by_likelihood=False)
    assert (chosen.workers, chosen.threads, chosen.sequences) in expected
    # another file (or the same one changed) is another key: it would be probed anew
    os.utime(model, ns=(1, 1))
    assert model_key(model) != probe.model

