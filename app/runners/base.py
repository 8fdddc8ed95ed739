"""What every runner returns for one chat request, and the errors that end a sample."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, TypedDict


@dataclass
class ChatReply:
    """One assistant message, as the endpoint returned it."""

    content: str | None
    tool_calls: list[dict[str, Any]]  # [{"id", "name", "arguments": str}]
    finish_reason: str | None
    reasoning: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    reasoning_tokens: int | None = None
    latency_ms: float = 0.0
    ttft_ms: float | None = None
    raw: dict[str, Any] = field(default_factory=dict)


class RunnerError(Exception):
    """A request that failed for good (after retries); the sample records it as an error."""


class RunnerFatal(RunnerError):
    """No later sample can succeed either: the run stops with this message."""


class RunnerDied(RunnerFatal):
    """The model's process is gone; the message says why it died."""


class EndpointRefused(RunnerFatal):
    """The endpoint's address is one PocketEval may not connect to."""


class ChatRunner(Protocol):
    async def chat(self, messages: list[dict[str, Any]], *,
                   tools: list[dict[str, Any]] | None, max_tokens: int | None) -> ChatReply: ...


class Likelihoods(TypedDict):
    """A loglikelihood call's result: log P(continuation | context) per continuation."""

    logprobs: list[float]
    evaluated_tokens: int  # tokens actually evaluated (fewer when a prefix was reused)
    prompt_tokens: int
    seconds: float
