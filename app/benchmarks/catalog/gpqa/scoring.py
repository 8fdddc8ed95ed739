"""GPQA Diamond: four options shuffled by a seeded permutation per (item, repeat). Pure.

Items are stored with the correct answer first (the CSV's `Correct Answer`, then the three
`Incorrect Answer`s); the letter a model sees depends on the permutation of its repeat, so
the same permutation must build the prompt and judge the answer.
"""

from __future__ import annotations

from app.scoring import (
    LETTERS,
    KeyedItem,
    LetterReader,
    Prediction,
    Status,
    Verdict,
    read_letter,
    seeded_shuffle,
)

PERMUTATION_RULE = (
    "random.Random(int(sha256('gpqa:{external_id}:{repeat}')[:16], 16)).shuffle([0, 1, 2, 3]); "
    "position i of the prompt shows stored option permutation[i]; stored option 0 is correct"
)


def permutation(external_id: str, repeat: int, n: int = 4) -> list[int]:
    """Stored option index shown at each prompt position, fixed by (item, repeat)."""
    return seeded_shuffle(list(range(n)), f"gpqa:{external_id}:{repeat}")


def shuffled_options(choices: list[str], external_id: str, repeat: int
                     ) -> tuple[list[str], str, list[int]]:
    """(options in prompt order, the correct letter, the permutation)."""
    order = permutation(external_id, repeat, len(choices))
    return [choices[i] for i in order], LETTERS[order.index(0)], order


def judge_gpqa(item: KeyedItem, pred: Prediction, reader: LetterReader) -> Verdict:
    """Answers name letters of the shuffled prompt of their repeat."""
    n = item.n_choices or 4
    letter, how = read_letter(pred, n, reader)
    order = permutation(item.external_id, pred.repeat, n)
    correct = LETTERS[order.index(0)]
    detail = {"permutation": order, "correct_letter": correct, **how}
    if letter is None:
        return Verdict(item.item_id, pred.repeat, Status.UNPARSED, None, detail)
    return Verdict(item.item_id, pred.repeat, Status.CORRECT if letter == correct else Status.WRONG,
                   letter, detail)
