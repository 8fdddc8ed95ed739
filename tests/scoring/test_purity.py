"""app/scoring stays pure: no database, web or HTTP imports (DESIGN §1)."""

from __future__ import annotations

import ast
from pathlib import Path

BANNED = {"sqlalchemy", "fastapi", "starlette", "httpx", "app.models", "app.db"}
SCORING = Path(__file__).resolve().parents[2] / "app" / "scoring"


def test_scoring_modules_import_nothing_impure() -> None:
    offenders = []
    for path in sorted(SCORING.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            offenders += [f"{path.name}: {n}" for n in names
                          if any(n == b or n.startswith(b + ".") for b in BANNED)]
    assert offenders == []
