"""Each sample judged again from its item line and raw output, by the benchmark's check.

A verdict is one of correct, wrong, unparsed (nothing could be read), unscored (no key);
samples the server marked `error` (its scorer raised) carry no verdict to check.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import hashlib
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

from pocketeval_verify.multi_turn import judge_multi_turn
from pocketeval_verify.readers import normalized, read_letter, without_think
from pocketeval_verify.report import NotRejudged
from pocketeval_verify.tool_calls import Undecodable, decoded_calls

LETTERS = "ABCDEFGHIJ"
MAX_RESPONSE_CHARS = 100_000  # math: a longer response is read from its last characters


Judge = Callable[[dict[str, Any], dict[str, Any], dict[str, Any]], tuple[str, str | None]]


def _by_key(letter: str | None, key: list[str] | None) -> str:
    if letter is None:
        return "unparsed"
    if not key:
        return "unscored"
    return "correct" if letter in key else "wrong"


def choice(item: dict[str, Any], sample: dict[str, Any], method: dict[str, Any]
           ) -> tuple[str, str | None]:
    logprobs = (sample.get("detail") or {}).get("logprobs")
    if isinstance(logprobs, list) and logprobs:
        best = max(range(len(logprobs)), key=lambda i: (logprobs[i], -i))
        letter: str | None = LETTERS[best]
    elif sample.get("response") is not None:
        letter = read_letter(method["reader"], sample["response"])
    else:
        letter = sample.get("answer")
    return _by_key(letter, item.get("key")), letter


# the published permutation rule a GPQA bundle states (its benchmark's rules); a bundle that
# states another is not judged again
PERMUTATION_RULE = (
    "random.Random(int(sha256('gpqa:{external_id}:{repeat}')[:16], 16)).shuffle([0, 1, 2, 3]); "
    "position i of the prompt shows stored option permutation[i]; stored option 0 is correct")


def shuffled_choice(item: dict[str, Any], sample: dict[str, Any], method: dict[str, Any]
                    ) -> tuple[str, str | None]:
    """The letter read against the letter the correct option (stored first) was shown at,
    by the permutation the rule fixes for the item and repeat."""
    if method.get("rules", {}).get("gpqa.permutation") != PERMUTATION_RULE:
        raise NotRejudged("the bundle states no permutation rule this verifier knows")
    seed = hashlib.sha256(f"gpqa:{item['external_id']}:{sample['repeat']}".encode())
    order = list(range(int(item["n_choices"] or 4)))
    random.Random(int(seed.hexdigest()[:16], 16)).shuffle(order)
    _, letter = choice(item, sample, method)
    if letter is None:
        return "unparsed", None
    return ("correct" if letter == LETTERS[order.index(0)] else "wrong"), letter


def text(item: dict[str, Any], sample: dict[str, Any], method: dict[str, Any]
         ) -> tuple[str, str | None]:
    raw = sample.get("response")
    said = without_think(raw) if raw is not None else sample.get("answer")
    if said is None or not normalized(str(said)):
        return "unparsed", None
    answer = normalized(str(said))
    return _by_key(answer, item.get("key")), answer


def math(item: dict[str, Any], sample: dict[str, Any], method: dict[str, Any]
         ) -> tuple[str, str | None]:
    from math_verify import parse, verify  # type: ignore[import-untyped]

    if sample.get("response") is not None:
        parsed = parse(without_think(sample["response"])[-MAX_RESPONSE_CHARS:])
    else:
        answer = str(sample.get("answer") or "").strip()
        parsed = parse(f"${answer}$") if answer else []
    if not parsed:
        return "unparsed", None
    references = [str(r) for r in item["payload"].get("references") or ()]
    if not references:
        return "unscored", str(parsed[-1])[:200]
    ok = any(verify(parse(f"${ref}$"), parsed) for ref in references)
    detail = sample.get("detail") or {}
    if not ok and "judge" in str(detail.get("decided_by") or ""):
        # math-verify said no and the grader was asked: its stored reply decides
        ok = _equal_by_rule(detail, method)
    return ("correct" if ok else "wrong"), str(parsed[-1])[:200]


EQUAL_RULES = ("math_checker_reply", "replies.math-500.checker")
YES_RULE = "reply.strip().lower() == 'yes'"
KEYWORD_RULE = "the first of yes / no as a word, case-insensitive; neither is an error"


def _equal_by_rule(detail: dict[str, Any], method: dict[str, Any]) -> bool:
    """The equality checker's stored reply read again by the methodology's reply rule."""
    if "judge_reply" not in detail:
        raise NotRejudged("a grader model decided this sample's equality and its reply "
                          "is not in the bundle")
    reply = str(detail["judge_reply"] or "")
    rule = next((method[key] for key in EQUAL_RULES if key in method), None)
    if rule is not None and rule.get("rule") == YES_RULE:
        return reply.strip().lower() == "yes"
    if rule is not None and rule.get("rule") == KEYWORD_RULE:
        found = re.search(rf"\b({rule['yes']}|{rule['no']})\b", reply, re.IGNORECASE)
        if found is None:
            raise NotRejudged("the grader's reply names neither word: the server could not "
                              "have read a verdict from it")
        return found.group(1).upper() == str(rule["yes"]).upper()
    raise NotRejudged("the bundle's methodology states no equality reply rule this verifier "
                      "knows")


@contextlib.contextmanager
def _offline() -> Iterator[None]:
    """IFBench's instructions module fetches a spaCy model at import that it never uses, and
    its checkers call nltk.download although the data is installed: offline, both do
    nothing while the official module is imported and run."""
    import nltk  # type: ignore[import-untyped]
    import spacy.cli

    saved = spacy.cli.download, nltk.download  # type: ignore[attr-defined]
    spacy.cli.download = lambda *a, **k: None  # type: ignore[attr-defined]
    nltk.download = lambda *a, **k: True
    try:
        yield
    finally:
        spacy.cli.download, nltk.download = saved  # type: ignore[attr-defined]


@functools.cache
def _ifbench() -> Any:
    with _offline():
        from ifbench import evaluation_lib

    return evaluation_lib


def instructions(item: dict[str, Any], sample: dict[str, Any], method: dict[str, Any]
                 ) -> tuple[str, str | None]:
    official = _ifbench()
    payload = item["payload"]
    raw = sample.get("response") if sample.get("response") is not None else sample.get("answer")
    prompt = str(payload["question"])
    example = official.InputExample(key=0, instruction_id_list=list(payload["instruction_id_list"]),
                                    prompt=prompt, kwargs=list(payload["kwargs"]))
    given = {prompt: without_think(str(raw or ""))}
    # IFBench's own order: strict first (it drops None kwargs in place), then loose
    try:
        with _offline():
            official.test_instruction_following_strict(example, given)
            out = official.test_instruction_following_loose(example, given)
    except Exception as exc:  # noqa: BLE001  (IFBench's own run stops here: no verdict)
        return "error", f"{type(exc).__name__}: {exc}"
    return ("correct" if out.follow_all_instructions else "wrong"), None


# bfcl-eval's AST checker is given calls as an FC model's: tools carry '_' for '.'
BFCL_MODEL = "pocketeval_verify_fc"


@functools.cache
def official_ast_checker() -> Callable[..., dict[str, Any]]:
    """bfcl-eval's AST checker. Its module imports every model handler of the leaderboard
    (gigabytes of client SDKs) only for their name-mangling table: a one-entry table stands
    in for it while it is imported."""
    import sys
    import types

    entry = types.SimpleNamespace(underscore_to_dot=True)
    stub = types.ModuleType("bfcl_eval.constants.model_config")
    stub.MODEL_CONFIG_MAPPING = {BFCL_MODEL.replace("_", "/"): entry}  # type: ignore[attr-defined]
    saved = sys.modules.get(stub.__name__)
    sys.modules[stub.__name__] = stub
    try:
        from bfcl_eval.constants.enums import Language  # type: ignore[import-untyped]
        from bfcl_eval.eval_checker.ast_eval import (  # type: ignore[import-untyped]
            ast_checker as module,
        )
    finally:
        if saved is not None:
            sys.modules[stub.__name__] = saved
    # imported before (with the leaderboard's table or another stand-in): our entry added
    module.MODEL_CONFIG_MAPPING.setdefault(BFCL_MODEL.replace("_", "/"), entry)
    ast_checker = module.ast_checker

    def check(functions: Any, output: Any, truth: Any) -> dict[str, Any]:
        result: dict[str, Any] = ast_checker(copy.deepcopy(functions), output,
                                             copy.deepcopy(truth), Language.PYTHON,
                                             "multiple", BFCL_MODEL)
        return result
    return check


def tool_calls(item: dict[str, Any], sample: dict[str, Any], method: dict[str, Any]
               ) -> tuple[str, str | None]:
    """multiple: bfcl-eval's AST checker; irrelevance: correct iff no decodable call;
    multi_turn_base: bfcl-eval's multi-turn checker, its calls run without eval."""
    category = item["subject"]
    if category == "multi_turn_base":
        return ("correct" if judge_multi_turn(item, sample) else "wrong"), None
    try:
        calls = decoded_calls((sample.get("detail") or {}).get("tool_calls"))
    except Undecodable:
        return ("correct" if category == "irrelevance" else "wrong"), None
    if category == "irrelevance":
        return ("wrong" if calls else "correct"), None
    payload = item["payload"]
    valid = official_ast_checker()(payload["functions"], calls, payload["ground_truth"])["valid"]
    return ("correct" if valid else "wrong"), None


