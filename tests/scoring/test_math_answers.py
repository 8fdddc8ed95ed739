"""MATH-500 answers: boxed extraction and math-verify verdicts, gold first."""

from __future__ import annotations

import pytest
from math_verify import parse, verify

from app.scoring.math_answers import judge_math, last_boxed
from app.scoring.predictions import Prediction
from app.scoring.verdicts import KeyedItem


@pytest.mark.parametrize(("text", "boxed"), [
    ("so \\boxed{\\frac{1}{2}}.", "\\frac{1}{2}"),
    ("first \\boxed{1} then \\boxed{\\{1, 2\\}}", "\\{1, 2\\}"),
    ("nested \\boxed{\\sqrt{\\frac{a}{b}}} end", "\\sqrt{\\frac{a}{b}}"),
    ("spaced $\\boxed 7$", "7"),
    ("\\fbox{x+1}", "x+1"),
    ("unbalanced \\boxed{1", None),
    ("no box at all", None),
])
def test_last_boxed(text: str, boxed: str | None) -> None:
    assert last_boxed(text) == boxed


CASES = [
    # (gold, boxed answer, expected verdict)
    ("\\frac{1}{2}", "0.5", True),
    ("\\frac{1}{2}", "\\dfrac12", True),
    ("\\left( 3, \\frac{\\pi}{2} \\right)", "(3, \\pi/2)", True),
    ("10\\%", "10", True),
    ("\\frac{\\sqrt{3}}{3}", "\\frac{1}{\\sqrt{3}}", True),
    ("x^2+2x+1", "(x+1)^2", True),
    ("\\frac{1}{3}", "0.33", False),
    ("2\\sqrt{2}", "2\\sqrt{3}", False),
    ("(3, \\frac{\\pi}{2})", "(3, \\pi)", False),
    ("-4", "4", False),
    ("\\text{(C)}", "\\text{(C)}", True),
]


@pytest.mark.parametrize(("gold", "answer", "expected"), CASES)
def test_verdicts_equal_math_verify_on_full_responses(gold: str, answer: str,
                                                      expected: bool) -> None:
    item = KeyedItem(1, "Algebra", None, frozenset({gold}), "q", {"references": [gold]})
    response = f"<think>maybe \\boxed{{0}}</think>Working...\nThe answer is $\\boxed{{{answer}}}$."
    verdict = judge_math(item, Prediction(item_id=1, response=response))
    # The official library reading the whole (visible) response with its own extraction:
    official = verify(parse(f"${gold}$"), parse(response.split("</think>")[1]))
    assert (verdict.status == "correct") == official == expected
    assert verdict.detail == {"decided_by": "math_verify"}


def test_final_answer_given_directly_and_unparsed() -> None:
    item = KeyedItem(1, "Algebra", None, frozenset({"6"}), "q", {"references": ["6"]})
    assert judge_math(item, Prediction(item_id=1, answer="6")).status == "correct"
    assert judge_math(item, Prediction(item_id=1, answer=6)).status == "correct"
    assert judge_math(item, Prediction(item_id=1, response="six?")).status == "unparsed"
