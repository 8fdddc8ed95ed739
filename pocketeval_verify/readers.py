"""Reading a response as the bundle's methodology says to, from its description alone.

The description (methodology/description.json, what the methodology's sha256 covers) holds
the answer reader's patterns, their flags and its rule in words. Two rules are known: a
chain (the last match of the first pattern that matches) and the standalone answer line
(the last match of the answer-line patterns, else a reply that is only a letter).
"""

from __future__ import annotations

import re
import string
from typing import Any

from pocketeval_verify.report import NotRejudged

THINK = re.compile(r"<think>.*?(?:</think>|$)", re.DOTALL | re.IGNORECASE)
CHAIN_RULE = "the last match of the first pattern that matches, stripped and upper-cased"
STANDALONE_RULE = "the last standalone 'Answer: X' line, else a reply that is only a letter"
EDGE = string.punctuation + string.whitespace + "\u3002\uff0c\uff1a"


def without_think(text: str) -> str:
    """The visible text: <think> blocks removed (an unclosed one runs to the end)."""
    return THINK.sub("", text)


def normalized(text: str) -> str:
    """Free text as compared: stripped of edge punctuation and white space, casefolded."""
    return text.strip(EDGE).casefold().strip(EDGE)


def read_letter(reader: dict[str, Any], response: str) -> str | None:
    visible = without_think(response)
    rule = reader.get("rule")
    if rule == CHAIN_RULE:
        for _name, regex in reader["patterns"]:
            found = [m.group(1) for m in re.finditer(regex, visible,
                                                     int(reader.get("flags", 0)))]
            if found and found[-1].strip():
                return found[-1].strip().upper()
        return None
    if rule == STANDALONE_RULE:
        # the rule's words say "line": its answer-line patterns match line by line
        named = {name: re.compile(regex, re.MULTILINE) for name, regex in reader["patterns"]}
        lines = [m for name in ("answer_line", "answer_line_lower")
                 for m in named[name].finditer(visible)]
        if lines:
            return max(lines, key=lambda m: m.start()).group(1).upper()
        bare = named["bare_letter"].match(visible)
        return bare.group(1).upper() if bare else None
    raise NotRejudged(f"the bundle's answer reader follows a rule this verifier does not "
                      f"know: {rule!r}")
