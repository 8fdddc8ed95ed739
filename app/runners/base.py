"""What every runner returns for one chat request, and the errors that end a sample."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import NotRequired, Protocol, TypedDict

from pydantic import JsonValue

# what a runner is sent: OpenAI-style chat messages and tool schemas, JSON objects that it
# hands to the endpoint (or the chat template) as they are
ChatMessages = Sequence[Mapping[str, JsonValue]]
ToolSchemas = Sequence[Mapping[str, JsonValue]]


class ToolCall(TypedDict):
    """A native tool call as read from the reply; arguments are JSON text, or the object an
    endpoint sent in its place."""

    name: str | None
    arguments: str | dict[str, JsonValue]
    id: NotRequired[str | None]


@dataclass
class ChatReply:
    """One assistant message, as the endpoint returned it."""

    content: str | None
    tool_calls: list[ToolCall]
    finish_reason: str | None
    reasoning: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    reasoning_tokens: int | None = None
    latency_ms: float = 0.0
    ttft_ms: float | None = None
    # the endpoint's body as received, or the in-process runner's record: kept with the sample
    raw: Mapping[str, object] = field(default_factory=dict)


class RunnerError(Exception):
    """A request that failed for good (after retries); the sample records it as an error."""


class RunnerFatal(RunnerError):
    """No later sample can succeed either: the run stops with this message."""


class RunnerDied(RunnerFatal):
    """The model's process is gone; the message says why it died."""


class EndpointRefused(RunnerFatal):
    """The endpoint's address is one PocketEval may not connect to."""


class ChatRunner(Protocol):
    async def chat(self, messages: ChatMessages, *,
                   tools: ToolSchemas | None, max_tokens: int | None) -> ChatReply: ...


class Likelihoods(TypedDict):
    """A loglikelihood call's result: log P(continuation | context) per continuation."""

    logprobs: list[float]
    evaluated_tokens: int  # tokens actually evaluated (fewer when a prefix was reused)
    prompt_tokens: int
    seconds: float
