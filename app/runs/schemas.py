"""Request bodies of the run routes: posted predictions, run requests, phone figures."""

from __future__ import annotations

from inspect import cleandoc
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import (
    ConfigDict,
    Discriminator,
    Field,
    StrictStr,
    Tag,
    model_validator,
)

from app.benchmarks import (
    AnswerFields,
    ToolCallIn,
    answer_models,
    answers_model,
    merge_answer_fields,
)
from app.callbacks import NotifyIn
from app.http import BIGINT_MAX, HTTP_URL, INTEGER_MAX, JsonInt, RequestModel, any_of_given
from app.records import (
    Json,
    LoopStop,
    McqMode,
    RepeatsGenerated,
    ReuseMode,
    StopWhen,
    ToolChoice,
    UnitOrder,
)
from app.runs import request_rules
from app.runs.audit_schemas import AuditIn


class MethodologyIn(RequestModel):
    """A methodology by name and version (GET /methodologies lists them)."""

    name: str = Field(max_length=100, examples=["artificial-analysis"])
    version: str | None = Field(default=None, max_length=100,
                                description="Default: the newest registered version")


METHODOLOGY_FIELD = Field(
    default=None, description="The prompts, answer reading, grading and sampling the run "
    "follows. Default: the published method of the mobile device set (Artificial "
    "Analysis's)")


class PredictionBase(RequestModel):
    """Name the item by `item_id` or `external_id`, then give what the benchmark scores:
    `answer` (a letter, a 0-based index or the final answer text) or `response` (raw model
    text to extract from) for multiple choice, math and free text; `response` for
    instruction following; `tool_calls` for single tool calls (omit or [] for no call)."""

    model_config = ConfigDict(json_schema_extra=any_of_given("item_id", "external_id"))
    item_id: JsonInt | None = None
    external_id: str | None = Field(default=None, max_length=200)
    repeat: JsonInt = Field(default=0, ge=0, le=1000)
    # JSON true/false would otherwise be read as the index 1/0 (the letter B/A); 1.0 is 1
    answer: StrictStr | JsonInt | None = Field(default=None)
    response: str | None = Field(default=None, max_length=200_000)
    tool_calls: list[ToolCallIn] | None = Field(default=None, max_length=64)

    @model_validator(mode="after")
    def _one_reference(self) -> PredictionBase:
        if self.item_id is None and self.external_id is None:
            raise ValueError("name the item by item_id or external_id")
        return self


# The shared fields and the fields every registered benchmark declares (its answer model):
# one body for all benchmarks, so a client's predictions validate the same way everywhere.
ANSWERS = merge_answer_fields(answer_models(), PredictionBase.model_fields)
if TYPE_CHECKING:  # the declared fields are read by name (ANSWERS.kept), never as attributes
    _BenchmarkAnswers = AnswerFields
else:
    _BenchmarkAnswers = answers_model(ANSWERS)


class PredictionIn(_BenchmarkAnswers, PredictionBase):  # the shared fields first
    pass


PredictionIn.__doc__ = "\n".join((cleandoc(PredictionBase.__doc__ or ""), *ANSWERS.usage))


class ScoreRequest(RequestModel):
    predictions: list[PredictionIn] = Field(min_length=1, max_length=2_000_000)
    model: str = Field(default="predictions", min_length=1, max_length=200,
                       description="Name the scored model is recorded under")
    split: str | None = Field(default=None, description="Default: the benchmark's test split")
    missing: Literal["wrong", "exclude"] = Field(default="wrong", description="wrong: items "
        "without a prediction count as wrong; exclude: score only the (item, repeat) pairs "
        "predicted, a pair without a prediction in no denominator")
    methodology: MethodologyIn | None = METHODOLOGY_FIELD
    notify: NotifyIn | None = Field(default=None, description="Told when the run is stored")


