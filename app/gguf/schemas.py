"""API shapes for the GGUF memory eligibility report."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, model_validator


class Bounds(BaseModel):
    """The settings a report may be asked for, however the request comes (JSON or form)."""

    n_ctx: int = Field(default=8192, ge=256, le=1_048_576)
    budget_bytes: int | None = Field(default=None, ge=1, le=1 << 50, description="Default: "
                                     "POCKETEVAL_MEMORY_BUDGET_BYTES (8 GiB)")


class EligibilityRequest(Bounds):
    path: str | None = Field(default=None, max_length=4096, description="A GGUF inside "
                             "POCKETEVAL_MODEL_DIRS (absolute, or relative to one of them)")
    model: str | None = Field(default=None, max_length=100,
                              description="Or the name of a registered GGUF model")

    @model_validator(mode="after")
    def _one_source(self) -> EligibilityRequest:
        if (self.path is None) == (self.model is None):
            raise ValueError("give path or model")
        return self


class MemoryTerms(BaseModel):
    weights_bytes: int
    kv_bytes: int
    compute_bytes: int
    output_bytes: int


class ResidentRead(BaseModel):
    """What a process holding the model keeps resident: weights + KV + output + the terms
    below, without the compute buffer's untouched rows. Compared with measured peak RSS; the
    verdict uses the reserved total."""

    tokenizer_bytes: int
    activation_bytes: int
    total_bytes: int


class EligibilityRead(BaseModel):
    source: str
    architecture: str
    file_type: str
    bits_per_weight: float
    parameters: int
    n_ctx: int
    n_ubatch: int
    flash_attention: bool
    terms: MemoryTerms
    total_bytes: int = Field(description="Everything llama.cpp reserves; the verdict uses it")
    resident: ResidentRead
    budget_bytes: int
    eligible: bool
    reasons: list[str] = Field(description="Why not eligible; empty when eligible")
    kv_detail: dict[str, Any]
    formula: str