LETTER_RULE = "one letter, re.search(pattern, reply)"
WORD_RULE = "first grade word, case-insensitive; none is an error"
GRADE_REPLIES = ("knowledge_grades", "replies.aa-omniscience.grader")


def grade_of(sample: dict[str, Any], method: dict[str, Any]) -> str | None:
    """The grade: the grader's stored reply read again by the methodology's reply rule, or
    the grade that was uploaded (the prediction itself)."""
    detail = sample.get("detail") or {}
    reply = detail.get("judge_reply")
    if reply is None:
        grade = detail.get("grade")
        return None if grade is None else str(grade)
    rule = next((method[key] for key in GRADE_REPLIES if key in method), None)
    if rule is None or rule.get("rule") not in (LETTER_RULE, WORD_RULE):
        raise NotRejudged("the bundle's methodology states no grade reply rule this "
                          "verifier knows")
    if rule["rule"] == LETTER_RULE:
        found = re.search(rule["pattern"], str(reply))
        return str(rule["letters"][found.group(0)]) if found else str(rule["fallback"])
    found = re.search(rule["pattern"], str(reply), re.IGNORECASE)
    return None if found is None else found.group(0).upper().replace(" ", "_")


def grades(item: dict[str, Any], sample: dict[str, Any], method: dict[str, Any]
           ) -> tuple[str, str | None]:
    """The grade decides: CORRECT is correct, every other grade wrong."""
    grade = grade_of(sample, method)
    if grade is None:
        return "error", "no grade could be read"
    return ("correct" if grade == "CORRECT" else "wrong"), None


def not_rejudged(item: dict[str, Any], sample: dict[str, Any], method: dict[str, Any]
                 ) -> tuple[str, str | None]:
    raise NotRejudged("this verifier does not judge this check yet")


JUDGES: dict[str, Judge] = {"choice": choice, "shuffled-choice": shuffled_choice,
                            "text": text, "math": math, "instructions": instructions,
                            "tool-calls": tool_calls, "grades": grades}


def judge_for(check: str) -> Judge:
    return JUDGES.get(check, not_rejudged)
