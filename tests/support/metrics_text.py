"""Reading GET /metrics with prometheus-client's own parser."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def parsed(text: str) -> Samples:
    """Every sample of the exposition, keyed by its name and labels."""
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(samples: Samples, name: str, **labels: str) -> float:
    """A sample's value; 0 for one not there yet (a counter no work has moved)."""
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)
