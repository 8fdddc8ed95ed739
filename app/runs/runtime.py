"""What a run records while it goes on, beside (never inside) its plan."""

from __future__ import annotations

from pydantic import BaseModel, Field

from app.runs.plan import Json


class ServerProcess(BaseModel):
    """A llama-server a run started: stopped at resume only if this pid still runs this."""

    pid: int
    command: list[str]


class ReuseCalibration(BaseModel):
    """`reuse: prefix` against the exact path on the first items of a benchmark."""

    benchmark: str
    items: int
    max_abs_delta_logprob: float
    prediction_flips: int


class RunRuntime(BaseModel):
    server: ServerProcess | None = None
    measured: Json | None = None  # app.gguf.measured.measured_memory
    calibration: list[ReuseCalibration] = Field(default_factory=list)
