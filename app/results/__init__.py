"""Results across runs: the Mobile Intelligence Index."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.faces import lazy_face

if TYPE_CHECKING:
    from app.results.compare import compare as compare_runs
    from app.results.compare import item_scores, latest_run
    from app.results.gate import GateRead, junit_report, markdown
    from app.results.service import index_read, runs_by_id, side_runs

__all__ = [
    "GateRead", "compare_runs", "index_read", "item_scores", "junit_report", "latest_run",
    "markdown", "runs_by_id", "side_runs",
]

if not TYPE_CHECKING:
    __getattr__ = lazy_face(__name__, __file__)
