"""A methodology's hash covers every field that decides a number: change any of them and
the hash moves, so a run pinned to it is never read with other texts. A field added to
Methodology without a way to change it here fails the test. The hashes that stored runs pin
stay as they were when the texts were keyed by role."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from app.methodology import DEFAULT, LEGACY, Methodology
from app.methodology.model import NOT_HASHED, Keyword, PublishedText, Variant, WordGrades
from app.scoring.answer_chain import StandaloneAnswerLine

# what stored runs pin (runs made before the texts were keyed by role resolve with these)
PINNED = {DEFAULT.label: "14da5880678acbc6e2e0dbd0d0bebf93828f2c65f8e76b9d0aef1af8ef0db3ee",
          LEGACY.label: "1cf3d3a1834fdc5c5b7442ee799dbcd1e4aefe1308ba685056fa782cfdfc3613"}
CHECKER, GRADER = "math-500.checker", "aa-omniscience.grader"

CHANGES: dict[str, Callable[[Methodology], Any]] = {
    "name": lambda m: m.name + "x",
    "version": lambda m: m.version + "x",
    "mcq": lambda m: dataclasses.replace(m.mcq, joiner=m.mcq.joiner + ","),
    "reader": lambda m: DEFAULT.reader if isinstance(m.reader, StandaloneAnswerLine)
    else StandaloneAnswerLine(),
    "texts": lambda m: {**m.texts, CHECKER: PublishedText(m.texts[CHECKER].text + " ")},
    "replies": lambda m: {**m.replies, GRADER: WordGrades(pattern="CORRECT|WRONG")},
    "temperature": lambda m: {**m.temperature, Variant.REASONING: 0.7},
    "repeats": lambda m: {**m.repeats, "ifbench": 9},
    "default_repeats": lambda m: m.default_repeats + 1,
    "index_weighting": lambda m: m.index_weighting + " (weighted)",
    "grader_expected": lambda m: not m.grader_expected,
}


def test_every_field_is_hashed_or_named_as_deciding_nothing() -> None:
    names = {f.name for f in dataclasses.fields(Methodology)}
    assert names == set(CHANGES) | set(NOT_HASHED), names ^ (set(CHANGES) | set(NOT_HASHED))


@pytest.mark.parametrize("methodology", [DEFAULT, LEGACY], ids=lambda m: m.label)
@pytest.mark.parametrize("field", sorted(CHANGES))
def test_changing_a_field_moves_the_hash(methodology: Methodology, field: str) -> None:
    changed = dataclasses.replace(methodology, **{field: CHANGES[field](methodology)})
    assert changed.sha256 != methodology.sha256


@pytest.mark.parametrize("methodology", [DEFAULT, LEGACY], ids=lambda m: m.label)
def test_what_decides_nothing_leaves_the_hash(methodology: Methodology) -> None:
    changed = dataclasses.replace(methodology, title="another title", source="elsewhere",
                                  definitions={"x": "y"})
    assert changed.sha256 == methodology.sha256 == PINNED[methodology.label]


def test_a_new_role_is_a_key_and_is_hashed() -> None:
    """A grader another benchmark publishes is one more key: no field, no schema."""
    grader = PublishedText("Grade {answer} against {reference}.")
    more = dataclasses.replace(DEFAULT, texts={**DEFAULT.texts, "gpqa-diamond.grader": grader},
                               replies={**DEFAULT.replies, "gpqa-diamond.grader": Keyword()})
    record = more.describe()
    assert record["texts.gpqa-diamond.grader"] == {"text": grader.text, "style": "format"}
    assert record["replies.gpqa-diamond.grader"] == Keyword().describe()
    assert more.sha256 != DEFAULT.sha256
    assert more.text("gpqa-diamond.grader") is grader
    with pytest.raises(KeyError, match="no text 'gpqa-diamond.prompt'"):
        more.text("gpqa-diamond.prompt")
    with pytest.raises(KeyError, match="no grade reply rule"):
        more.grades("gpqa-diamond.grader")  # a yes/no rule is not a grade reading
