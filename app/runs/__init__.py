"""Runs over HTTP: planning, posted predictions, results, and execute/, the executors that
carry a run out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.faces import lazy_face

if TYPE_CHECKING:
    from app.runs.execute.eta import Countdown, Estimate, Observation
    from app.runs.execute.factory import make_executor
    from app.runs.reproducibility import git_commit
    from app.runs.retraction import refuse_retracted

__all__ = [
    "Countdown", "Estimate", "Observation", "git_commit", "make_executor", "refuse_retracted",
]

if not TYPE_CHECKING:
    __getattr__ = lazy_face(__name__, __file__)
