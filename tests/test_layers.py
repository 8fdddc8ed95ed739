"""app/ is layered: no two of its top-level parts (a package such as app/runs/, or a module
such as app/config.py) import each other, so each can be read, tested and changed with
only the parts below it. An import counts wherever it stands: at module level, inside a
function or under TYPE_CHECKING."""

from __future__ import annotations

from collections import defaultdict

from tests.app_source import APP, imports_of, module_of


def _part(module: str) -> str | None:
    """The top-level part of app/ a dotted name is in: app.items.schemas -> items."""
    names = module.split(".")
    return names[1] if names[0] == "app" and len(names) > 1 else None


def _importing_files() -> dict[tuple[str, str], set[str]]:
    """(part, another part it imports) -> the files of the first that import the second."""
    files: dict[tuple[str, str], set[str]] = defaultdict(set)
    for path in APP.rglob("*.py"):
        part = _part(module_of(path))
        for name in imports_of(path):
            other = _part(name)
            if part is not None and other is not None and other != part:
                files[part, other].add(str(path.relative_to(APP.parent)))
    return files


def test_no_two_parts_of_app_import_each_other() -> None:
    files = _importing_files()
    assert {"main", "runs", "tables", "items", "benchmarks"} <= {a for a, _ in files}
    mutual = [f"{a} <-> {b}: {sorted(files[a, b])} | {sorted(files[b, a])}"
              for a, b in sorted(files) if a < b and (b, a) in files]
    assert mutual == [], "parts that import each other:\n" + "\n".join(mutual)
