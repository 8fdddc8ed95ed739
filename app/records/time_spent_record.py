"""What a GGUF run records of where its time went (measured by
app.inference.llama_cpp.time_spent)."""

from __future__ import annotations

from pydantic import BaseModel, Field


class WorkerTime(BaseModel):
    model_s: float | None = Field(description="In llama.cpp: decode steps, prompt "
                                  "evaluations, log-likelihoods (the prefill lane's wait "
                                  "included: it is taken inside a step)")
    prefill_lane_wait_s: float | None = Field(description="Waiting for the prefill lane")
    idle_serving_s: float = Field(description="No request in flight while the run still "
                                  "had samples to send")
    idle_tail_s: float = Field(description="No request in flight after the run's last "
                                           "request was sent")
    partly_filled_s: float = Field(description="Holding fewer chats than its sequences "
                                               "(a generative run's half-empty batches)")


class PoolTime(BaseModel):
    wall_s: float = Field(description="From the first request sent to the last answered")
    tail_s: float = Field(description="After the last moment every sequence of every "
                                      "worker was busy")
    workers: list[WorkerTime]
