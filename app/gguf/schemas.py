"""API shapes for the GGUF memory eligibility report."""

from __future__ import annotations

from pydantic import ConfigDict, Field, model_validator

from app.http import RequestModel, one_of_given


class Bounds(RequestModel):
    """The settings a report may be asked for, however the request comes (JSON or form)."""

    n_ctx: int = Field(default=8192, ge=256, le=1_048_576)
    budget_bytes: int | None = Field(default=None, ge=1, le=1 << 50, description="Default: "
                                     "POCKETEVAL_MEMORY_BUDGET_BYTES (8 GiB)")


class EligibilityRequest(Bounds):
    model_config = ConfigDict(json_schema_extra=one_of_given(path="string", model="string"))

    path: str | None = Field(default=None, max_length=4096, description="A GGUF inside "
                             "POCKETEVAL_MODEL_DIRS (absolute, or relative to one of them)")
    model: str | None = Field(default=None, max_length=100,
                              description="Or the name of a registered GGUF model")

    @model_validator(mode="after")
    def _one_source(self) -> EligibilityRequest:
        if (self.path is None) == (self.model is None):
            raise ValueError("give path or model")
        return self