class EndpointModelIn(RequestModel):
    """An OpenAI-compatible model endpoint. The key is read from the server's environment
    (`api_key_env`) so it is never stored; `api_key` is used for this run only and a run
    that needs it cannot resume after a restart."""

    name: str = Field(min_length=1, max_length=200, description="Name results are filed under")
    base_url: str = Field(max_length=2000, pattern=HTTP_URL, examples=["http://127.0.0.1:8080/v1"])
    model: str = Field(default="default", max_length=200, description="`model` in requests")
    api_key_env: str | None = Field(default=None, max_length=200,
                                    pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")
    api_key: str | None = Field(default=None, max_length=4000, repr=False,
                                pattern=r"^[\x21-\x7e]+$",
                                description="Visible ASCII only (no spaces or line breaks)")
    variant: Literal["reasoning", "non-reasoning"] = "non-reasoning"
    max_output_tokens: int | None = Field(default=None, ge=1, le=1_000_000,
                                          description="The model's own output limit")
    stream: bool = Field(default=False, description="Stream responses: records time to "
                         "first token")
    sampling: Json = Field(default_factory=dict, examples=[{"temperature": 0}], description=(
        "Extra request fields: temperature, top_p, seed, ... A temperature other than the "
        "methodology's for the variant is recorded as a deviation"))
    tool_choice: ToolChoice = Field(default=ToolChoice.AUTO, description=(
        ToolChoice.__doc__ or "").strip())

    @model_validator(mode="after")
    def _safe_sampling(self) -> EndpointModelIn:
        reserved = {"model", "messages", "tools", "tool_choice", "max_tokens", "stream",
                    "stream_options"} & set(self.sampling)
        if reserved:
            raise ValueError(f"sampling may not set {sorted(reserved)}")
        return self


class GGUFModelIn(RequestModel):
    """A GGUF file inside POCKETEVAL_MODEL_DIRS, evaluated by the built-in llama.cpp runner
    after the memory eligibility check (`force` runs a model that fails it, flagged)."""

    name: str = Field(min_length=1, max_length=200)
    path: str = Field(max_length=4096)
    force: bool = False
    variant: Literal["reasoning", "non-reasoning"] = "non-reasoning"
    runtime: Literal["in-process", "llama-server"] = Field(
        default="in-process", description="llama-cpp-python in a worker process, or the "
        "llama-server binary configured in POCKETEVAL_LLAMA_SERVER, started with --jinja on "
        "loopback (tool calls parsed by llama.cpp itself)")
    workers: int | None = Field(
        default=None, ge=1, le=16, description="In-process: worker processes, each with the "
        "model loaded once. Default: what the host probe measured fastest for the run "
        "(POCKETEVAL_GGUF_TOPOLOGY=probe), else 1")
    parallel: int | None = Field(
        default=None, ge=1, le=16, description="Generations decoded together in each "
        "worker's context (continuous batching; each sequence holds a whole window when "
        "POCKETEVAL_GGUF_KV_BUDGET_BYTES allows, else they share one; llama-server: its "
        "slots, each with a whole window). Default in-process: 1 or POCKETEVAL_GGUF_PARALLEL "
        "(4), as the host probe measured faster; 1 for llama-server and when a benchmark is "
        "scored by loglikelihood. Texts decoded beside others can differ from those decoded "
        "alone where two tokens are nearly tied: 1 is batch-invariant")
    mcq_mode: McqMode | None = Field(
        default=None, description="Plain multiple choice: argmax log P(letter) after the prompt "
        "(default in-process), or a generated answer (AA style; llama-server's only mode)")
    reuse: ReuseMode = Field(
        default=ReuseMode.NONE, description="Loglikelihood runs: `none` evaluates each "
        "item's whole context from an empty cache (lm-evaluation-harness's numbers); `prefix` "
        "keeps the subject's shared few-shot prefix in the cache, faster but the numbers "
        "drift: the drift on the first items of each benchmark, measured against the exact "
        "path, is reported in the results")
    reuse_calibration_items: int = Field(
        default=8, ge=1, le=100_000, description="reuse prefix: the first items of each "
        "benchmark also run on the exact path, to measure the drift; the results give the "
        "flip rate's 95% upper bound (0 flips in 8 items allow 36.9%, in 100 items 3.6%)")
    max_output_tokens: int | None = Field(default=None, ge=1, le=1_000_000,
                                          description="Cap on generated tokens per answer; "
                                          "default: what the context window leaves")
    temperature: float | None = Field(default=None, ge=0, le=2, description="Default: "
                                      "the methodology's for the model's variant (0 where "
                                      "it names none); another value is a deviation")
    seed: int = 0
    prompt_lookup: int = Field(
        default=0, ge=0, le=16, description="In-process runtime, greedy answers: prompt-lookup "
        "(n-gram) guesses decoded a step beside each answer's next token and kept while "
        "greedy decoding agrees, so answers that copy their prompt take fewer steps. Decoded "
        "in one batch, positions are not bit-exact with one token alone: an answer can differ "
        "from the one without guesses (docs/gguf.md). 0: off")
    repeats_generated: RepeatsGenerated = Field(
        default=RepeatsGenerated.ONCE, description=(RepeatsGenerated.__doc__ or "").strip()
        + " Sampled runs (temperature above 0) generate every repeat either way")
    n_threads: int | None = Field(default=None, ge=1, le=256, description="Threads of each "
                                  "worker. Default: as the host probe chose (in-process)")
    stop_loops: LoopStop | bool = Field(default=True, description=(LoopStop.__doc__ or "")
                                        .strip() + " In-process runtime only: `true` (the "
                                        "default there) is the rule's defaults, `false` off")
    tool_choice: ToolChoice = Field(default=ToolChoice.AUTO, description=(
        ToolChoice.__doc__ or "").strip() + " `required`: llama-server runtime only (the "
        "in-process runtime reads calls from free text)")


def model_kind(value: object) -> str:
    """Which model a run names: a `path` is a GGUF file, anything else an endpoint, so a
    mistake in a GGUF model is reported against the GGUF fields (not as a missing
    `base_url`)."""
    if isinstance(value, dict):
        return "gguf" if "path" in value else "endpoint"
    return "gguf" if isinstance(value, GGUFModelIn) else "endpoint"


ModelIn = Annotated[Annotated[EndpointModelIn, Tag("endpoint")]
                    | Annotated[GGUFModelIn, Tag("gguf")], Discriminator(model_kind)]


class RunCreate(RequestModel):
    model_config = ConfigDict(json_schema_extra=request_rules.RUN_CREATE)
    model: ModelIn = Field(description="An endpoint (`base_url`) or a GGUF file (`path`)")
    benchmarks: list[str] = Field(min_length=1, max_length=20,
                                  description="Benchmark names, or `mobile-device-set`")
    repeats: int | None = Field(default=None, ge=1, le=100, description="Default: the "
                                "methodology's repeats for each benchmark (5 where it names "
                                "none); a benchmark may cap it (GET /benchmarks: max_repeats)")
    split: str | None = None
    limit: int | None = Field(default=None, ge=1, description="First N items per benchmark; "
                              "a benchmark scored over its categories takes the first "
                              "of each, evenly, one each at least (the plan's `strata`)")
    sample: int | None = Field(default=None, ge=1, description="N items per benchmark, "
                               "chosen by `seed`; drawn from each category where the score "
                               "needs them all, as `limit` is")
    seed: int = 0
    context_window: int = Field(default=16_384, ge=256, le=2_000_000)
    time_limit_s: float = Field(default=60.0, gt=0, description="Per-response wall-clock "
                                "limit of the second score")
    request_timeout_s: float = Field(default=600.0, gt=0, le=7200)
    concurrency: int = Field(default=8, ge=1, description="At most POCKETEVAL_RUN_CONCURRENCY_MAX")
    order: UnitOrder = Field(default=UnitOrder.RANDOM, description=(UnitOrder.__doc__ or "")
                             .strip())
    stop_when: StopWhen | None = Field(default=None, examples=[
        {"ci_half_width": 0.02}, {"wall_s": 3600}, {"decided": {"margin": 0.02}}])
    audit: AuditIn | None = Field(
        default=None, description="Make this run an audit: `option-order` (repeats are the "
        "arrangements) or `no-shortcut` (repeats are the variants' tries)")
    methodology: MethodologyIn | None = METHODOLOGY_FIELD
    reference_run: int | None = Field(default=None, ge=1, le=INTEGER_MAX, description="A finished "
        "run of the same one benchmark: this run takes its items in its order, paired (`limit`: "
        "its first ones; `sample`: a seeded sample, in its order), and `stop_when.decided` stops "
        "it once non-inferiority against it is decided, at the first of `looks` planned looks "
        "that decides")
    notify: NotifyIn | None = Field(default=None, description="Told when the run ends")

    @model_validator(mode="after")
    def _one_subset(self) -> RunCreate:
        if self.limit is not None and self.sample is not None:
            raise ValueError("give limit or sample, not both")
        if self.stop_when is not None and (self.order is UnitOrder.STORED or self.audit):
            raise ValueError("stop_when needs order `random` and no audit (request_rules)")
        return self


class EvaluateRequest(RunCreate):
    wait: bool = True
    wait_timeout_s: float = Field(default=300.0, gt=0, le=3600)


class DeviceMetricsIn(RequestModel):
    device: str = Field(min_length=1, max_length=200, examples=["Pixel 8 (Tensor G3)"])
    decode_tokens_per_s: float | None = Field(default=None, ge=0)
    prefill_tokens_per_s: float | None = Field(default=None, ge=0)
    ttft_ms: float | None = Field(default=None, ge=0)
    peak_memory_bytes: int | None = Field(default=None, ge=0, le=BIGINT_MAX)
    energy_joules: float | None = Field(default=None, ge=0)
    notes: str | None = Field(default=None, max_length=2000)
    ran_ok: bool = Field(default=True, description="False when the model did not run "
                         "properly on the device (crashed, ran out of memory, unusably slow)")
