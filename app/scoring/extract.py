"""Reading an answer out of raw model text. Pure functions over strings."""

from __future__ import annotations

import re
import string

THINK_BLOCK = re.compile(r"<think>.*?(?:</think>|$)", re.DOTALL | re.IGNORECASE)
# AA / simple-evals style, `(?i)Answer\s*:\s*\$?\(?([A-J])\)?`, and the LAST match decides; but
# the letter must stand alone, or "Answer: definitely not sure" would read as D and "Final
# answer: I don't know" as I. An upper-case letter counts when what follows it (after closing
# brackets, asterisks or . : , ;) is the end of the line or a character that is neither
# white space nor a letter: "Answer: B", "Answer: (B).", "Answer: B (the second)", but not
# "Answer: B because". A lower-case letter counts only when the line ends right after it:
# "answer: (c)", but not "Answer: a bit unsure, maybe C". Markdown bold is allowed around it.
_AFTER = r"[)\]*.:,;]*"
ANSWER_UPPER = re.compile(r"(?i:answer)\s*:[\s*]*\$?\(?\**([A-J])"
                          rf"(?={_AFTER}[ \t]*(?:$|[^\sA-Za-z']))", re.MULTILINE)
ANSWER_LOWER = re.compile(rf"(?i:answer)\s*:[\s*]*\$?\(?\**([a-j]){_AFTER}\$?[ \t]*$",
                          re.MULTILINE)
# A reply that is nothing but an option letter, as letter-only prompts ask for: "B", "(B)",
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
    last = max((m for pattern in (ANSWER_UPPER, ANSWER_LOWER)
                for m in pattern.finditer(visible)), key=lambda m: m.start(), default=None)
    if last is not None:
        return last.group(1).upper()
    bare = BARE_LETTER.match(visible)
    return bare.group(1).upper() if bare else None


def normalize_text(text: str) -> str:
    """Free-text answers: strip, casefold, drop surrounding punctuation."""
    return text.strip(_EDGE_PUNCT).casefold().strip(_EDGE_PUNCT)
