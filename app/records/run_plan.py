"""A run's plan: made once by planning, stored on the run and hashed (`config_sha256`).

What happens while the run goes on (a llama-server's pid, measured memory, figures from a
phone) is the run's runtime record, never written into the plan, so the hash keeps
describing what was asked for."""

from __future__ import annotations

import hashlib
import json
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Discriminator, Field, JsonValue, Tag, model_validator

from app.http import Conflict, RequestModel, any_of_given
from app.methodology import LEGACY, Methodology, find
from app.records.audit_plan import AuditPlan
from app.records.decided_stop import Decided
from app.records.memory_eligibility import EligibilityRead
from app.records.pull_record import PullPlan
from app.records.run_enums import (
    McqMode,
    RepeatsGenerated,
    ReuseMode,
    RunKind,
    SampleStyle,
    ToolChoice,
)

Json = dict[str, JsonValue]


class MethodologyPin(BaseModel):
    """The methodology a run's prompts, answer reading, grading and sampling follow (by
    name and version, with the hash of its texts), and where the run departs from it."""

    name: str
    version: str
    sha256: str
    deviations: list[str] = Field(default_factory=list)

    @classmethod
    def of(cls, methodology: Methodology, deviations: list[str] | None = None
           ) -> MethodologyPin:
        return cls(name=methodology.name, version=methodology.version,
                   sha256=methodology.sha256, deviations=deviations or [])

    @property
    def label(self) -> str:
        return f"{self.name}@{self.version}"

    def resolve(self) -> Methodology:
        """The methodology pinned, refused when its texts are no longer the ones pinned: a
        run resumed or rescored must not read with other texts under the same label."""
        try:
            found = find(self.name, self.version)
        except KeyError as exc:
            raise Conflict(f"the run pins methodology {self.label}, which this server does "
                           "not have", field="methodology") from exc
        if found.sha256 != self.sha256:
            raise Conflict(f"the run pins {self.label} with sha256 {self.sha256}; this "
                           f"server's {self.label} is {found.sha256}: its texts changed",
                           field="methodology")
        return found


LEGACY_PIN = MethodologyPin.of(LEGACY)  # plans stored before pins: PocketEval's own texts


class BenchmarkPlan(BaseModel):
    name: str
    benchmark_id: int
    split: str | None
    repeats: int
    item_ids: list[int]
    style: SampleStyle = SampleStyle.CHAT
    prompt_template_sha256: str = ""
    # audits: the treatment of each repeat: an option arrangement (option-order audits, of
    # items with n_options options) or `variant/try` (no-shortcut audits)
    arrangements: list[str] = Field(default_factory=list)
    n_options: int | None = None
    # a stratified limit or sample (app.runs.item_order): the items each subject got
    strata: dict[str, int] | None = None
    notes: list[str] = Field(default_factory=list)  # "limit 500 > 294 items: all 294"
    # greedy GGUF runs (RepeatsGenerated.ONCE): an item's repeats share one generation, and
    # these items are generated again in other batch positions to show what that hides
    shared_repeats: bool = False
    regenerated: list[int] = Field(default_factory=list)


class EndpointPlan(BaseModel):
    """An OpenAI-compatible endpoint: where, which model, how it is asked."""

    kind: Literal["endpoint"] = "endpoint"
    base_url: str
    model: str
    api_key_env: str | None = None
    inline_api_key: bool = False  # the key lives in memory only: no resume after a restart
    variant: str = "non-reasoning"
    max_output_tokens: int | None = None
    sampling: Json = Field(default_factory=dict)
    stream: bool = False
    tool_choice: ToolChoice = ToolChoice.AUTO


class LoopStop(RequestModel):
    """End a generation that repeats one block of tokens `repeats` times in a row (a loop of
    `min_span` tokens at least, blocks of at most `max_block`): the sample is truncated
    (wrong), the evidence kept. On by default for GGUF runs, as a deviation from the method
    (a small model's loop runs to its cap: minutes a sample on a phone-class CPU).
    `observe` only marks where it would have stopped (how often such loops recover)."""

    repeats: int = Field(default=4, ge=2, le=100)
    max_block: int = Field(default=64, ge=1, le=512)
    min_span: int = Field(default=32, ge=2, le=4096)
    action: Literal["stop", "observe"] = "stop"


class TopologyPolicy(BaseModel):
    """How a GGUF run's workers x threads x sequences are chosen at its start (settings at
    planning): by the host probe for what the run left open, or fixed."""

    mode: Literal["probe", "fixed"] = "fixed"
    sequences_asked: bool = True  # parallel set by the run (else the probe picks 1 or it)
    likelihood: bool = False  # a benchmark is scored by loglikelihood: one sequence each
    probe_dir: str = ""
    kv_budget_bytes: int = 0
    max_restarts: int = 0
    prefill_lane: Literal["auto", "on", "off"] = "off"
    trial_measure_s: float = 0.5  # a loglikelihood run's own trial of the candidates
    probe_phase_s: float = 0.8  # each timed phase of the host probe, where one is taken


