"""API shapes for items and imports."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from app.http import RequestModel

OnConflict = Literal["reject", "replace"]


class ItemsImportJSON(RequestModel):
    """Rows in the generic layout, as in a generic JSONL file: `id` (optional), `question`,
    `choices` (mcq), `answer`, `subject`, `split`, `metadata`.

    `answer`: for mcq a letter ("B"), a 0-based index (1), a list for multi-correct items
    (["A", "C"]) or null when unkeyed; for freeform a string or a list of accepted strings.
    """

    # rows are checked by the layout's rules, not here; `object` keeps the schema open
    items: list[dict[str, object]] = Field(max_length=1_000_000)


class ItemRead(BaseModel):
    id: int
    benchmark: str
    external_id: str
    split: str
    subject: str
    n_choices: int | None
    question: str
    choices: list[str] | None = None
    answers: list[str] | None = Field(default=None, description="Correct letters (mcq)")
    references: list[str] | None = Field(default=None, description="Accepted answers (freeform)")
    task: dict[str, object] | None = Field(
        default=None, description="Benchmark-specific content: conversation turns, functions, "
        "ground truth and initial state; instruction ids and arguments")
    metadata: dict[str, object]


class ItemPage(BaseModel):
    items: list[ItemRead]
    next_cursor: str | None = Field(description="Pass as `cursor` for the next page; null at end")


class PromptRead(BaseModel):
    """What the item is sent as. loglikelihood: `text` plus the scored `continuations`;
    chat: `turns` of messages (one turn unless multi-turn) and, for tool calling, OpenAI `tools`."""

    item_id: int
    style: Literal["loglikelihood", "chat"]
    repeat: int
    text: str | None
    continuations: list[str]
    turns: list[list[dict[str, object]]]
    tools: list[dict[str, object]] | None
    detail: dict[str, object] = Field(description="Shots used, or the option permutation shown")
    template_sha256: str
