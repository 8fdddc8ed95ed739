"""API shapes of the audits."""

from __future__ import annotations

from pydantic import BaseModel, Field

from app.runs.reads import Interval


class LengthRead(BaseModel):
    n_items: int
    key_longest_rate: float = Field(description="Share of items whose key is the strictly "
                                    "longest option")
    key_shortest_rate: float
    key_mean_chars: float
    distractor_mean_chars: float
    key_mean_words: float
    distractor_mean_words: float
    rule_satisfied_rate: float = Field(description="Share of items whose every distractor is "
                                       "at least as long as the key (Mobile-MMLU's rule)")
    satisfies_rule: bool


class SubjectLengthRead(LengthRead):
    subject: str


class BenchmarkLengthAudit(BaseModel):
    benchmark: str
    split: str | None
    overall: LengthRead
    subjects: list[SubjectLengthRead]
    definitions: dict[str, str]


class RunLengthAudit(BaseModel):
    run_id: int
    benchmark: str
    n_samples: int
    longest_pick_rate: float = Field(description="How often the model chose the strictly "
                                     "longest option")
    key_longest_rate: float = Field(description="How often the key is the strictly longest "
                                    "option (what an unbiased model's longest-pick rate "
                                    "would approach if it were always right)")
    accuracy_key_longest: float | None
    ci95_key_longest: Interval | None
    n_key_longest: int
    accuracy_rest: float | None
    ci95_rest: Interval | None
    n_rest: int
    definitions: dict[str, str]


class ItemRead(BaseModel):
    item_id: int
    external_id: str
    subject: str
    difficulty: float = Field(description="Share of the models right (mean item score)")
    discrimination: float | None = Field(description="Corrected item-total correlation over "
                                         "the models (point-biserial for 0/1 scores)")
    agreement: float | None = Field(description="Share of the group giving its most common "
                                    "answer")
    modal_answer: str | None


class SubjectItemsRead(BaseModel):
    subject: str
    n_items: int
    mean_difficulty: float
    mean_discrimination: float | None


class ItemAnalysisRead(BaseModel):
    benchmark: str
    runs: dict[str, int] = Field(description="Model -> the run its scores come from")
    group: list[str]
    n_items: int
    items: list[ItemRead]
    subjects: list[SubjectItemsRead]
    definitions: dict[str, str]


class ArrangementRead(BaseModel):
    arrangement: str
    n_items: int
    accuracy: float
    ci95: Interval
    pick_rate: dict[str, float] = Field(description="Letter -> share of answers naming it")
    key_rate: dict[str, float] = Field(description="Letter -> share of items whose key was "
                                       "shown there")


class OrderAuditRead(BaseModel):
    run_id: int
    benchmark: str
    arrangements: list[ArrangementRead]
    best: str
    worst: str
    spread: float = Field(description="accuracy(worst) - accuracy(best), paired over items")
    spread_ci95: Interval | None
    p_value: float = Field(description="McNemar's exact test, worst against best")
    p_adjusted: float = Field(description="Bonferroni over the arrangement pairs")
    order_sensitive: bool = Field(description="p_adjusted < 0.05")
    robust_accuracy: float | None
    robust_method: str
    definitions: dict[str, str]
