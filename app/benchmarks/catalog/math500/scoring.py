"""MATH-500: math-verify reads the whole response with its own extraction and compares it
with the gold answer (gold first). Pure.

math-verify's extraction is the reference users compare with: its default configurations
look for boxed answers first and then final-answer expressions, so "The answer is 9." is read
as 9 and "$\\boxed{1}$ and $\\boxed{-2}$" as the set {1, -2}. Nothing is pre-extracted here.

math-verify bounds its own work with signal.alarm, which only works on a process's main
thread; elsewhere its timeouts are switched off and the caller runs scoring in a worker
process (see app.server_pools.isolation) so a pathological expression cannot hang a server thread.
"""

from __future__ import annotations

import threading
from typing import Any

from app.scoring import KeyedItem, Prediction, PredictionError, Status, Verdict, key_of, strip_think

MAX_ANSWER_CHARS = 2_000  # a final answer given directly
MAX_RESPONSE_CHARS = 100_000  # a longer response is read from its last this-many characters
TIMEOUT_S = 5


def _timeouts() -> int | None:
    return TIMEOUT_S if threading.current_thread() is threading.main_thread() else None


def read_gold(gold: str) -> Any:
    from math_verify import parse  # type: ignore[import-untyped]  # sympy: lazy

    return parse(f"${gold}$", parsing_timeout=_timeouts())


def read_response(text: str) -> Any:
    """math-verify's reading of a response (its default extraction configurations)."""
    from math_verify import parse

    return parse(text, parsing_timeout=_timeouts())


def equivalent(gold: str, answer: Any) -> bool:
    """math_verify.verify(gold, answer), gold first; `answer` as read_response returns it."""
    from math_verify import verify

    return bool(verify(read_gold(gold), answer, timeout_seconds=_timeouts()))


def judge_math(item: KeyedItem, pred: Prediction) -> Verdict:
    """`response`: read whole by math-verify; `answer`: taken as the final answer."""
    if (pred.answer is None) == (pred.response is None):
        raise PredictionError("answer", "give exactly one of answer or response")
    detail: dict[str, Any] = {"decided_by": None}
    if pred.response is not None:
        text = strip_think(pred.response)[0]
        if len(text) > MAX_RESPONSE_CHARS:
            text = text[-MAX_RESPONSE_CHARS:]
            detail["read_from_last_chars"] = MAX_RESPONSE_CHARS
        parsed = read_response(text)
    else:
        answer = str(pred.answer).strip()
        if len(answer) > MAX_ANSWER_CHARS:
            return Verdict(item.item_id, pred.repeat, Status.WRONG, answer[:200],
                           {"decided_by": "length", "reason": f"over {MAX_ANSWER_CHARS} chars"})
        parsed = read_gold(answer) if answer else []
    if not parsed:
        return Verdict(item.item_id, pred.repeat, Status.UNPARSED, None, detail)
    extracted = str(parsed[-1])[:200]  # math-verify's own string of what it extracted
    references = list(key_of(item.payload))
    if not references:
        return Verdict(item.item_id, pred.repeat, Status.UNSCORED, extracted)
    ok = any(equivalent(ref, parsed) for ref in references)
    return Verdict(item.item_id, pred.repeat, Status.CORRECT if ok else Status.WRONG, extracted,
                   {**detail, "decided_by": "math_verify"})
