"""What a batched generation is asked, and what it answers."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, TypedDict

from app.inference.repetition import LoopRule


@dataclass(frozen=True)
class Sampling:
    temperature: float
    seed: int | None
    top_k: int = 40
    top_p: float = 0.95
    min_p: float = 0.05


@dataclass
class GenerationRequest:
    request_id: int
    tokens: list[int]
    max_tokens: int
    stop: list[str]
    sampling: Sampling
    deadline: float | None = None  # time.monotonic() after which the request fails
    loop: LoopRule | None = None  # stop (or note) a degenerate loop
    submitted: float = field(default_factory=time.perf_counter)


class LoopFound(TypedDict):
    """Where a generation started repeating itself, and whether that stopped it."""

    block_tokens: int
    repeats: int
    at_token: int
    observed: bool
    block_text: str


@dataclass
class Finished:
    request_id: int
    text: str = ""
    finish_reason: str | None = None
    completion_tokens: int = 0
    prompt_tokens: int = 0
    latency_ms: float = 0.0
    ttft_ms: float | None = None
    error: str | None = None
    loop: LoopFound | None = None
    # the time of the decode steps that gave this sequence a token (its own decode time),
    # and its decode window on the wall clock (first token, end) for a run's decode wall
    decode_ms: float | None = None
    decode_window: tuple[float, float] | None = None


def sampler_chain(lib: Any, sampling: Sampling) -> Any:
    """A llama.cpp sampler chain for one sequence: greedy, or llama-cpp-python's order of
    top-k, typical, top-p, min-p, temperature and a seeded draw."""
    chain = lib.llama_sampler_chain_init(lib.llama_sampler_chain_default_params())
    if sampling.temperature == 0:
        lib.llama_sampler_chain_add(chain, lib.llama_sampler_init_greedy())
        return chain
    seed = lib.LLAMA_DEFAULT_SEED if sampling.seed is None else sampling.seed
    for sampler in (lib.llama_sampler_init_top_k(sampling.top_k),
                    lib.llama_sampler_init_typical(1.0, 1),
                    lib.llama_sampler_init_top_p(sampling.top_p, 1),
                    lib.llama_sampler_init_min_p(sampling.min_p, 1),
                    lib.llama_sampler_init_temp(sampling.temperature),
                    lib.llama_sampler_init_dist(seed)):
        lib.llama_sampler_chain_add(chain, sampler)
    return chain
