"""IFBench: each instruction checked by the official IFBench checker classes, strict and loose.

The evaluation loop mirrors IFBench's evaluation_lib: a checker is built from the item's
kwargs (None values dropped), rebuilt with the prompt when it asks for it; strict checks the
response as given, loose passes if any of eight variants passes (first / last / both lines
removed, each with and without '*'). An empty response follows nothing. The checkers come
from the `if-verifiable` package; their NLTK data from nltk_data.py (never downloaded). A
check that raises or runs past its time limit stops the evaluation of the prompt, as it
stops IFBench's own run: the sample is an `error` naming the instruction, not a prompt the
model failed (a broken environment, such as refused NLTK data, would otherwise read as a
worse model).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from app.benchmarks.catalog.ifbench.nltk_data import NLTK_DATA
from app.benchmarks.catalog.ifbench.payload import instructions_payload
from app.scoring import (
    KeyedItem,
    Prediction,
    PredictionError,
    Scope,
    Status,
    TimeLimitExceeded,
    Verdict,
    strip_think,
    time_limited,
)

CHECK_TIMEOUT_S = 10

DEFINITIONS = {
    "accuracy": "IFBench prompt-level loose accuracy: share of prompts whose every "
    "instruction passes under the loose check",
    "ifbench.prompt_strict": "share of prompts whose every instruction passes the strict check",
    "ifbench.instruction_loose": "share of all instructions that pass the loose check",
    "ifbench.instruction_strict": "share of all instructions that pass the strict check",
    "ifbench.prompt_loose_errors_unfollowed": "prompt-level loose accuracy read as a "
    "harness that catches a failing check reads it: a prompt whose check raised counts as "
    "not followed, over every prompt (errors included); the headline leaves them out",
    "ifbench.loose": "the response, and it with the first, last, or first and last lines "
    "removed, each also with every '*' removed; an instruction passes if any variant passes",
}


@functools.cache
def checker_classes() -> Mapping[str, Any]:
    """Instruction id -> checker class. The NLTK data must be in place before the import:
    the package otherwise tries to download it."""
    NLTK_DATA.require()
    from if_verifiable.ifbench.instructions_registry import (  # type: ignore[import-untyped]
        INSTRUCTION_DICT,
    )

    registry: Mapping[str, Any] = INSTRUCTION_DICT
    return registry


def loose_variants(response: str) -> list[str]:
    lines = response.split("\n")
    first = "\n".join(lines[1:]).strip()
    last = "\n".join(lines[:-1]).strip()
    both = "\n".join(lines[1:-1]).strip()
    return [response, response.replace("*", ""), first, last, both,
            first.replace("*", ""), last.replace("*", ""), both.replace("*", "")]


class CheckFailed(RuntimeError):
    """An instruction's checker raised or ran past its time limit on a response."""

    def __init__(self, instruction_id: str, cause: BaseException) -> None:
        super().__init__(f"the check of {instruction_id} failed: "
                         f"{type(cause).__name__}: {cause}")
        self.instruction_id = instruction_id


def _follows(checker: Any, instruction_id: str, text: str) -> bool:
    if not text.strip():
        return False
    try:
        with time_limited(CHECK_TIMEOUT_S):
            return bool(checker.check_following(text))
    except (TimeLimitExceeded, Exception) as exc:
        raise CheckFailed(instruction_id, exc) from exc


def check_instructions(prompt: str, instruction_ids: Sequence[str],
                       kwargs_list: Sequence[Mapping[str, Any] | None], response: str
                       ) -> tuple[list[bool], list[bool]]:
    """(strict, loose) verdict per instruction; CheckFailed where a checker raised."""
    classes = checker_classes()
    variants = loose_variants(response)
    strict, loose = [], []
    for index, instruction_id in enumerate(instruction_ids):
        checker = classes[instruction_id](instruction_id)
        kwargs = {k: v for k, v in (kwargs_list[index] or {}).items() if v is not None}
        try:
            checker.build_description(**kwargs)
            args = checker.get_instruction_args()
            if args and "prompt" in args:
                checker.build_description(prompt=prompt)
        except Exception as exc:
            raise CheckFailed(instruction_id, exc) from exc
        strict.append(_follows(checker, instruction_id, response))
        loose.append(any(_follows(checker, instruction_id, v) for v in variants))
    return strict, loose


def judge_ifbench(item: KeyedItem, pred: Prediction) -> Verdict:
    text = pred.response if pred.response is not None else pred.answer
    if text is None:
        raise PredictionError("response", "IFBench needs the model's `response` text")
    visible = strip_think(str(text))[0]
    read = instructions_payload(item.payload)
    ids = list(read.instruction_id_list)
    strict, loose = check_instructions(read.prompt, ids, read.kwargs, visible)
    detail = {"instruction_ids": ids, "strict": strict, "loose": loose}
    status = Status.CORRECT if all(loose) else Status.WRONG
    return Verdict(item.item_id, pred.repeat, status, None, detail)


@dataclass(frozen=True)
class GroupRates:
    instructions: int
    loose: float
    strict: float


@dataclass(frozen=True)
class IfbenchSummary:
    """Prompt-level and instruction-level rates, loose and strict, and per instruction
    group."""

    prompt_loose: float
    prompt_strict: float
    instruction_loose: float
    instruction_strict: float
    instruction_groups: dict[str, GroupRates]
    prompt_loose_errors_unfollowed: float

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def ifbench_summary(items: Sequence[KeyedItem], verdicts: Sequence[Verdict], scope: Scope
                    ) -> IfbenchSummary | None:
    """Strict and instruction-level figures over the judged prompts of the scope (a prompt
    whose check failed is an error, in no denominator); a missing prediction in scope
    follows nothing."""
    errored = [v for v in verdicts if v.status == "error"]
    by_id = {it.item_id: instructions_payload(it.payload).instruction_id_list for it in items}
    unchecked = [i for v in errored for i in by_id.get(v.item_id, ())]  # errored prompts'
    prompts = scope.pairs(items) - len(errored)
    instructions = sum(len(ids) * scope.of(i) for i, ids in by_id.items()) - len(unchecked)
    if prompts <= 0 or instructions <= 0:
        return None
    judged = [v for v in verdicts if v.status != "error"]
    prompt_strict = sum(all((v.detail or {}).get("strict", [False])) for v in judged)
    strict_hits, loose_hits = Counter[str](), Counter[str]()
    totals = Counter[str]()
    for it in items:
        for instruction_id in by_id[it.item_id]:
            totals[instruction_id.split(":")[0]] += scope.of(it.item_id)
    for instruction_id in unchecked:
        totals[instruction_id.split(":")[0]] -= 1
    for v in judged:
        detail = v.detail or {}
        for instruction_id, s, ok in zip(detail.get("instruction_ids", []),
                                         detail.get("strict", []), detail.get("loose", []),
                                         strict=True):
            group = instruction_id.split(":")[0]
            strict_hits[group] += s
            loose_hits[group] += ok
    correct = sum(v.status == "correct" for v in judged)
    return IfbenchSummary(
        prompt_loose=correct / prompts,
        prompt_strict=prompt_strict / prompts,
        instruction_loose=sum(loose_hits.values()) / instructions,
        instruction_strict=sum(strict_hits.values()) / instructions,
        instruction_groups={g: GroupRates(totals[g], loose_hits[g] / totals[g],
                                          strict_hits[g] / totals[g])
                            for g in sorted(totals) if totals[g] > 0},
        prompt_loose_errors_unfollowed=correct / (prompts + len(errored)),
    )
