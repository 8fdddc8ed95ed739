"""A package's face, loaded lazily: the names other parts may use are written once, as the
imports under the package's `if TYPE_CHECKING:` (what mypy reads), and each is imported from
its module only when first asked for (PEP 562). So a face costs nothing at import: a scoring
worker that takes one function from a package does not load the rest of it (FastAPI, SQL)."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path


def face_imports(init_file: str | Path) -> dict[str, tuple[str, str]]:
    """What an __init__'s `if TYPE_CHECKING:` imports: name -> (module, name there)."""
    tree = ast.parse(Path(init_file).read_text(encoding="utf-8"))
    found: dict[str, tuple[str, str]] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) \
                and node.test.id == "TYPE_CHECKING":
            for statement in node.body:
                if isinstance(statement, ast.ImportFrom) and statement.module:
                    for alias in statement.names:
                        found[alias.asname or alias.name] = (statement.module, alias.name)
    return found


def lazy_face(package: str, init_file: str) -> Callable[[str], object]:
    """The package's module __getattr__: a face name is imported from its module on first use
    and kept on the package; any other name is not there (so `from package import module`
    still imports a submodule)."""
    names = face_imports(init_file)

    def __getattr__(name: str) -> object:
        if name not in names:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = _resolve(*names[name], package)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__


def _resolve(module: str, original: str, package: str) -> object:
    """A name of a module, or a submodule of a package; a name its module lacks (or does not
    have yet, in a circular import) is Python's own AttributeError, which says so."""
    owner = sys.modules[package] if module == package else importlib.import_module(module)
    if original in vars(owner):
        return vars(owner)[original]
    if hasattr(owner, "__path__") and importlib.util.find_spec(f"{module}.{original}"):
        return importlib.import_module(f"{module}.{original}")
    return getattr(owner, original)
