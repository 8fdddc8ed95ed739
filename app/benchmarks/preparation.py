"""What a benchmark's scorer needs on this machine beyond its items and packages (data that
must be assembled before scoring, never downloaded): its source names a preparation, which
start-up and `pocketeval prepare` run and the doctor checks, with no module outside the
catalog knowing what it holds. The registry lists them (app.benchmarks.registry.preparations)."""

from __future__ import annotations

from typing import Protocol


class PreparationUnavailable(RuntimeError):
    """The packages a preparation is assembled from are absent; the message says which."""


class Preparation(Protocol):
    @property
    def name(self) -> str:
        """Shown to users: the doctor's check, start-up's log, the CLI's output."""
        ...

    def missing(self) -> list[str]:
        """The resources not in place yet (empty when complete)."""
        ...

    def prepare(self) -> list[str]:
        """Write whatever is missing and return it; idempotent. Raises
        PreparationUnavailable when the packages it needs are absent."""
        ...
