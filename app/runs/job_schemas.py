"""API shapes for evaluation runs against model endpoints."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from app.runs.schemas import ResultRead, RunRead

MOBILE_DEVICE_SET = ("bfcl-v4", "ifbench", "aa-omniscience", "gpqa-diamond", "math-500")


class EndpointModelIn(BaseModel):
    """An OpenAI-compatible model endpoint. The key is read from the server's environment
    (`api_key_env`) so it is never stored; `api_key` is used for this run only and a run
    that needs it cannot resume after a restart."""

    name: str = Field(min_length=1, max_length=200, description="Name results are filed under")
    base_url: str = Field(max_length=2000, examples=["http://127.0.0.1:8080/v1"])
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
    sampling: dict[str, Any] = Field(default_factory=dict, examples=[{"temperature": 0}],
                                     description="Extra request fields: temperature, top_p, "
                                     "seed, ...")

    @model_validator(mode="after")
    def _safe_sampling(self) -> EndpointModelIn:
        reserved = {"model", "messages", "tools", "max_tokens", "stream",
                    "stream_options"} & set(self.sampling)
        if reserved:
            raise ValueError(f"sampling may not set {sorted(reserved)}")
        return self


class GGUFModelIn(BaseModel):
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
    parallel: int = Field(default=1, ge=1, le=16, description="llama-server: sequences "
                          "decoded together, each with the whole context")
    mcq_mode: Literal["loglikelihood", "generative"] | None = Field(
        default=None, description="MMLU family: argmax log P(letter) after the prompt "
        "(default in-process), or a generated answer (AA style; llama-server's only mode)")
    temperature: float = Field(default=0.0, ge=0, le=2)
    seed: int = 0
    n_threads: int | None = Field(default=None, ge=1, le=256)


class RunCreate(BaseModel):
    model: EndpointModelIn | GGUFModelIn = Field(
        description="An endpoint (`base_url`) or a GGUF file (`path`)")
    benchmarks: list[str] = Field(min_length=1, max_length=20,
                                  description="Benchmark names, or `mobile-device-set`")
    repeats: int | None = Field(default=None, ge=1, le=100, description="Default 5; "
                                "AA-Omniscience always 1")
    split: str | None = None
    limit: int | None = Field(default=None, ge=1, description="First N items per benchmark")
    sample: int | None = Field(default=None, ge=1, description="N items per benchmark, "
                               "chosen by `seed`")
    seed: int = 0
    context_window: int = Field(default=16_384, ge=256, le=2_000_000)
    time_limit_s: float = Field(default=60.0, gt=0, description="Per-response wall-clock "
                                "limit of the second score")
    request_timeout_s: float = Field(default=600.0, gt=0, le=7200)
    concurrency: int = Field(default=8, ge=1)

    @model_validator(mode="after")
    def _one_subset(self) -> RunCreate:
        if self.limit is not None and self.sample is not None:
            raise ValueError("give limit or sample, not both")
        return self


class EvaluateRequest(RunCreate):
    wait: bool = True
    wait_timeout_s: float = Field(default=300.0, gt=0, le=3600)


class BenchmarkProgress(BaseModel):
    benchmark: str
    done: int
    total: int


class RunProgress(BaseModel):
    done: int
    total: int
    benchmarks: list[BenchmarkProgress]
    errors: int
    rate_per_s: float | None
    eta_s: float | None
    started_at: datetime | None


class RunStatus(RunRead):
    progress: RunProgress


class RunPage(BaseModel):
    runs: list[RunRead]
    next_cursor: str | None


class EvaluateResponse(BaseModel):
    run: RunStatus
    results: list[ResultRead]
