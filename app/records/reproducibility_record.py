"""What a run's numbers were made with: the shape of its reproducibility record (stored in
`runs.reproducibility`; app.runs.reproducibility writes it)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from app.records.run_enums import ReuseMode


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


class ItemSetVersion(BaseModel):
    """A benchmark split's items as a run found them (app.items.item_set)."""

    split: str | None = Field(description="None: every split (a benchmark without splits)")
    sha256: str = Field(description="sha256 over the split's items sorted by external id: "
                        "external id, subject and payload (inputs and answer keys)")
    n_items: int


class BenchmarkRecord(BaseModel):
    name: str
    items_sha256: str | None = Field(
        default=None, description="sha256 over the run's items: id, external id, split, "
        "subject and payload, in plan order (runs that ask a model; none for posted sets)")
    prompt_template_sha256: str | None = None
    item_set: ItemSetVersion | None = Field(
        default=None, description="The version of the split's item set the run ran over; "
        "runs of other versions are not compared, gated or ranked with it")


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
