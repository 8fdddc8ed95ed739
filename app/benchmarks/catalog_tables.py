"""The catalog's Markdown tables, rendered from the registry: what each registered benchmark
is and how it is scored, its place in the mobile device set and the Mobile Intelligence
Index, its import layouts, and where its published files live on the Hugging Face Hub.

docs/benchmarks.md holds them between two markers; `pocketeval docs-tables` rewrites that
region and a test fails while it differs from what the registry gives. Nothing here knows a
benchmark by its name: every row comes from a registered object."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from app.benchmarks.hub_source import HubSource
from app.benchmarks.index import component_name
from app.benchmarks.protocol import Benchmark
from app.benchmarks.registry import ranked
from app.benchmarks.suites import suites

START = "<!-- catalog:start -->"
END = "<!-- catalog:end -->"
COMMIT = re.compile(r"[0-9a-f]{40}")
NONE = "–"


def _cell(text: str) -> str:
    """One table cell: one line, pipes escaped."""
    return " ".join(text.split()).replace("|", "\\|")


def _code(text: str) -> str:
    return f"`{text}`"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines.extend("| " + " | ".join(_cell(cell) for cell in row) + " |" for row in rows)
    return lines


def _revision(source: HubSource) -> str:
    """A pinned commit, shortened; a branch as it is named."""
    if COMMIT.fullmatch(source.revision):
        return _code(source.revision[:12]) + "…"
    return _code(source.revision)


def _files(source: HubSource) -> str:
    return ", ".join(f"{_code(f.pattern)} ({_code(f.layout)})" for f in source.files)


def _gated(source: HubSource) -> str:
    return "yes: accept its terms on the Hub, then set `HF_TOKEN`" if source.gated else "no"


def _what(entries: Sequence[Benchmark]) -> list[str]:
    return _table(["benchmark", "kind", "version", "what it is", "scored by"],
                  [[_code(b.spec.name), _code(b.spec.kind), _code(b.spec.version),
                    b.spec.description, b.spec.scoring] for b in entries])


def _where(entries: Sequence[Benchmark]) -> list[str]:
    def rank(b: Benchmark) -> str:
        place = suites().position(b.spec.name)
        return NONE if place is None else str(place)

    def component(b: Benchmark) -> str:
        name = component_name(b.spec.name)
        return NONE if name is None else _code(name)

    return _table(["benchmark", "mobile device set (order)", "Index component",
                   "import layouts"],
                  [[_code(b.spec.name), rank(b), component(b),
                    ", ".join(_code(layout) for layout in b.spec.layouts)] for b in entries])


def _hub(entries: Sequence[Benchmark]) -> list[str]:
    rows = [[_code(b.spec.name), f"[{s.repo_id}]({s.page})", _revision(s), _files(s),
             s.licence, _gated(s), s.note or NONE]
            for b in entries if (s := b.spec.hub) is not None]
    return _table(["benchmark", "repository", "revision", "files (import layout)", "licence",
                   "gated", "note"], rows)


def render_tables(entries: Sequence[Benchmark] | None = None) -> str:
    """The tables in Markdown, one row per benchmark: the mobile device set's members first,
    in their order, then the rest as registered. Default: every registered benchmark."""
    chosen = ranked() if entries is None else list(entries)
    parts = [["**What each benchmark is**", "", *_what(chosen)],
             ["**Device set, Index and import layouts**", "", *_where(chosen)],
             ["**Published files on the Hugging Face Hub** (`pocketeval data pull`)", "",
              *_hub(chosen)]]
    return "\n\n".join("\n".join(part) for part in parts)


def replace_region(text: str, tables: str) -> str:
    """`text` with the region between the markers (kept) replaced by `tables`."""
    if text.count(START) != 1 or text.count(END) != 1:
        raise ValueError(f"expected one {START} and one {END} marker")
    start, end = text.index(START) + len(START), text.index(END)
    if end < start:
        raise ValueError(f"{END} comes before {START}")
    return f"{text[:start]}\n\n{tables}\n\n{text[end:]}"


def rewrite(path: Path) -> bool:
    """Rewrite the tables of the Markdown file at `path` in place; whether it changed."""
    text = path.read_text(encoding="utf-8")
    updated = replace_region(text, render_tables())
    if updated != text:
        path.write_text(updated, encoding="utf-8")
    return updated != text
