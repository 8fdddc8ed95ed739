"""PocketEval's BFCL verdicts against the official bfcl-eval checkers, case by case.

Every `multiple` item and every `multi_turn_base` item of the packaged v4 data is scored
under rule-covering mutations by both implementations (and multi-turn items by the offline
verifier's run of the official checker too); agreement must be total.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from app.benchmarks.catalog.bfcl.answers import with_turns
from app.benchmarks.catalog.bfcl.calls import InvalidCall, decode_tool_calls
from app.benchmarks.catalog.bfcl.multi_turn import decoded_steps
from app.benchmarks.catalog.bfcl.scoring import judge_bfcl
from app.scoring.predictions import Prediction
from app.scoring.verdicts import KeyedItem
from pocketeval_verify.multi_turn import judge_multi_turn
from tests.support.bfcl_cases import multi_turn_mutations, multiple_mutations, official_ast_checker

MODEL = "pocketeval_fc"  # an FC model whose tools carry '_' for '.'


def _rows(name: str) -> list[dict[str, Any]]:
    text = resources.files("bfcl_eval.data").joinpath(name).read_text("utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _joined(category: str) -> list[dict[str, Any]]:
    answers = {r["id"]: r["ground_truth"]
               for r in _rows(f"possible_answer/BFCL_v4_{category}.json")}
    return [r | {"ground_truth": answers[r["id"]]} for r in _rows(f"BFCL_v4_{category}.json")]


@pytest.fixture(scope="module")
def official_ast() -> Callable[..., dict[str, Any]]:
    return official_ast_checker()


def test_multiple_agrees_with_the_official_ast_checker(
        official_ast: Callable[..., dict[str, Any]]) -> None:
    cases: Counter[str] = Counter()
    disagreements = []
    for n, row in enumerate(_joined("multiple")):
        item = KeyedItem(n, "multiple", None, frozenset(), row["id"],
                         {"functions": row["function"], "ground_truth": row["ground_truth"]},
                         True)
        for case, calls in multiple_mutations(row["function"], row["ground_truth"]):
            ours = judge_bfcl(item, Prediction(item_id=n, tool_calls=calls)).status
            try:
                decoded = [{c.name: c.kwargs} for c in decode_tool_calls(calls)]
            except InvalidCall:
                official = False  # BFCL: an undecodable response fails the AST category
            else:
                official = official_ast(row["function"], decoded, row["ground_truth"])["valid"]
            cases[f"{case}:{official}"] += 1
            if (ours == "correct") != official:
                disagreements.append((row["id"], case, ours, official))
    assert disagreements == []
    assert cases["exact:True"] == 200 and cases["exact_dict_arguments:True"] == 200
    for rule in ("wrong_value", "wrong_type", "missing_required", "extra_parameter",
                 "wrong_function", "zero_calls", "two_calls", "malformed_json",
                 "string_near_miss"):
        assert cases[f"{rule}:False"] > 0, rule
    for rule in ("optional_omitted", "string_normalised", "int_for_float"):
        assert cases[f"{rule}:True"] > 0, rule


def test_multi_turn_agrees_with_the_official_checker() -> None:
    from bfcl_eval.eval_checker.multi_turn_eval.multi_turn_checker import multi_turn_checker

    cases: Counter[str] = Counter()
    disagreements = []
    for n, row in enumerate(_joined("multi_turn_base")):
        payload = {k: row[k] for k in ("initial_config", "involved_classes",
                                       "ground_truth")}
        item = KeyedItem(n, "multi_turn_base", None, frozenset(), row["id"], payload, True)
        for index, (case, turns) in enumerate(multi_turn_mutations(payload)):
            ours = judge_bfcl(item, with_turns(n, 0, turns)).status == "correct"
            if len(turns) != len(row["ground_truth"]):
                official = False  # BFCL: force-terminated conversation
            else:
                decoded = [[[c.render() for c in step] for step in decoded_steps(turn)]
                           for turn in turns]
                official = multi_turn_checker(decoded, row["ground_truth"],
                                              copy.deepcopy(row), "multi_turn_base",
                                              f"{MODEL}_{n}_{index}")["valid"]
            # the offline verifier: the official checker with its calls read, not eval-ed
            verifier = judge_multi_turn({"item_id": n, "payload": payload},
                                        {"detail": {"turns": turns}})
            cases[f"{case}:{official}"] += 1
            if ours != official or verifier != official:
                disagreements.append((row["id"], case, ours, verifier, official))
    assert disagreements == []
    assert cases["exact:True"] == 200
    for rule in ("missing_call", "empty_turn", "too_few_turns"):
        assert cases[f"{rule}:False"] > 0, rule
    assert cases["extra_read_only_call:True"] > 0
    assert cases["bad_json_step_dropped:True"] > 0
