"""What a run records of its host probe: a probe cached before probes had kinds reads as a
generation probe, a loglikelihood probe holds no decode figure, and `disturbed` starts
exactly at DISTURBED."""

from __future__ import annotations

import json

from app.records.topology_record import DISTURBED, Probe, ProbeKind


def _stored(**fields: object) -> str:
    figure = {"workers": 1, "threads": 2, "sequences": 1, "prefill_tok_s": 500.0}
    return json.dumps({"host": "h", "model": "m", "seconds": 3.8, "figures": [figure],
                       **fields})


def test_a_probe_cached_before_kinds_is_a_generation_probe() -> None:
    old = Probe.model_validate_json(_stored())
    assert old.kind is ProbeKind.GENERATION and old.figures[0].decode_tok_s is None
    prompts = Probe.model_validate_json(_stored(kind="loglikelihood"))
    assert prompts.kind is ProbeKind.LOGLIKELIHOOD
    assert json.loads(prompts.model_dump_json())["kind"] == "loglikelihood"


def test_disturbed_starts_at_the_threshold() -> None:
    below = DISTURBED - 1e-9
    assert not Probe.model_validate_json(_stored(other_load=below)).disturbed
    assert Probe.model_validate_json(_stored(other_load=DISTURBED)).disturbed
    assert not Probe.model_validate_json(_stored()).disturbed  # the host did not say
