"""A prediction field one benchmark reads is declared in that benchmark's catalog folder
(its answer model), never on the shared prediction types; the request body takes the
declared fields from the registry and the stored samples keep them under the same keys."""

from __future__ import annotations

import dataclasses
from collections import defaultdict

import pytest
from pydantic import Field

from app.benchmarks.answer_fields import AnswerFields, merge_answer_fields
from app.benchmarks.registry import answer_models, benchmarks
from app.runs.posted import sample_detail, to_predictions
from app.runs.schemas import ANSWERS, PredictionBase, PredictionIn
from app.scoring.predictions import Prediction
from app.scoring.verdicts import Status, Verdict

SHARED = {"item_id", "external_id", "repeat", "answer", "response", "tool_calls"}
CATALOG = "app.benchmarks.catalog."


def test_the_shared_prediction_types_hold_only_the_shared_fields() -> None:
    assert set(PredictionBase.model_fields) == SHARED
    assert {f.name for f in dataclasses.fields(Prediction)} == SHARED | {"extra"}


def test_each_declared_field_comes_from_one_catalog_folder() -> None:
    folders: dict[str, set[str]] = defaultdict(set)
    for benchmark in benchmarks().values():
        model = benchmark.about.answer_fields
        if model is None:
            continue
        assert model.__module__.startswith(CATALOG), model
        folder = model.__module__.removeprefix(CATALOG).split(".")[0]
        for name in model.model_fields:
            folders[name].add(folder)
    assert {n: len(f) for n, f in folders.items()} == {n: 1 for n in folders}
    assert set(PredictionIn.model_fields) == SHARED | set(folders)
    assert set(ANSWERS.fields) == set(folders)
    assert len(answer_models()) >= 2


def test_the_request_body_is_a_declared_class_with_the_shared_fields_first() -> None:
    """PredictionIn is a class statement (what mypy checks), not a model made at import:
    the shared fields and their validator come first, the declared ones after, and its
    description tells clients what each benchmark reads."""
    assert PredictionIn.__name__ == "PredictionIn" and PredictionIn.__module__ == \
        "app.runs.schemas"
    assert issubclass(PredictionIn, PredictionBase) and issubclass(PredictionIn, AnswerFields)
    names = list(PredictionIn.model_fields)
    assert names[:len(SHARED)] == list(PredictionBase.model_fields)
    assert names[len(SHARED):] == list(ANSWERS.fields)
    description = PredictionIn.model_json_schema()["description"]
    assert all(usage in description for usage in ANSWERS.usage)
    with pytest.raises(ValueError, match="name the item"):
        PredictionIn(answer="A")


class _Again(AnswerFields):
    """`grade` once more."""

    grade: str | None = Field(default=None, max_length=10)


class _Shared(AnswerFields):
    response: str | None = None


@pytest.mark.parametrize("model", [_Again, _Shared])
def test_a_field_declared_twice_is_refused(model: type[AnswerFields]) -> None:
    with pytest.raises(ValueError, match="already declared"):
        merge_answer_fields([*answer_models(), model], PredictionBase.model_fields)


def test_declared_fields_reach_the_scorer_and_the_sample_as_before() -> None:
    step = {"tool_calls": [{"name": "ls", "arguments": {"a": 1}}], "content": None}
    posted = [PredictionIn.model_validate({"item_id": 1, "turns": [[step]]}),
              PredictionIn.model_validate({"item_id": 2, "response": "x", "grade": "CORRECT"}),
              PredictionIn.model_validate({"item_id": 3, "answer": "B"})]
    predictions = to_predictions(posted)
    assert [p.extra for p in predictions] == [{"turns": [[step]]}, {"grade": "CORRECT"}, {}]
    details = [sample_detail(Verdict(i + 1, 0, Status.CORRECT, None, None), p, pred)
               for i, (p, pred) in enumerate(zip(posted, predictions, strict=True))]
    assert details == [{"turns": [[step]]}, {"posted_grade": "CORRECT"}, {"posted_answer": "B"}]
