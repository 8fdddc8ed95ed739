"""A methodology: the texts, answer reading, grading and sampling that make a suite's
numbers comparable with the ones its publisher shows. Data with a name and a version; a
run pins one (app.records.run_plan.MethodologyPin) and records its hash. Pure."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal, NamedTuple

from app.scoring import LetterReader


class Variant(StrEnum):
    NON_REASONING = "non-reasoning"
    REASONING = "reasoning"


@dataclass(frozen=True)
class PublishedText:
    """A published text with its fields: `format` ({name}) or `percent` (%(name)s)."""

    text: str
    style: Literal["format", "percent"] = "format"
    source: str = ""

    def render(self, **values: str) -> str:
        if self.style == "percent":
            return self.text % values
        return self.text.format(**values)


class GradeReading(NamedTuple):
    grade: str
    read: bool  # False: the reply named no grade and the fallback grade was given


@dataclass(frozen=True)
class LetterGrades:
    """A grade reply that must be exactly one letter (a trailing newline allowed); any
    other reply gets the fallback grade, as the published grader code does."""

    letters: Mapping[str, str]
    fallback: str
    pattern: str = r"^[A-D]$"

    def describe(self) -> dict[str, object]:
        return {"rule": "one letter, re.search(pattern, reply)", "pattern": self.pattern,
                "letters": dict(self.letters), "fallback": self.fallback}

    def read(self, reply: str | None) -> GradeReading:
        found = re.search(self.pattern, reply or "")
        if found is None:
            return GradeReading(self.fallback, False)
        return GradeReading(self.letters[found.group(0)], True)


@dataclass(frozen=True)
class WordGrades:
    """A grade reply that names one of the grades somewhere; none named is an error, since
    guessing one would move the hallucination rate."""

    pattern: str = r"NOT[_ ]ATTEMPTED|INCORRECT|PARTIAL|CORRECT"

    def describe(self) -> dict[str, object]:
        return {"rule": "first grade word, case-insensitive; none is an error",
                "pattern": self.pattern}

    def read(self, reply: str | None) -> GradeReading:
        found = re.search(self.pattern, reply or "", re.IGNORECASE)
        if found is None:
            raise ValueError(f"unreadable judge grade: {(reply or '')[:80]!r}")
        return GradeReading(found.group(0).upper().replace(" ", "_"), True)


@dataclass(frozen=True)
class YesNo:
    """An equality check's reply: equal iff the stripped, lower-cased reply is 'yes'."""

    def describe(self) -> dict[str, object]:
        return {"rule": "reply.strip().lower() == 'yes'"}

    def equal(self, reply: str | None) -> bool:
        return (reply or "").strip().lower() == "yes"


@dataclass(frozen=True)
class Keyword:
    """An equality check's reply: the first of `yes` / `no` words it names decides."""

    yes: str = "EQUIVALENT"
    no: str = "DIFFERENT"

    def describe(self) -> dict[str, object]:
        return {"rule": "the first of yes / no as a word, case-insensitive; neither is an "
                "error", "yes": self.yes, "no": self.no}

    def equal(self, reply: str | None) -> bool:
        found = re.search(rf"\b({self.yes}|{self.no})\b", reply or "", re.IGNORECASE)
        if found is None:
            raise ValueError(f"unreadable judge verdict: {(reply or '')[:80]!r}")
        return found.group(1).upper() == self.yes


@dataclass(frozen=True)
class McqPrompt:
    """Generative multiple choice: the template gets {question}, {options} (one
    `option_line` per option) and {letters} (the item's letters joined by `joiner`)."""

    template: PublishedText
    option_line: str
    joiner: str
    # the methodology's prompt replaces a benchmark's own (one prompt for every MCQ eval)
    everywhere: bool


ReplyRule = YesNo | Keyword | LetterGrades | WordGrades

# The place each role's text and reply rule held in the hashed record before texts were
# keyed by role: runs pin a methodology's hash, so a text keeps its place and a stored run
# still resolves; a role added later goes under `texts.<key>` / `replies.<key>`.
HASHED_AS = {"math-500.prompt": "math_prompt", "math-500.checker": "math_checker",
             "aa-omniscience.prompt": "knowledge_prompt",
             "aa-omniscience.grader": "knowledge_grader"}
REPLY_HASHED_AS = {"math-500.checker": "math_checker_reply",
                   "aa-omniscience.grader": "knowledge_grades"}
# what decides no number: named, not hashed (a test hashes every other field)
NOT_HASHED = ("title", "source", "definitions")


@dataclass(frozen=True)
class Methodology:
    name: str
    version: str
    title: str
    source: str
    mcq: McqPrompt
    reader: LetterReader
    # the texts a benchmark sends, keyed "<benchmark>.<role>" (its prompt, an equality
    # checker's, a grader's); a benchmark asks for its own keys, so a new grader adds a
    # key, not a field
    texts: Mapping[str, PublishedText]
    # how a grader's reply to texts[key] is read, under the same key
    replies: Mapping[str, ReplyRule]
    # temperature per variant; None = send none (the endpoint's default), 0 on GGUF
    temperature: Mapping[Variant, float | None]
    # repeats per benchmark name; others get `default_repeats`
    repeats: Mapping[str, int] = field(default_factory=dict)
    default_repeats: int = 5
    index_weighting: str = "equal-weight mean of the index components"
    # the method expects a grader model (equality checks, grades): a run without one is a
    # deviation where a benchmark would ask it
    grader_expected: bool = False
    definitions: Mapping[str, str] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return f"{self.name}@{self.version}"

    def repeats_for(self, benchmark: str) -> int:
        return self.repeats.get(benchmark, self.default_repeats)

    def text(self, key: str) -> PublishedText:
        if key not in self.texts:
            raise KeyError(f"{self.label} has no text {key!r} (it has {sorted(self.texts)})")
        return self.texts[key]

    def equality(self, key: str) -> YesNo | Keyword:
        """How an equality checker's reply to texts[key] is read."""
        rule = self.replies.get(key)
        if not isinstance(rule, YesNo | Keyword):
            raise KeyError(f"{self.label} has no equality reply rule for {key!r}")
        return rule

    def grades(self, key: str) -> LetterGrades | WordGrades:
        """How a grader's reply to texts[key] is read."""
        rule = self.replies.get(key)
        if not isinstance(rule, LetterGrades | WordGrades):
            raise KeyError(f"{self.label} has no grade reply rule for {key!r}")
        return rule

    def describe(self) -> dict[str, object]:
        """Everything that decides a number, as plain data (what the hash covers)."""
        return {
            "name": self.name, "version": self.version,
            "mcq": {"template": _text(self.mcq.template), "option_line": self.mcq.option_line,
                    "joiner": self.mcq.joiner, "everywhere": self.mcq.everywhere},
            "reader": self.reader.describe(),
            **{HASHED_AS.get(key, f"texts.{key}"): _text(text)
               for key, text in self.texts.items()},
            **{REPLY_HASHED_AS.get(key, f"replies.{key}"): rule.describe()
               for key, rule in self.replies.items()},
            "grader_expected": self.grader_expected,
            "temperature": {str(k): v for k, v in sorted(self.temperature.items())},
            "repeats": dict(sorted(self.repeats.items())),
            "default_repeats": self.default_repeats,
            "index_weighting": self.index_weighting,
        }

    @property
    def sha256(self) -> str:
        """Over describe(): every text, pattern, reply rule and setting, as data."""
        text = json.dumps(self.describe(), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()


def _text(text: PublishedText) -> dict[str, str]:
    return {"text": text.text, "style": text.style}
