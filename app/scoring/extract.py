"""Reading an answer out of raw model text. Pure functions over strings."""

from __future__ import annotations

import re
import string

THINK_BLOCK = re.compile(r"<think>.*?(?:</think>|$)", re.DOTALL | re.IGNORECASE)
# AA / simple-evals style: the LAST "Answer: X" decides.
ANSWER_LINE = re.compile(r"(?i)Answer\s*:\s*\$?\(?([A-J])\)?")
# A reply that is nothing but an option letter, as the Mobile-MMLU prompt asks for: "B", "(B)",
# "B.", "**B**".
BARE_LETTER = re.compile(r"^[\s*_`(\[]*([A-J])[\s*_`)\].:]*$")
_EDGE_PUNCT = string.punctuation + string.whitespace + "\u3002\uff0c\uff1a"


def strip_think(text: str) -> tuple[str, str]:
    """(visible answer text, reasoning) — reasoning is kept for the transcript, never scored.

    An unclosed <think> swallows the rest of the text: the model never reached its answer.
    """
    if "<" not in text:  # the common case: nothing to strip
        return text, ""
    reasoning = "\n".join(m.group(0) for m in THINK_BLOCK.finditer(text))
    return THINK_BLOCK.sub("", text), reasoning


def extract_choice(text: str) -> str | None:
    """The chosen option letter, or None when the text names none (scored as 'unparsed')."""
    visible, _ = strip_think(text)
    matches = ANSWER_LINE.findall(visible)
    if matches:
        return str(matches[-1]).upper()
    bare = BARE_LETTER.match(visible)
    return bare.group(1).upper() if bare else None


def normalize_text(text: str) -> str:
    """Free-text answers: strip, casefold, drop surrounding punctuation."""
    return text.strip(_EDGE_PUNCT).casefold().strip(_EDGE_PUNCT)
