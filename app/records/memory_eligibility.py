"""A GGUF file's memory eligibility as a run's plan and a model's row keep it (computed by
app.gguf.assessment)."""

from __future__ import annotations

from pydantic import BaseModel, Field


class MemoryTerms(BaseModel):
    weights_bytes: int
    kv_bytes: int
    compute_bytes: int
    output_bytes: int


class ResidentRead(BaseModel):
    """What a process holding the model keeps resident: weights + KV + output + the terms
    below, without the compute buffer's untouched rows. Compared with measured peak RSS."""

    tokenizer_bytes: int
    activation_bytes: int
    total_bytes: int


class EligibilityRead(BaseModel):
    source: str
    architecture: str
    file_type: str = Field(description="The file's declared quantisation (general.file_type): "
                           "what the '4-bit or smaller' rule reads")
    bits_per_weight: float = Field(
        description="File size in bits over parameters: above the file type's nominal bits "
        "where some tensors (embeddings, output, norms) are kept wider, as quantisers do; "
        "not what the rule reads")
    parameters: int
    n_ctx: int
    n_ubatch: int
    flash_attention: bool
    terms: MemoryTerms
    rule_bytes: int = Field(description="Weights + KV cache at n_ctx: what the published "
                            "rule, and so the verdict, counts")
    total_bytes: int = Field(description="Everything llama.cpp reserves: rule_bytes + compute "
                             "+ output buffers")
    resident: ResidentRead
    budget_bytes: int
    eligible: bool = Field(description="rule_bytes <= budget and weights of 4 bits or fewer")
    runtime_fits: bool = Field(description="total_bytes <= budget: false for a model that fits "
                               "by the rule but not with llama.cpp's buffers")
    reasons: list[str] = Field(description="Why not eligible; empty when eligible")
    warnings: list[str] = Field(default_factory=list)
    kv_detail: dict[str, object]  # KvLayers; `object` keeps the published schema an open object
    formula: str
