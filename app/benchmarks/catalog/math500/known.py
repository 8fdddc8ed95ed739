"""MATH-500 answers whose verdicts are known: math-verify (sympy, its LaTeX parser) must
read a boxed fraction as equal to its decimal and a different number as not."""

from __future__ import annotations

from app.scoring import KeyedItem, KnownAnswer, Prediction, Status

ITEM = KeyedItem(item_id=-1, subject="self-check", n_choices=None, answers=frozenset(),
                 external_id="self-check/math", payload={"references": ["\\frac{1}{2}"]},
                 payload_keyed=True)


def known_answers() -> list[KnownAnswer]:
    return [
        KnownAnswer("an equal value in another form", ITEM,
                    Prediction(item_id=-1, response="So the answer is $\\boxed{0.5}$."),
                    Status.CORRECT),
        KnownAnswer("a different value", ITEM,
                    Prediction(item_id=-1, response="So the answer is $\\boxed{3}$."),
                    Status.WRONG),
    ]
