"""MATH-500 answers: boxed extraction and math-verify verdicts, gold first."""

from __future__ import annotations

import pytest
from math_verify import parse, verify

from app.benchmarks.catalog.math500.scoring import judge_math
from app.scoring.predictions import Prediction
from app.scoring.verdicts import KeyedItem


def _official(gold: str, visible: str) -> bool:
    """The library on its own: gold first, the whole visible response, default extraction."""
    return bool(verify(parse(f"${gold}$"), parse(visible)))


def _item(gold: str) -> KeyedItem:
    return KeyedItem(1, "Algebra", None, frozenset({gold}), "q", {"references": [gold]})


@pytest.mark.parametrize(("gold", "response", "expected"), [
    ("9", "Adding them up gives 9. The answer is 9.", True),  # no \boxed: a final answer
    ("1,-2", "The roots are $\\boxed{1}$ and $\\boxed{-2}$.", True),  # several boxes: a set
    ("\\frac{1}{2}", "so \\boxed{\\frac{1}{2}}.", True),
    ("\\sqrt{\\frac{a}{b}}", "nested \\boxed{\\sqrt{\\frac{a}{b}}} end", True),
    ("7", "spaced $\\boxed 7$", True),
    # the library compares the gold with every answer it extracted: here 1 and 5
    ("5", "first $\\boxed{1}$, then on reflection the answer is $\\boxed{5}$", True),
    ("5", "first $\\boxed{1}$, then on reflection the answer is $\\boxed{3}$", False),
    ("4", "I could not finish this one.", False),
])
def test_the_library_reads_the_whole_response(gold: str, response: str,
                                              expected: bool) -> None:
    verdict = judge_math(_item(gold), Prediction(item_id=1, response=response))
    assert (verdict.status == "correct") == _official(gold, response) == expected


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
