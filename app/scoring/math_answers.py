"""MATH-500: the last \\boxed{} of the response, checked with math-verify (gold first). Pure.

math-verify bounds its own work with signal.alarm, which only works on a process's main
thread; elsewhere its timeouts are switched off and the caller runs scoring in a worker
process (see app.scoring.isolation) so a pathological expression cannot hang a server thread.
"""

from __future__ import annotations

import threading
from typing import Any

from app.scoring.extract import strip_think
from app.scoring.predictions import Prediction, PredictionError
from app.scoring.verdicts import KeyedItem, Verdict

MAX_ANSWER_CHARS = 2_000
TIMEOUT_S = 5
_BOXES = ("\\boxed", "\\fbox")


def last_boxed(text: str) -> str | None:
    """Content of the last \\boxed{...} (or \\fbox{...}, or `\\boxed x`), braces balanced."""
    start = max(text.rfind(b) for b in _BOXES)
    if start < 0:
        return None
    rest = text[start:]
    rest = rest[len("\\boxed"):] if rest.startswith("\\boxed") else rest[len("\\fbox"):]
    if rest.startswith(" "):  # `\boxed 5`: the token up to the next space or `$`
        token = rest[1:].split("$")[0].split()
        return token[0] if token else None
    if not rest.startswith("{"):
        return None
    depth = 0
    for i, ch in enumerate(rest):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return rest[1:i]
    return None


def _timeouts() -> int | None:
    return TIMEOUT_S if threading.current_thread() is threading.main_thread() else None


def equivalent(gold: str, answer: str) -> bool:
    """math_verify.verify(parse(gold), parse(answer)), both read as boxed LaTeX."""
    from math_verify import parse, verify  # type: ignore[import-untyped]  # sympy: lazy

    timeout = _timeouts()
    gold_parsed: Any = parse(f"\\boxed{{{gold}}}", parsing_timeout=timeout)
    answer_parsed: Any = parse(f"\\boxed{{{answer}}}", parsing_timeout=timeout)
    return bool(verify(gold_parsed, answer_parsed, timeout_seconds=timeout))


def judge_math(item: KeyedItem, pred: Prediction) -> Verdict:
    """`response`: the boxed answer is extracted; `answer`: taken as the final answer."""
    if (pred.answer is None) == (pred.response is None):
        raise PredictionError("answer", "give exactly one of answer or response")
    if pred.response is not None:
        extracted = last_boxed(strip_think(pred.response)[0])
    else:
        extracted = str(pred.answer).strip() or None
    if extracted is None:
        return Verdict(item.item_id, pred.repeat, "unparsed", None, {"decided_by": None})
    references = [str(r) for r in item.payload.get("references") or ()]
    if not references:
        return Verdict(item.item_id, pred.repeat, "unscored", extracted[:200])
    if len(extracted) > MAX_ANSWER_CHARS:
        return Verdict(item.item_id, pred.repeat, "wrong", extracted[:200],
                       {"decided_by": "length", "reason": f"over {MAX_ANSWER_CHARS} chars"})
    ok = any(equivalent(ref, extracted) for ref in references)
    return Verdict(item.item_id, pred.repeat, "correct" if ok else "wrong", extracted[:200],
                   {"decided_by": "math_verify"})
