"""The published extraction chain: which pattern decides each response (the primary
pattern, or exactly one fallback), the strict reading beside it, and PocketEval's own
reading as the earlier methodology's."""

from __future__ import annotations

import pytest

from app.methodology import DEFAULT, LEGACY
from app.scoring.answer_chain import reading_summary, strict_letter
from app.scoring.predictions import Prediction, judge_mcq
from app.scoring.verdicts import KeyedItem

CASES = [
    # (response, letter read, pattern that decided)
    ("Reasoning...\n**Answer**: B", "B", "primary_answer_format"),
    ("Answer: C because the others are wrong", "C", "primary_answer_format"),
    ("Answer: A\nOn reflection...\nAnswer: D", "D", "primary_answer_format"),
    # the primary pattern is case-insensitive, letter included: a quirk reproduced as
    # published, which the strict reading exposes
    ("Answer: a bit unsure, maybe C", "A", "primary_answer_format"),
    ("So the result is \\boxed{B}.", "B", "latex_boxed"),
    ("Therefore the answer is D.", "D", "natural_language"),
    ("therefore the answer is (b)", "B", "with_parenthesis"),
    ("A) 11", "A", "choice_format"),
    ("Clearly, C is the correct answer", "C", "explicit_statement"),
    ("my pick would be B", "B", "standalone_letter_end"),
    ("option C. seems right to me", "C", "letter_with_period"),
    ("option D, i'd say", "D", "letter_nonword"),
    ("no idea, sorry", None, None),
]


@pytest.mark.parametrize(("response", "letter", "pattern"), CASES)
def test_each_pattern_decides_where_the_earlier_ones_find_nothing(
        response: str, letter: str | None, pattern: str | None) -> None:
    reading = DEFAULT.reader.read(response)
    assert (reading.letter, reading.pattern) == (letter, pattern)


def test_the_strict_reading_is_a_line_of_its_own() -> None:
    assert strict_letter("Thinking\nAnswer: B\n") == "B"
    assert strict_letter("Answer: B because") is None
    assert strict_letter("**Answer**: B") is None
    assert strict_letter("answer: b") is None
    assert strict_letter("Answer: A\n...\nAnswer: C") == "C"


def test_a_think_block_is_not_read() -> None:
    assert DEFAULT.reader.read("<think>Answer: A</think>\nAnswer: B").letter == "B"
    assert DEFAULT.reader.read("<think>Answer: A ... never closed").letter is None


def test_the_earlier_methodology_reads_only_a_standalone_answer_line() -> None:
    published = {r: DEFAULT.reader.read(r).letter for r, _l, _p in CASES}
    earlier = {r: LEGACY.reader.read(r).letter for r, _l, _p in CASES}
    assert earlier["Answer: C because the others are wrong"] is None
    assert earlier["Therefore the answer is D."] is None
    assert earlier["Answer: a bit unsure, maybe C"] is None
    assert published["Therefore the answer is D."] == "D"


def test_verdicts_record_the_pattern_and_the_strict_reading_and_the_summary_counts_them(
        ) -> None:
    item = KeyedItem(1, "physics", 4, frozenset({"A"}))
    verdicts = [judge_mcq(item, Prediction(item_id=1, repeat=r, response=text),
                          DEFAULT.reader)
                for r, text in enumerate(["Answer: A", "Answer: a bit unsure", "The answer is A",
                                          "Answer: B", "nothing"])]
    assert [v.status for v in verdicts] == ["correct", "correct", "correct", "wrong",
                                            "unparsed"]
    assert verdicts[1].detail == {"pattern": "primary_answer_format", "strict": None}
    summary = reading_summary([v.detail for v in verdicts], [v.answer for v in verdicts],
                              [(v.item_id, v.repeat) for v in verdicts])
    assert summary["responses"] == 5
    assert summary["patterns"] == {"natural_language": 1, "primary_answer_format": 3,
                                   "unparsed": 1}
    # two correct answers rest on lenient reading; the unparsed one reads None both ways
    assert summary["differs"] == 2
    assert [(e["repeat"], e["read"], e["strict"]) for e in summary["examples"]] == [
        (1, "A", None), (2, "A", None)]
    # an answer given as a letter is not a reading of a response
    given = judge_mcq(item, Prediction(item_id=1, answer="A"), DEFAULT.reader)
    assert given.detail is None
