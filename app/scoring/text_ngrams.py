"""Words and word n-grams of benchmark and corpus text, normalised the same way for both
(casefolded, runs of letters and digits): what the duplicate and contamination audits
compare. Pure."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from app.scoring.item_payload import ChoicePayload, read_payload

WORD = re.compile(r"\w+")


def words(text: str) -> list[str]:
    return WORD.findall(text.casefold())


def ngrams(tokens: Sequence[str], n: int) -> set[str]:
    """The word n-grams; a text shorter than n words is one n-gram of all its words."""
    if len(tokens) < n:
        return {" ".join(tokens)} if tokens else set()
    return {" ".join(tokens[i:i + n]) for i in range(len(tokens) - n + 1)}


def item_text(payload: Mapping[str, Any]) -> str:
    """An item as the audits read it: its question and its options."""
    read = read_payload(payload)
    choices = read.choices if isinstance(read, ChoicePayload) else ()
    return " ".join([read.question, *choices])
