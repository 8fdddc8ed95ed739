"""A toy benchmark, whole in this folder as a catalog entry would be: count the words of a
sentence. Its spec, its own import layout (tab-separated lines), its chat prompt, its
scoring (the last integer of the reply, and a mean absolute error beside accuracy) and its
Mobile Intelligence Index component. Registered by the test that uses it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from app.benchmarks.base import Composed, Roles
from app.benchmarks.data_files import Layout, Source
from app.benchmarks.prompt_builders import chat_turn
from app.benchmarks.prompt_types import BuiltPrompt, PromptItem
from app.benchmarks.protocol import About
from app.benchmarks.roles import Summary
from app.benchmarks.scorers import TextScorer
from app.benchmarks.solvers import ChatSolver
from app.benchmarks.spec import BenchmarkSpec
from app.benchmarks.summaries import AccuracyMetrics
from app.item_files.parsers import text_or_error
from app.item_files.records import ItemRecord, RowContext, build_record
from app.scoring.predictions import Prediction, PredictionError
from app.scoring.verdicts import KeyedItem, Scope, Status, Verdict

PROMPT = "How many words does this sentence have? Answer with a number.\n\n{question}"
INTEGER = re.compile(r"-?\d+")


def parse_words_tsv(data: bytes, ctx: RowContext, encoding: str) -> list[ItemRecord]:
    """`id<TAB>sentence<TAB>count` per line."""
    text = text_or_error(data, ctx, encoding)
    records = []
    for line, row in enumerate((text or "").splitlines(), start=1):
        cells = row.split("\t")
        if len(cells) != 3:
            ctx.error(line, "columns", f"expected 3 tab-separated columns, found {len(cells)}")
            continue
        rec = build_record(ctx, line, {"id": cells[0], "question": cells[1],
                                       "answer": cells[2], "subject": "words"}, default_id="")
        if rec is not None:
            records.append(rec)
    return records


def _count(text: str | None) -> int | None:
    found = INTEGER.findall(text or "")
    return int(found[-1]) if found else None


@dataclass(frozen=True)
class WordSolver(ChatSolver):
    def chat_prompt(self, item: PromptItem, repeat: int) -> BuiltPrompt:
        return chat_turn(PROMPT.format(question=item.payload["question"]))


@dataclass(frozen=True)
class WordScorer(TextScorer):
    def judge(self, item: KeyedItem, prediction: Prediction) -> Verdict:
        if prediction.response is None:
            raise PredictionError("response", "give the reply as `response`")
        said = _count(prediction.response)
        truth = int(next(iter(item.answers)))
        if said is None:
            return Verdict(item.item_id, prediction.repeat, Status.UNPARSED, None, {})
        return Verdict(item.item_id, prediction.repeat,
                       Status.CORRECT if said == truth else Status.WRONG, str(said),
                       {"error": abs(said - truth)})


@dataclass(frozen=True)
class MeanAbsError:
    value: float | None

    def as_json(self) -> dict[str, Any]:
        return {"mean_abs_error": self.value}


@dataclass(frozen=True)
class WordMetrics(AccuracyMetrics):
    def summarize(self, items: Sequence[KeyedItem], verdicts: Sequence[Verdict],
                  scope: Scope) -> Summary | None:
        errors = [(v.detail or {})["error"] for v in verdicts if "error" in (v.detail or {})]
        return MeanAbsError(sum(errors) / len(errors) if errors else None)


SPEC = BenchmarkSpec(
    name="toy-words", version="1", kind="freeform",
    description="Count the words of a sentence.", scoring="0/1: the last integer of the "
    "reply against the count; mean absolute error beside it.", prompt_template=PROMPT,
    layouts=("words-tsv", "jsonl"), default_layouts={"tsv": "words-tsv"})
BENCHMARK = Composed(
    SPEC, Roles(WordSolver, WordScorer, WordMetrics()),
    source=Source((Layout("words-tsv", parse_words_tsv),)),
    about=About(definitions={
        "toy.mean_abs_error": "mean over answered samples of |said - count|"}))
