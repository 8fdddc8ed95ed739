"""Answer extraction from raw model text."""

from __future__ import annotations

import pytest

from app.scoring.extract import extract_choice, normalize_text, strip_think


@pytest.mark.parametrize(
    ("text", "letter"),
    [
        ("Let me think.\nAnswer: B", "B"),
        ("answer: (c)", "C"),
        ("Answer: $D$", "D"),
        ("Answer: A ... on reflection\nAnswer: C", "C"),  # the last one decides
        ("ANSWER:   J", "J"),
        ("B", "B"),
        ("(B)", "B"),
        ("**C**", "C"),
        ("D.", "D"),
        ("<think>Answer: A is tempting</think>\nAnswer: B", "B"),
        ("<think>I believe Answer: A", None),  # never closed: no final answer given
        ("I think it is B because", None),
        ("", None),
        ("The answer is clearly option", None),
        # the letter must stand alone
        ("Answer: a bit unsure, maybe C", None),
        ("Answer: definitely not sure", None),
        ("Final answer: I don't know", None),
        ("Answer:" * 100_000, None),
        ("Answer: B because the rest fail", None),
        ("Answer: B (the second one)", "B"),
        ("Answer: (B).", "B"),
        ("**Answer:** C", "C"),
        ("Answer: **D**", "D"),
        ("answer: c.", "C"),
        ("Answer: E, since", "E"),
        ("Answer: B\nAnswer: a bit more thought says", "B"),
    ],
)
def test_extract_choice(text: str, letter: str | None) -> None:
    assert extract_choice(text) == letter


def test_strip_think_keeps_reasoning() -> None:
    visible, reasoning = strip_think("<think>step 1</think>final")
    assert visible == "final"
    assert "step 1" in reasoning


@pytest.mark.parametrize(
    ("raw", "norm"),
    [("  Paris. ", "paris"), ('"Mount Everest"', "mount everest"), ("42", "42"),
     ("(Yes!)", "yes"), ("Ünïcode", "ünïcode")],
)
def test_normalize_text(raw: str, norm: str) -> None:
    assert normalize_text(raw) == norm
