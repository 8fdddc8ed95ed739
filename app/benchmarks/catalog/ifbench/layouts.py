"""IFBench's published layouts: the JSONL of the original release, and the Hub's Parquet."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from app.benchmarks.data_files import Layout
from app.item_files import ItemRecord, RowContext, jsonl_objects, parquet_rows


def parse_ifbench_jsonl(data: bytes, ctx: RowContext, encoding: str) -> list[ItemRecord]:
    """IFBench / IFEval: key, prompt, instruction_id_list, kwargs (one dict per instruction)."""
    return _ifbench_records(jsonl_objects(data, ctx, encoding), ctx)


def _present_kwargs(kwargs: object) -> object:
    """A Parquet struct column gives every instruction's kwargs every key that any row has,
    null where absent: the keys the row has (the checkers drop None kwargs anyway). Numbers
    stay as stored: the published JSONL holds whole numbers as floats too (N: 5.0)."""
    if not isinstance(kwargs, list):
        return kwargs
    return [{name: v for name, v in k.items() if v is not None} if isinstance(k, dict) else k
            for k in kwargs]


def parse_ifbench_parquet(data: bytes, ctx: RowContext, encoding: str) -> list[ItemRecord]:
    """IFBench as the Hub publishes it (`allenai/IFBench_test`, data/train-*.parquet): the
    JSONL layout's columns, one row a prompt."""
    rows = parquet_rows(data, ctx, ["key", "prompt", "instruction_id_list", "kwargs"])
    return _ifbench_records(((number, {**row, "kwargs": _present_kwargs(row["kwargs"])})
                             for number, row in enumerate(rows, start=1)), ctx)


def _ifbench_records(rows: Iterable[tuple[int, dict[str, Any]]],
                     ctx: RowContext) -> list[ItemRecord]:
    from app.benchmarks.catalog.ifbench.nltk_data import NltkDataUnavailable
    from app.benchmarks.catalog.ifbench.scoring import checker_classes

    try:
        known = set(checker_classes())
    except NltkDataUnavailable as exc:
        ctx.error(0, "file", f"cannot check instruction ids: {exc}")
        return []
    records = []
    for line, row in rows:
        ids, kwargs = row.get("instruction_id_list"), row.get("kwargs")
        if not isinstance(row.get("prompt"), str) or not row["prompt"].strip():
            ctx.error(line, "prompt", "prompt is missing or empty")
        elif not isinstance(ids, list) or not ids or not all(isinstance(i, str) for i in ids):
            ctx.error(line, "instruction_id_list", "a non-empty list of instruction ids")
        elif not isinstance(kwargs, list) or len(kwargs) != len(ids) or \
                not all(k is None or isinstance(k, dict) for k in kwargs):
            ctx.error(line, "kwargs", "one object (or null) per instruction id")
        elif unknown := [i for i in ids if i not in known]:
            ctx.error(line, "instruction_id_list", f"unknown instruction id(s): {unknown}")
        elif row.get("key") is None:
            ctx.error(line, "key", "key is missing")
        else:
            records.append(ItemRecord(
                external_id=str(row["key"]), split=ctx.split or "test", subject="ifbench",
                n_choices=None, payload={"question": row["prompt"], "instruction_id_list": ids,
                                         "kwargs": kwargs},
                meta={}, file=ctx.file, line=line))
    return records


LAYOUTS = (Layout("ifbench-jsonl", parse_ifbench_jsonl),
           Layout("ifbench-parquet", parse_ifbench_parquet))
