"""API shapes of the audits."""

from __future__ import annotations

from pydantic import BaseModel, Field

from app.benchmarks import BenchmarkName
from app.http import RequestModel
from app.records import Interval
from app.scoring import LengthUnit, Predicate, ShortcutVariant


class UnitLengthRead(BaseModel):
    unit: LengthUnit
    key_longest_rate: float = Field(description="Share of items whose key is the strictly "
                                    "longest option in this unit")
    key_shortest_rate: float
    key_mean: float
    distractor_mean: float
    rule_satisfied_rate: float = Field(description="Share of items whose every distractor is "
                                       "at least as long as the key in this unit")
    satisfies_rule: bool


class LengthRead(BaseModel):
    n_items: int
    units: list[UnitLengthRead] = Field(description="The same measures in characters, words "
                                        "and, with a tokenizer, its tokens")
    key_longest_rate: float = Field(description="Share of items whose key is the strictly "
                                    "longest option")
    key_shortest_rate: float
    key_mean_chars: float
    distractor_mean_chars: float
    key_mean_words: float
    distractor_mean_words: float
    rule_satisfied_rate: float = Field(description="Share of items whose every distractor is "
                                       "at least as long as the key (the length rule)")
    satisfies_rule: bool


class SubjectLengthRead(LengthRead):
    subject: str


class BenchmarkLengthAudit(BaseModel):
    benchmark: str
    split: str | None
    tokenizer: str | None = Field(description="The GGUF whose tokenizer counted tokens")
    overall: LengthRead
    subjects: list[SubjectLengthRead]
    definitions: dict[str, str]


class RunLengthAudit(BaseModel):
    run_id: int
    benchmark: str
    unit: LengthUnit = Field(description="The unit `longest` is measured in")
    tokenizer: str | None
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


class LetterPreferenceRead(BaseModel):
    """Pearson's chi-square of the picks per letter, pooled over every arrangement, against
    the letters the keys were shown at; and how many items would detect a given preference."""

    picks: dict[str, int] = Field(description="Answered samples per letter picked")
    keys: dict[str, int] = Field(description="The same samples per letter of their key")
    statistic: float
    df: int
    p_value: float
    p_adjusted: float = Field(description="Holm over this test and the arrangement spread")
    favourite: str = Field(description="The letter the model picked most")
    preference: float = Field(description="The alternative sized: this share of the picks "
                              "moved to the favourite letter")
    effect_size: float = Field(description="Cohen's w of that alternative")
    items_needed: int | None = Field(description="Items (each shown under every "
                                     "arrangement of this run) for 80% power at 0.05")
    power_now: float = Field(description="Power against that alternative with this run's "
                             "samples")


class OrderAuditRead(BaseModel):
    run_id: int
    benchmark: str
    arrangements: list[ArrangementRead]
    best: str
    worst: str
    spread: float = Field(description="accuracy(worst) - accuracy(best), paired over items")
    spread_ci95: Interval | None
    p_value: float = Field(description="McNemar's exact test, worst against best")
    p_adjusted: float = Field(description="Bonferroni over the arrangement pairs, then Holm "
                              "over this test and the letter-preference test")
    letter_preference: LetterPreferenceRead | None = Field(
        description="The model's picks per letter against its keys' letters (None: no "
        "sample was answered)")
    order_sensitive: bool = Field(description="p_adjusted < 0.05 or letter_preference."
                                  "p_adjusted < 0.05")
    robust_accuracy: float | None
    robust_method: str
    definitions: dict[str, str]


class FlagRateRead(BaseModel):
    n_items: int
    n_flagged: int
    flag_rate: float
    ci95: Interval
    chance_flag_rate: float = Field(description="The rate a model guessing uniformly among "
                                    "each item's options would be flagged at")


class SubjectFlagRead(FlagRateRead):
    subject: str


class VariantRead(BaseModel):
    variant: ShortcutVariant
    accuracy: float = Field(description="Correct tries over all tries of the variant")
    overall: FlagRateRead
    subjects: list[SubjectFlagRead]


class TryRead(BaseModel):
    attempt: int = Field(description="The try, from 1")
    answer: str | None
    key_letter: str
    correct: bool
    order: list[int] = Field(description="order[p]: the stored option shown at position p")


class FlaggedItemRead(BaseModel):
    item_id: int
    external_id: str
    subject: str
    variant: ShortcutVariant
    correct_tries: int
    tries: list[TryRead]


class ShortcutAuditRead(BaseModel):
    run_id: int
    benchmark: str
    tries: int
    threshold: float
    rule: str = Field(description="The flag rule in words")
    variants: list[VariantRead]
    flagged: list[FlaggedItemRead]
    n_flagged_items: int = Field(description="Items flagged under at least one variant")
    definitions: dict[str, str]


class ShortcutDeriveIn(RequestModel):
    """A benchmark version without the items a no-shortcut audit flagged."""

    name: BenchmarkName
    benchmark: str | None = Field(default=None, description="The audited benchmark (needed "
                                  "when the run audited several)")
    variants: list[ShortcutVariant] | None = Field(
        default=None, description="Drop items flagged under these variants (default: any)")


class SubsetRuleIn(RequestModel):
    drop: Predicate = Field(description="all-correct | all-wrong | disagreement | "
                            "low-discrimination (see the definitions in the description)")
    group: list[str] = Field(min_length=1, max_length=50, description="Model names (each "
                             "one's latest finished run of the benchmark) or run ids")
    below: float | None = Field(default=None, ge=-1, le=1, description="disagreement: "
                                "agreement below this (default 1); low-discrimination: "
                                "discrimination below this (default 0)")


class SubsetDeriveIn(RequestModel):
    """A benchmark version without the items rules over several models' runs drop."""

    name: BenchmarkName
    rules: list[SubsetRuleIn] = Field(min_length=1, max_length=20)


class ScorecardComponentRead(BaseModel):
    name: str
    value: float | None
    weight: float = Field(description="As asked")
    weight_used: float | None = Field(description="Renormalised over the components with "
                                      "data; null when this one has none")
    inputs: list[float] = Field(description="The figures it is computed from (gaps, "
                                "accuracy losses, or per-run retention)")
    runs: list[int] = Field(description="The runs those figures come from")
    n_samples: int | None = None


class ScorecardRead(BaseModel):
    model: str
    score: float | None = Field(description="None where fewer than min_components "
                                "components have data")
    components_used: int = Field(description="Components the score rests on")
    min_components: int
    components: list[ScorecardComponentRead]
    missing: list[str] = Field(description="Components without data, left out")
    definitions: dict[str, str]


class TreatmentRead(BaseModel):
    treatment: str
    n_items: int
    accuracy: float
    ci95: Interval


class ModalityGapRead(BaseModel):
    treatment: str
    n_items: int
    difference: float = Field(description="accuracy(rendered) - accuracy(text), paired")
    ci95: Interval | None
    p_value: float | None
    p_method: str


class VisionAuditRead(BaseModel):
    run_id: int
    benchmark: str
    treatments: list[TreatmentRead]
    gaps: list[ModalityGapRead]
    definitions: dict[str, str]
