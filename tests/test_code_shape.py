"""The shape app/ keeps so that a reader can hold each piece: in runs/ and inference/, where
a run is carried out, no function over 60 lines (an orchestrator is an object with named
steps). Modules stay under 300 lines (tests/scoring/test_purity.py)."""

from __future__ import annotations

import ast

from tests.support.app_source import APP

FUNCTION_LINES = 60
ORCHESTRATING = ("runs", "inference")


def test_no_function_that_carries_out_a_run_is_longer_than_a_screen() -> None:
    long: dict[str, int] = {}
    for part in ORCHESTRATING:
        for path in (APP / part).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    lines = (node.end_lineno or node.lineno) - node.lineno + 1
                    if lines > FUNCTION_LINES:
                        long[f"{path.relative_to(APP.parent)}:{node.name}"] = lines
    assert long == {}
