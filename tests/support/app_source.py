"""app/'s Python files read as source, for the static tests: a file's dotted module name,
and every name it imports wherever the import stands (module level, inside a function,
under TYPE_CHECKING)."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "app"


def module_of(path: Path) -> str:
    """app/items/schemas.py -> app.items.schemas"""
    return ".".join(path.relative_to(APP.parent).with_suffix("").parts)


def imports_of(path: Path) -> list[str]:
    """The modules a file imports; for `from m import n` both m and m.n (n may be a module)."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
            names += [f"{node.module}.{a.name}" for a in node.names]
    return names
