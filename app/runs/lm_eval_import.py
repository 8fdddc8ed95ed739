"""lm-evaluation-harness `--log_samples` output read as posted predictions, so existing lm-eval
runs are re-scored and compared here.

Each sample is matched to an item of the benchmark by its question text (whitespace and case
folded). Where the text alone is ambiguous (a benchmark may repeat a question, some copies
with their options in another order), the subject, then the options as lm-eval's doc lists
them narrow it, and of items alike in all three each sample takes the next one not yet
matched, in import order (lm-eval's samples follow the dataset's order, as the items were
imported).
Multiple-choice samples (`filtered_resps` of [log-likelihood, is_greedy] pairs) predict the
option with the highest log-likelihood, mapped by the option's text where lm-eval shuffled
them; generated samples give their raw response to this benchmark's own extraction.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import dataclass, field

from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.orm import Session

from app.http import InvalidInput
from app.runs.posted import score_posted
from app.runs.read_schemas import ScoreResponse
from app.runs.schemas import PredictionIn, ScoreRequest
from app.scoring import LETTERS, ChoicePayload, read_payload
from app.tables import Benchmark, Item

QUESTION_FIELDS = ("question", "Question", "problem", "prompt", "query")
MAX_UNMAPPED_SHOWN = 20


class LmEvalImportRead(BaseModel):
    score: ScoreResponse
    samples: int = Field(description="Sample lines read")
    mapped: int
    unmapped: int = Field(description="Samples whose question matched no item")
    unmapped_examples: list[str] = Field(description=f"Up to {MAX_UNMAPPED_SHOWN} of them")


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


def _options(choices: object) -> list[str] | None:
    return [_norm(str(c)) for c in choices] if isinstance(choices, list) else None


@dataclass
class _Index:
    by_text: dict[str, list[Item]] = field(default_factory=lambda: defaultdict(list))
    taken: set[int] = field(default_factory=set)

    def find(self, question: str, subject: str | None, choices: object) -> Item | None:
        found = self.by_text.get(_norm(question), [])
        if len(found) > 1 and subject is not None:
            found = [it for it in found if _norm(it.subject) == _norm(subject)]
        shown = _options(choices)
        if len(found) > 1 and shown is not None:
            same = [it for it in found if _options(_choices(it)) == shown]
            found = same or found
        item = next((it for it in found if it.id not in self.taken), None)
        if item is None or (len(found) > 1 and shown is None):
            return None  # nothing left, or alike items told apart by nothing
        self.taken.add(item.id)
        return item


def _choices(item: Item) -> list[str] | None:
    """A choice item's options; None for any other item."""
    read = read_payload(item.payload)
    return list(read.choices) if isinstance(read, ChoicePayload) else None


def _index(session: Session, bench: Benchmark, split: str | None) -> _Index:
    index = _Index()
    stmt = select(Item).where(Item.benchmark_id == bench.id)
    if split is not None:
        stmt = stmt.where(Item.split == split)
    for item in session.scalars(stmt.order_by(Item.id)):
        question = read_payload(item.payload).question
        if question:
            index.by_text[_norm(question)].append(item)
    return index


def _loglikelihoods(filtered: object) -> list[float] | None:
    if not isinstance(filtered, list) or not filtered:
        return None
    try:
        return [float(pair[0]) for pair in filtered]
    except (TypeError, ValueError, IndexError, KeyError):
        return None


def _prediction(line: dict[str, object], item: Item) -> PredictionIn:
    doc = line.get("doc") if isinstance(line.get("doc"), dict) else {}
    assert isinstance(doc, dict)
    scores = _loglikelihoods(line.get("filtered_resps"))
    choices = _choices(item)
    if scores is not None and choices:
        best = max(range(len(scores)), key=scores.__getitem__)
        shown = doc.get("choices")
        if isinstance(shown, list) and len(shown) == len(scores):
            wanted = _norm(str(shown[best]))
            index = next((i for i, c in enumerate(choices) if _norm(str(c)) == wanted), best)
        else:
            index = best
        return PredictionIn(item_id=item.id, answer=LETTERS[index] if index < len(LETTERS)
                            else None)
    resps, filtered = line.get("resps"), line.get("filtered_resps")
    raw = resps[0][0] if isinstance(resps, list) and resps and isinstance(resps[0], list) \
        and resps[0] else None
    answer = filtered[0] if isinstance(filtered, list) and filtered \
        and isinstance(filtered[0], str) else None
    if choices and answer is not None and answer.strip() in LETTERS[:len(choices)]:
        return PredictionIn(item_id=item.id, answer=answer.strip())  # lm-eval's own filter
    text = raw if raw else answer
    return PredictionIn(item_id=item.id, response=str(text) if text is not None else None)


def import_samples(session: Session, bench: Benchmark, files: list[tuple[str, bytes]],
                   model: str, split: str | None, max_errors: int,
                   created_by: str | None = None) -> LmEvalImportRead:
    index = _index(session, bench, split)
    predictions: list[PredictionIn] = []
    unmapped: list[str] = []
    read = 0
    for name, data in files:
        for number, text in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
            if not text.strip():
                continue
            try:
                line = json.loads(text)
            except (json.JSONDecodeError, RecursionError):
                raise InvalidInput(f"{name} line {number} is not JSON",
                                   field=f"file:{name}:{number}") from None
            if not isinstance(line, dict) or not isinstance(line.get("doc"), dict):
                raise InvalidInput(f"{name} line {number} is not an lm-eval sample (no doc)",
                                   field=f"file:{name}:{number}")
            read += 1
            doc = line["doc"]
            question = next((doc[f] for f in QUESTION_FIELDS if isinstance(doc.get(f), str)),
                            None)
            subject = doc.get("subject") if isinstance(doc.get("subject"), str) else None
            item = index.find(question, subject, doc.get("choices")) \
                if question is not None else None
            if item is None:
                unmapped.append(f"{name}:{number} doc_id {line.get('doc_id')}")
                continue
            predictions.append(_prediction(line, item))
    if not predictions:
        raise InvalidInput(f"none of the {read} samples matched an item of {bench.name}",
                           field="file")
    scored = score_posted(session, bench, ScoreRequest(predictions=predictions, model=model,
                                                       split=split, missing="exclude"),
                          max_errors, created_by)
    return LmEvalImportRead(score=scored, samples=read, mapped=len(predictions),
                            unmapped=len(unmapped),
                            unmapped_examples=unmapped[:MAX_UNMAPPED_SHOWN])
