"""What a run's numbers were made with: the shape of its reproducibility record (stored in
`runs.reproducibility`; app.runs.reproducibility writes it)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from app.run_records.enums import ReuseMode


class LlamaCppBuild(BaseModel):
    version: str | None
    commit: str | None
    cmake_args: list[str] = Field(default_factory=list)


class Numerics(BaseModel):
    runtime: str
    flash_attn: bool
    n_batch: int | None
    n_ubatch: int | None
    n_threads: int | None
    swa_full: bool
    reuse: ReuseMode


class BenchmarkRecord(BaseModel):
    name: str
    items_sha256: str = Field(description="sha256 over the run's items: id, external id, "
                              "split, subject and payload, in plan order")
    prompt_template_sha256: str


class Reproducibility(BaseModel):
    pocketeval: str
    git_commit: str | None
    packages: dict[str, str | None]
    llama_cpp: LlamaCppBuild | None = None
    numerics: Numerics | None = None
    benchmarks: list[BenchmarkRecord]
    gguf_sha256: str | None = None
    judge_prompt_sha256: str | None = None
    methodology: str | None = Field(default=None, description="name@version of the "
                                    "methodology the run pinned")
    methodology_sha256: str | None = None
    seeds: dict[str, int]
