"""Lazy package faces (app/faces.py): a face's __all__ is exactly what its TYPE_CHECKING
imports name, every name resolves at run time to the object its module defines, and importing
a face loads none of the package's modules."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.faces import face_imports, lazy_face
from tests.support.app_source import APP

LAZY = sorted(p.parent.name for p in APP.glob("*/__init__.py")
              if "lazy_face(" in p.read_text(encoding="utf-8"))


def test_the_packages_with_many_users_have_lazy_faces() -> None:
    assert {"records", "scoring", "benchmarks", "inference", "http", "server_pools",
            "gguf"} <= set(LAZY)


@pytest.mark.parametrize("package", LAZY)
def test_a_lazy_face_gives_what_its_imports_name(package: str) -> None:
    module = importlib.import_module(f"app.{package}")
    names = face_imports(APP / package / "__init__.py")
    eager = {n for n in module.__all__ if n in vars(module)} - set(names)
    assert sorted(module.__all__) == sorted({*names, *eager})
    for name, (source, original) in names.items():
        value = getattr(module, name)
        if source == f"app.{package}":
            assert value is importlib.import_module(f"{source}.{original}")
        else:
            assert value is getattr(importlib.import_module(source), original), name


@pytest.mark.needs("process")
def test_importing_the_faces_loads_none_of_their_modules() -> None:
    code = (f"import importlib, json, sys\nfor p in {LAZY!r}:\n"
            "    importlib.import_module('app.' + p)\n"
            f"print(json.dumps(sorted(m for m in sys.modules if m.startswith("
            f"tuple('app.' + p + '.' for p in {LAZY!r})))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=APP.parent)
    assert json.loads(out.stdout) == []


def test_a_face_imports_on_first_use_keeps_what_it_took_and_knows_nothing_else(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "facedpkg"
    (package / "inner").mkdir(parents=True)
    (package / "inner" / "__init__.py").write_text("")
    (package / "inner" / "deep.py").write_text("VALUE = 7\n")
    (package / "parts.py").write_text("def helper() -> int:\n    return 3\n")
    init = package / "__init__.py"
    init.write_text("from typing import TYPE_CHECKING\n"
                    "if TYPE_CHECKING:\n"
                    "    from facedpkg.parts import helper as named_helper\n"
                    "    from facedpkg import parts\n"
                    "    from facedpkg.inner import deep\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    faced = importlib.import_module("facedpkg")
    getter = lazy_face("facedpkg", str(init))
    assert "facedpkg.parts" not in sys.modules
    helper = getter("named_helper")
    assert helper() == 3 and vars(faced)["named_helper"] is helper
    assert getter("parts") is sys.modules["facedpkg.parts"]
    assert getter("deep").VALUE == 7
    with pytest.raises(AttributeError, match="no attribute 'helper'"):
        getter("helper")
    for name in [m for m in sys.modules if m.startswith("facedpkg")]:
        monkeypatch.delitem(sys.modules, name)


def test_a_face_name_its_module_lacks_is_the_modules_attribute_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not a ModuleNotFoundError for `module.name`: the error names what is missing where."""
    package = tmp_path / "brokenface"
    package.mkdir()
    (package / "parts.py").write_text("OTHER = 1\n")
    init = package / "__init__.py"
    init.write_text("from typing import TYPE_CHECKING\n"
                    "if TYPE_CHECKING:\n"
                    "    from brokenface.parts import missing\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.import_module("brokenface")
    getter = lazy_face("brokenface", str(init))
    with pytest.raises(AttributeError, match="'brokenface.parts' has no attribute 'missing'"):
        getter("missing")
    for name in [m for m in sys.modules if m.startswith("brokenface")]:
        monkeypatch.delitem(sys.modules, name)
