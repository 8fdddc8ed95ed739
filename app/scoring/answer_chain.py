"""Reading an option letter out of a response by an ordered chain of patterns. Pure.

A methodology (app.methodology) holds its chain as data: each pattern is tried in order,
the LAST match of the first pattern that matches decides, and the pattern's name is kept
on the sample, so a score can be split by how leniently its answers were read. Beside it
stands the strict reading: a line that is nothing but "Answer: X".
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple, Protocol

from app.scoring.extract import (
    ANSWER_LOWER,
    ANSWER_UPPER,
    BARE_LETTER,
    extract_choice,
    strip_think,
)

STRICT_LINE = re.compile(r"^[ \t]*Answer:[ \t]*([A-J])[ \t]*$", re.MULTILINE)


class Reading(NamedTuple):
    letter: str | None  # upper-cased; None = nothing read (unparsed)
    pattern: str | None  # the name of the pattern that decided


class LetterReader(Protocol):
    def read(self, text: str) -> Reading: ...
    def describe(self) -> dict[str, object]:
        """What decides its readings, as data (hashed into a methodology)."""
        ...


@dataclass(frozen=True)
class AnswerPattern:
    name: str
    regex: str


@dataclass(frozen=True)
class PatternChain:
    """Patterns tried in order with the same flags; the last match of the first pattern
    that matches decides (whitespace around the group stripped, the letter upper-cased)."""

    patterns: Sequence[AnswerPattern]
    flags: int = 0

    def describe(self) -> dict[str, object]:
        return {"before": "<think> blocks removed", "patterns": [[p.name, p.regex]
                                                                 for p in self.patterns],
                "flags": self.flags, "rule": "the last match of the first pattern that "
                "matches, stripped and upper-cased"}

    @cached_property
    def _compiled(self) -> list[tuple[str, re.Pattern[str]]]:
        return [(p.name, re.compile(p.regex, self.flags)) for p in self.patterns]

    def read(self, text: str) -> Reading:
        visible = strip_think(text)[0]
        for name, pattern in self._compiled:
            matches = list(pattern.finditer(visible))
            found = matches[-1].group(1) if matches else None
            if found and found.strip():
                return Reading(found.strip().upper(), name)
        return Reading(None, None)


@dataclass(frozen=True)
class StandaloneAnswerLine:
    """PocketEval's own reading: the last standalone "Answer: X" (app.scoring.extract)."""

    def describe(self) -> dict[str, object]:
        return {"before": "<think> blocks removed", "patterns": [
            ["answer_line", ANSWER_UPPER.pattern], ["answer_line_lower", ANSWER_LOWER.pattern],
            ["bare_letter", BARE_LETTER.pattern]],
            "rule": "the last standalone 'Answer: X' line, else a reply that is only a letter"}

    def read(self, text: str) -> Reading:
        letter = extract_choice(text)
        return Reading(letter, None if letter is None else "answer_line")


def strict_letter(text: str) -> str | None:
    """The strict reading: the last line that is exactly "Answer: X" (X a capital A-J)."""
    visible = strip_think(text)[0]
    found = STRICT_LINE.findall(visible)
    return found[-1] if found else None


def reading_summary(details: Sequence[Mapping[str, Any] | None], answers: Sequence[str | None],
                    refs: Sequence[tuple[int, int]], examples: int = 5) -> dict[str, Any]:
    """How a run's responses were read: the samples each pattern decided, and the samples
    whose lenient reading differs from the strict one (with a few of them), so a user sees
    how much of a score rests on lenient reading. Only samples read from a response count."""
    patterns: Counter[str] = Counter()
    differs: list[dict[str, Any]] = []
    read = 0
    for detail, answer, (item_id, repeat) in zip(details, answers, refs, strict=True):
        if not detail or "strict" not in detail:
            continue
        read += 1
        patterns[str(detail.get("pattern") or "unparsed")] += 1
        if detail["strict"] != answer:
            differs.append({"item_id": item_id, "repeat": repeat, "read": answer,
                            "strict": detail["strict"], "pattern": detail.get("pattern")})
    if not read:
        return {}
    return {"responses": read, "patterns": dict(sorted(patterns.items())),
            "differs": len(differs), "examples": differs[:examples]}
