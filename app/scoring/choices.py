"""Option letters: reading a letter, an index or a list of either as answer-key letters."""

from __future__ import annotations

from typing import Any

LETTERS = "ABCDEFGHIJ"
MAX_CHOICES = len(LETTERS)


class AnswerError(ValueError):
    pass


def letter_of(index: int, n_choices: int) -> str:
    if not 0 <= index < n_choices:
        raise AnswerError(f"index {index} is outside the {n_choices} options (0-{n_choices - 1})")
    return LETTERS[index]


def one_letter(value: Any, n_choices: int) -> str:
    """A single letter from "b", "B", 1 or "1" (0-based), checked against the item's K."""
    if isinstance(value, bool):
        raise AnswerError(f"unknown answer {value!r}")
    if isinstance(value, int):
        return letter_of(value, n_choices)
    if isinstance(value, float) and value.is_integer():
        return letter_of(int(value), n_choices)
    if isinstance(value, str):
        text = value.strip()
        if text.isdigit():
            return letter_of(int(text), n_choices)
        upper = text.upper()
        if len(upper) == 1 and upper in LETTERS:
            if LETTERS.index(upper) >= n_choices:
                last = LETTERS[n_choices - 1]
                raise AnswerError(f"answer {text!r} is outside the {n_choices} options (A-{last})")
            return upper
    raise AnswerError(f"unknown answer {value!r}: expected a letter A-J or a 0-based index")


def parse_answer_key(value: Any, n_choices: int) -> list[str]:
    """Letters of the correct options; several for multi-correct items, none when unkeyed.

    Accepts a letter, a 0-based index, a list of either, or a string like "A,C".
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        return []
    if isinstance(value, str) and any(sep in value for sep in ",;|"):
        parts: list[Any] = value.replace(";", ",").replace("|", ",").split(",")
    elif isinstance(value, list | tuple):
        parts = list(value)
    else:
        parts = [value]
    return sorted({one_letter(p, n_choices) for p in parts})
