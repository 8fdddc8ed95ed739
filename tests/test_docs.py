"""The documentation stays true to the code and the README stays a front door: the catalog
tables in docs/benchmarks.md are what the registry renders now, and the README is short,
starts an evaluation early, keeps its two commands and links only to pages that exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.benchmarks.catalog_tables import END, START, render_tables, replace_region

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
BENCHMARKS_PAGE = ROOT / "docs" / "benchmarks.md"
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _readme_lines() -> list[str]:
    return README.read_text(encoding="utf-8").splitlines()


def test_the_catalog_tables_are_the_registry_rendered_now() -> None:
    text = BENCHMARKS_PAGE.read_text(encoding="utf-8")
    assert text.count(START) == 1 and text.count(END) == 1
    assert replace_region(text, render_tables()) == text, (
        "docs/benchmarks.md's catalog tables differ from the registered benchmarks: run "
        "`.venv/bin/pocketeval docs-tables`")


def test_the_tables_name_every_registered_benchmark() -> None:
    from app.benchmarks.registry import benchmarks

    tables = render_tables()
    assert all(f"| `{name}` |" in tables for name in benchmarks())


def test_only_the_region_between_the_markers_is_replaced() -> None:
    text = f"# Title\n\nbefore\n\n{START}\nold\n{END}\n\nafter\n"
    replaced = replace_region(text, "new")
    assert replaced == f"# Title\n\nbefore\n\n{START}\n\nnew\n\n{END}\n\nafter\n"
    assert replace_region(replaced, "new") == replaced
    with pytest.raises(ValueError):
        replace_region("no markers here", "new")
    with pytest.raises(ValueError):
        replace_region(f"{END}\n{START}\n", "new")


def test_the_readme_is_short_and_starts_an_evaluation_early() -> None:
    lines = _readme_lines()
    assert len(lines) <= 150, f"README.md has {len(lines)} lines; move detail to docs/"
    first = [n for n, line in enumerate(lines, 1) if line.startswith("## A first evaluation")]
    assert first and first[0] <= 40, first


def test_the_readme_links_to_docs_lead_to_files() -> None:
    targets = [t.split("#", 1)[0] for t in LINK.findall(README.read_text(encoding="utf-8"))
               if t.startswith(("docs/", "./docs/"))]
    assert targets
    assert [t for t in targets if not (ROOT / t).is_file()] == []


def test_the_readme_keeps_its_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert "make serve" in text and "make test" in text


LAYOUT = ROOT / "docs" / "layout.md"
WORDS_A_PARAGRAPH = 150


def test_the_layout_names_every_package_and_each_file_of_the_run() -> None:
    text = LAYOUT.read_text(encoding="utf-8")
    packages = sorted(p.name for p in (ROOT / "app").iterdir()
                      if p.is_dir() and (p / "__init__.py").is_file())
    section = text.split("## The packages of `app/`", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"^- `([a-z_]+)/`:", section, flags=re.MULTILINE))
    assert set(packages) <= named, f"not in docs/layout.md: {set(packages) - named}"
    assert named <= set(packages), f"no such package: {named - set(packages)}"
    diagram = text.split("```text", 1)[1].split("```", 1)[0]
    files = re.findall(r"app/[\w/]+\.py", diagram)
    assert len(files) >= 10
    assert [f for f in files if not (ROOT / f).is_file()] == []
    # its short names stand beside a full path of the same folder
    for line in diagram.splitlines():
        for short in re.findall(r"\(or (\w+\.py)\)", line):
            folder = Path(re.findall(r"app/[\w/]+\.py", line)[0]).parent
            assert (ROOT / folder / short).is_file(), short


def test_the_layout_names_every_module_at_the_top_of_app() -> None:
    text = LAYOUT.read_text(encoding="utf-8")
    section = text.split("## The modules at the top of `app/`", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`(\w+\.py)`", section))
    modules = {p.name for p in (ROOT / "app").glob("*.py") if p.name != "__init__.py"}
    assert modules <= named, f"not in docs/layout.md: {sorted(modules - named)}"
    assert named <= modules, f"no such module: {sorted(named - modules)}"


def _paragraphs(text: str) -> list[str]:
    """Prose units: blank-line separated, each list item its own; code, tables and headings
    are not prose."""
    units: list[str] = []
    current: list[str] = []
    fenced = False

    def close() -> None:
        if current:
            units.append(" ".join(current))
            current.clear()

    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced = not fenced
            close()
        elif fenced or not stripped or stripped.startswith(("|", "#")):
            close()
        else:
            if re.match(r"([-*]|\d+\.)\s", stripped):
                close()
            current.append(stripped)
    close()
    return units


def test_no_paragraph_is_longer_than_a_reader_takes_in() -> None:
    assert len(_paragraphs("a b\nc\n\n- d\n- e f\n```\ng h i\n```\n| j |\n")) == 3
    long = [f"{page.name}: {len(p.split())} words, from {p[:50]!r}"
            for page in [README, *sorted((ROOT / "docs").glob("*.md"))]
            for p in _paragraphs(page.read_text(encoding="utf-8"))
            if len(p.split()) > WORDS_A_PARAGRAPH]
    assert long == []
