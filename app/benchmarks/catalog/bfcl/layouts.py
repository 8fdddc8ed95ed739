"""BFCL v4 files: question files, possible_answer files and multi-turn function docs.

All three are JSON Lines (named .json). Rows are recognised by their fields, so one upload
may mix them; `finish_bfcl` joins answers and function docs onto the questions by id.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import PurePath
from typing import Any

from app.benchmarks.catalog.bfcl.calls import InvalidCall, parse_call_string
from app.benchmarks.catalog.bfcl.multi_turn import CLASS_MODULES
from app.benchmarks.catalog.bfcl.scoring import CATEGORIES
from app.benchmarks.data_files import Layout
from app.item_files import ItemRecord, RowContext, RowError, jsonl_objects

DOC_CLASS = {module: cls for cls, module in CLASS_MODULES.items()}
# docs BFCL ships for classes outside the three categories here: accepted and ignored
UNUSED_DOC_FILES = frozenset({"memory_kv", "memory_rec_sum", "memory_vector", "web_search",
                              "long_context"})
PACKAGE_DATA = "bfcl_eval.data"
PART = "_bfcl_part"


def _category(item_id: str) -> str:
    return item_id.rsplit("_", 1)[0]


def _first_user_text(turns: Any) -> str:
    for turn in turns if isinstance(turns, list) else []:
        for message in turn if isinstance(turn, list) else []:
            if isinstance(message, dict) and message.get("role") == "user":
                return str(message.get("content", ""))
    return ""


def _question(ctx: RowContext, line: int, row: dict[str, Any]) -> ItemRecord | None:
    item_id = str(row["id"])
    category = _category(item_id)
    if category not in CATEGORIES:
        ctx.error(line, "id", f"{item_id!r}: category {category!r} is not one of "
                  f"{', '.join(CATEGORIES)}")
        return None
    turns = row["question"]
    if not isinstance(turns, list) or not all(isinstance(t, list) for t in turns):
        ctx.error(line, "question", "question must be a list of turns (lists of messages)")
        return None
    payload: dict[str, Any] = {"question": _first_user_text(turns), "turns": turns}
    if category == "multi_turn_base":
        involved = row.get("involved_classes")
        if not isinstance(involved, list) or not involved or \
                any(c not in CLASS_MODULES for c in involved):
            ctx.error(line, "involved_classes", f"involved_classes must name classes among "
                      f"{', '.join(CLASS_MODULES)}")
            return None
        payload |= {"initial_config": row.get("initial_config") or {},
                    "involved_classes": involved,
                    "excluded_function": row.get("excluded_function") or [],
                    "path": row.get("path") or []}
    else:
        functions = row.get("function")
        if not isinstance(functions, list) or not functions:
            ctx.error(line, "function", "function must be a non-empty list of function docs")
            return None
        payload["functions"] = functions
    return ItemRecord(external_id=item_id, split=ctx.split or "test", subject=category,
                      n_choices=None, payload=payload, meta={PART: "question"},
                      file=ctx.file, line=line)


def parse_bfcl_jsonl(data: bytes, ctx: RowContext, encoding: str) -> list[ItemRecord]:
    stem = PurePath(ctx.file).stem
    if stem in UNUSED_DOC_FILES:
        return []
    doc_class = DOC_CLASS.get(stem)
    records = []
    for line, row in jsonl_objects(data, ctx, encoding):
        if "id" in row and "question" in row:
            rec = _question(ctx, line, row)
            if rec is not None:
                records.append(rec)
        elif "id" in row and "ground_truth" in row:
            records.append(ItemRecord(str(row["id"]), ctx.split or "test", "", None,
                                      {"ground_truth": row["ground_truth"]}, {PART: "answer"},
                                      ctx.file, line))
        elif "name" in row and "parameters" in row and doc_class is not None:
            records.append(ItemRecord(f"{doc_class}.{row['name']}", "", doc_class, None, row,
                                      {PART: "doc"}, ctx.file, line))
        else:
            ctx.error(line, "row", "not a BFCL question (id, question), answer (id, "
                      "ground_truth) or function doc (name, parameters) in a "
                      "multi_turn_func_doc/<class file>.json")
    return records


def packaged_docs(class_name: str) -> list[dict[str, Any]] | None:
    """The function docs the bfcl-eval package ships for a class, if it is installed."""
    try:
        folder = resources.files(PACKAGE_DATA).joinpath("multi_turn_func_doc")
        text = folder.joinpath(f"{CLASS_MODULES[class_name]}.json").read_text("utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        return None
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _ground_truth_errors(rec: ItemRecord, answer: ItemRecord) -> str | None:
    truth = answer.payload["ground_truth"]
    if rec.subject == "multiple":
        ok = isinstance(truth, list) and len(truth) == 1 and isinstance(truth[0], dict) \
            and len(truth[0]) == 1 and isinstance(next(iter(truth[0].values())), dict)
        return None if ok else "ground_truth must be [{function: {param: [values]}}]"
    if not isinstance(truth, list) or not all(
            isinstance(t, list) and all(isinstance(s, str) for s in t) for t in truth):
        return "ground_truth must be a list of turns, each a list of call strings"
    if len(truth) != len(rec.payload["turns"]):
        return f"{len(truth)} ground-truth turns for {len(rec.payload['turns'])} question turns"
    for turn in truth:
        for call in turn:
            try:
                parse_call_string(call)
            except InvalidCall as exc:
                return f"ground-truth call {call[:80]!r}: {exc}"
    return None


def finish_bfcl(records: list[ItemRecord], errors: list[RowError]) -> list[ItemRecord]:
    """Join answers and docs onto questions; questions are the only records kept."""
    others = [r for r in records if PART not in r.meta]
    questions = [r for r in records if r.meta.get(PART) == "question"]
    answers = {r.external_id: r for r in records if r.meta.get(PART) == "answer"}
    docs: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        if r.meta.get(PART) == "doc":
            docs.setdefault(r.subject, []).append(r.payload)
    known = {q.external_id for q in questions}
    for ext, extra in answers.items():
        if ext not in known:
            errors.append(RowError(extra.file, extra.line, "id",
                                   f"answer for {ext!r}, which is not among the questions"))
    for rec in questions:
        rec.meta.pop(PART, None)
        answer = answers.get(rec.external_id)
        if rec.subject == "irrelevance":
            continue
        if answer is None:
            errors.append(RowError(rec.file, rec.line, "ground_truth",
                                   f"no possible_answer row for {rec.external_id!r}"))
            continue
        problem = _ground_truth_errors(rec, answer)
        if problem:
            errors.append(RowError(answer.file, answer.line, "ground_truth", problem))
            continue
        rec.payload["ground_truth"] = answer.payload["ground_truth"]
        if rec.subject == "multi_turn_base":
            functions = []
            for class_name in rec.payload["involved_classes"]:
                class_docs = docs.get(class_name) or packaged_docs(class_name)
                if class_docs is None:
                    errors.append(RowError(rec.file, rec.line, "involved_classes",
                                           f"no function docs for {class_name}: upload "
                                           f"multi_turn_func_doc/{CLASS_MODULES[class_name]}"
                                           f".json"))
                    break
                functions += [d for d in class_docs
                              if d.get("name") not in rec.payload["excluded_function"]]
            rec.payload["functions"] = functions
    return others + questions


LAYOUTS = (Layout("bfcl-jsonl", parse_bfcl_jsonl, finish_bfcl),)
