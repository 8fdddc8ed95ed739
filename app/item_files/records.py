"""Turning one raw row of any layout into a validated item record, or row errors.

Every layout parser ends here, so the rules for ids, answers and choices live in one place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import JsonValue

from app.item_files.images import ImageError, parse_images
from app.scoring import MAX_CHOICES, AnswerError, parse_answer_key


@dataclass(frozen=True)
class RowError:
    file: str
    line: int
    field: str
    message: str

    def as_dict(self) -> dict[str, str | int]:
        return {"file": self.file, "line": self.line, "field": self.field, "message": self.message}


@dataclass
class ItemRecord:
    external_id: str
    split: str
    subject: str
    n_choices: int | None
    payload: dict[str, Any]  # read by each benchmark's own code, as Item.payload is
    meta: dict[str, JsonValue]
    file: str
    line: int


@dataclass
class RowContext:
    """What a parser knows besides the row: benchmark rules and per-file defaults."""

    kind: str
    answer_key_required: bool
    file: str
    split: str | None = None
    subject: str | None = None
    errors: list[RowError] = field(default_factory=list)

    def error(self, line: int, field_name: str, message: str) -> None:
        self.errors.append(RowError(self.file, line, field_name, message))


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return None


def build_record(ctx: RowContext, line: int, raw: Mapping[str, object], default_id: str,
                 meta: Mapping[str, JsonValue] | None = None) -> ItemRecord | None:
    """Validate one row (generic field names) and return its record, or log errors and None."""
    before = len(ctx.errors)
    ext = _text(raw.get("id"))
    external_id = ext.strip() if ext is not None and ext.strip() else default_id
    if len(external_id) > 200:
        ctx.error(line, "id", "id is longer than 200 characters")
    question = raw.get("question")
    if not isinstance(question, str) or not question.strip():
        ctx.error(line, "question", "question is missing or empty")
    split = _text(raw.get("split")) or ctx.split or "test"
    subject = _text(raw.get("subject")) or ctx.subject or "default"
    payload: dict[str, Any] = {"question": question}
    n_choices: int | None = None

    answer = raw.get("answer")
    if ctx.kind == "mcq":
        choices = raw.get("choices")
        if not isinstance(choices, list | tuple) or not all(isinstance(c, str) for c in choices):
            ctx.error(line, "choices", "choices must be a list of strings")
        elif not 2 <= len(choices) <= MAX_CHOICES:
            ctx.error(line, "choices", f"{len(choices)} choices; expected 2 to {MAX_CHOICES}")
        else:
            n_choices = len(choices)
            payload["choices"] = list(choices)
            try:
                payload["answers"] = answers = parse_answer_key(answer, n_choices)
            except AnswerError as exc:
                ctx.error(line, "answer", str(exc))
            else:
                if not answers and ctx.answer_key_required:
                    ctx.error(line, "answer", "answer is required for this benchmark")
    else:
        refs: list[Any] = answer if isinstance(answer, list) else [answer]
        texts = [_text(r) for r in refs if r is not None and r != ""]
        references = [t for t in texts if t is not None and t.strip()]
        if None in texts:
            ctx.error(line, "answer", "reference answers must be strings or numbers")
        elif not references and ctx.answer_key_required:
            ctx.error(line, "answer", "answer is required for this benchmark")
        payload["references"] = references

    if raw.get("images") not in (None, [], ""):
        try:
            payload["images"] = parse_images(raw["images"])
        except ImageError as exc:
            ctx.error(line, "images", str(exc))
    extra = raw.get("metadata")
    if extra is not None and not isinstance(extra, dict):
        ctx.error(line, "metadata", "metadata must be an object")
    if len(ctx.errors) > before:
        return None
    return ItemRecord(
        external_id=external_id,
        split=split.strip(),
        subject=subject.strip(),
        n_choices=n_choices,
        payload=payload,
        meta={**(meta or {}), **(extra if isinstance(extra, dict) else {})},
        file=ctx.file,
        line=line,
    )
