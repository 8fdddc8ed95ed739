"""Fields a posted prediction carries beyond the shared ones: each benchmark that reads more
than an answer, a response or tool calls declares them in its catalog folder as a subclass
of AnswerFields, so the request body, the scorer and the stored sample learn them from the
benchmark and shared code names none of them."""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import Field, JsonValue, create_model

from app.http import RequestModel


class ToolCallIn(RequestModel):
    """An OpenAI-style function call; `arguments` is an object or its JSON text."""

    name: str = Field(max_length=200)
    arguments: dict[str, JsonValue] | str = Field(default_factory=dict)

    def as_plain(self) -> dict[str, JsonValue]:
        return {"name": self.name, "arguments": self.arguments}


class AnswerFields(RequestModel):
    """A benchmark's own prediction fields. Its docstring tells clients what to post (it
    joins the request's description); `kept` maps a field to the sample-detail key its
    posted value is stored under (stored runs and pages read those keys)."""

    kept: ClassVar[Mapping[str, str]] = {}


@dataclass(frozen=True)
class MergedAnswers:
    """The declared fields of several benchmarks, ready to extend the request body."""

    fields: dict[str, tuple[Any, Any]]  # name -> (annotation, FieldInfo) for create_model
    kept: dict[str, str]  # field -> sample-detail key
    usage: tuple[str, ...]  # each declaring model's docstring


def merge_answer_fields(models: Iterable[type[AnswerFields]], shared: Iterable[str]
                        ) -> MergedAnswers:
    """One set of fields from every declaring model; a field declared twice (or already
    shared) would give one name two meanings, so it is refused."""
    taken = {name: "the shared prediction" for name in shared}
    fields: dict[str, tuple[Any, Any]] = {}
    kept: dict[str, str] = {}
    usage: list[str] = []
    for model in dict.fromkeys(models):
        for name, info in model.model_fields.items():
            if name in taken:
                raise ValueError(f"answer field {name!r} of {model.__qualname__} is "
                                 f"already declared by {taken[name]}")
            taken[name] = model.__qualname__
            fields[name] = (info.annotation, info)
        for name, key in model.kept.items():
            if name not in model.model_fields:
                raise ValueError(f"{model.__qualname__} keeps {name!r}, not one of its fields")
            if key in kept.values():
                raise ValueError(f"sample-detail key {key!r} is kept twice")
            kept[name] = key
        usage.append(inspect.cleandoc(model.__doc__ or ""))
    return MergedAnswers(fields, kept, tuple(u for u in usage if u))


def answers_model(merged: MergedAnswers) -> type[AnswerFields]:
    """One model holding every declared field, for the request body to inherit: the fields
    are known only once the benchmarks are registered."""
    fields: dict[str, Any] = dict(merged.fields)  # (annotation, FieldInfo) pairs
    return create_model("BenchmarkAnswers", __base__=AnswerFields, __module__=__name__,
                        **fields)