class GGUFPlan(BaseModel):
    """A GGUF file inside the model folders, run by one of the built-in llama.cpp runtimes."""

    kind: Literal["gguf"] = "gguf"
    path: str
    max_output_tokens: int | None = None
    eligibility: EligibilityRead
    forced: bool = False
    tool_format: str | None = None
    chat_template: bool = False
    mcq_mode: McqMode = McqMode.LOGLIKELIHOOD
    temperature: float = 0.0
    seed: int = 0
    prompt_lookup: int = 0  # guesses a decode step (worker_prompt_lookup); 0: off
    # plans made before there was a choice generated every repeat
    repeats_generated: RepeatsGenerated = RepeatsGenerated.ALL
    n_threads: int | None = None
    variant: str = "non-reasoning"
    runtime: str = "in-process"
    parallel: int = 1
    llama_server: str | None = None
    reuse: ReuseMode = ReuseMode.NONE
    reuse_calibration_items: int = 8
    stop_loops: LoopStop | None = None
    tool_choice: ToolChoice = ToolChoice.AUTO
    workers: int | None = None  # asked by the run
    topology: TopologyPolicy = Field(default_factory=TopologyPolicy)  # plans before: fixed

    @property
    def by_likelihood(self) -> bool:
        return self.mcq_mode is McqMode.LOGLIKELIHOOD


# what a run evaluates: its `kind` says which, and is the run's kind
# (app.records.run_enums.RunKind)
ModelPlan = Annotated[EndpointPlan | GGUFPlan, Field(discriminator="kind")]


class JudgePlan(BaseModel):
    base_url: str
    model: str = "default"
    api_key_env: str | None = None
    prompt_sha256: str = ""


class UnitOrder(StrEnum):
    """The order a run's items go in. `random` (seeded by the run's seed, across its
    benchmarks; an item's repeats together) makes every prefix a uniform random sample, so
    the running estimate is unbiased and a run may stop early; `stored` keeps the items'
    stored order."""

    RANDOM = "random"
    STORED = "stored"


class StopWhen(RequestModel):
    """Stop a run early: once every benchmark's (and the index's) 95% interval is at most
    ci_half_width wide on its wider side, with at least min_items items done each, or after
    wall_s seconds of execution; the results are then over the items run."""

    model_config = ConfigDict(json_schema_extra=any_of_given("ci_half_width", "wall_s", "decided"))
    ci_half_width: float | None = Field(default=None, gt=0, le=0.5)
    wall_s: float | None = Field(default=None, gt=0, le=30 * 86_400)
    min_items: int = Field(default=30, ge=2)
    decided: Decided | None = Field(default=None, description="With reference_run")

    @model_validator(mode="after")
    def _something(self) -> StopWhen:
        if self.ci_half_width is None and self.wall_s is None and self.decided is None:
            raise ValueError("give ci_half_width, wall_s, decided or several")
        return self


class RunLimits(BaseModel):
    context_window: int = 16_384
    time_limit_s: float = 60.0
    request_timeout_s: float = 600.0


class RunPlan(BaseModel):
    """An endpoint or GGUF run: what to evaluate, how, on which items."""

    benchmarks: list[BenchmarkPlan]
    model: ModelPlan
    judge: JudgePlan | None = None
    audit: AuditPlan | None = None
    limits: RunLimits = Field(default_factory=RunLimits)
    order: UnitOrder = UnitOrder.RANDOM
    stop_when: StopWhen | None = None
    concurrency: int = 1
    limit: int | None = None
    sample: int | None = None
    seed: int = 0
    methodology: MethodologyPin = LEGACY_PIN
    reference_run: int | None = None  # its items, in its order, paired

    @property
    def kind(self) -> RunKind:
        return RunKind(self.model.kind)

    @property
    def gguf(self) -> GGUFPlan | None:
        """The model when it is a GGUF file: what the GGUF-only parts of a run read."""
        return self.model if isinstance(self.model, GGUFPlan) else None

    @property
    def total(self) -> int:
        return sum(len(b.item_ids) * b.repeats for b in self.benchmarks)


class PostedPlan(BaseModel):
    """Posted predictions: which benchmark and split they were scored against."""

    kind: Literal["predictions"] = "predictions"
    benchmark: str
    split: str | None
    missing: str
    source: str = "posted predictions"
    methodology: MethodologyPin = LEGACY_PIN


def stored_plan_kind(value: Any) -> str:
    """Which plan a run stores, read off the plan itself (a run's kind column says the same):
    pull and posted-prediction plans name their kind; an evaluation's is its model's."""
    kind = value.get("kind") if isinstance(value, dict) else getattr(value, "kind", None)
    return str(kind) if kind in (RunKind.PULL, RunKind.PREDICTIONS) else "evaluation"


# what `runs.config` holds: the plan a run was made with
StoredPlan = Annotated[Annotated[RunPlan, Tag("evaluation")]
                       | Annotated[PostedPlan, Tag(RunKind.PREDICTIONS.value)]
                       | Annotated[PullPlan, Tag(RunKind.PULL.value)],
                       Discriminator(stored_plan_kind)]


def evaluation_plan(plan: StoredPlan) -> RunPlan:
    """The plan of a run that evaluates a model (endpoint or GGUF)."""
    if not isinstance(plan, RunPlan):
        raise TypeError(f"a {plan.kind} run has no evaluation plan")
    return plan


def plan_sha256(plan: BaseModel) -> str:
    """sha256 of the plan's canonical JSON (sorted keys, no whitespace choices)."""
    text = json.dumps(plan.model_dump(mode="json"), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()
