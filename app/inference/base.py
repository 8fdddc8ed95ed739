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


@dataclass(frozen=True)
class ReplyStats:
    """A reply's timings and token counts as its runner measured them, and why it ended:
    one record, carried whole from the runner through the solver's attempt to the stored
    sample (app.benchmarks.outcome.Outcome)."""

    latency_ms: float = 0.0
    ttft_ms: float | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    reasoning_tokens: int | None = None
    finish_reason: str | None = None

    def plus(self, other: ReplyStats) -> ReplyStats:
        """Two replies of one sample (a conversation's steps): times and tokens summed;
        the first token and the ending are no single reply's."""
        def both(a: int | None, b: int | None) -> int | None:
            return None if a is None and b is None else (a or 0) + (b or 0)

        return ReplyStats(self.latency_ms + other.latency_ms, None,
                          both(self.prompt_tokens, other.prompt_tokens),
                          both(self.completion_tokens, other.completion_tokens),
                          both(self.reasoning_tokens, other.reasoning_tokens))


@dataclass
class ChatReply:
    """One assistant message, as the endpoint returned it."""

    content: str | None
    tool_calls: list[ToolCall]
    reasoning: str | None = None
    stats: ReplyStats = field(default_factory=ReplyStats)
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
    """seed: this sample's own draw where the run samples (each repeat of one prompt draws
    differently, and the same again when the run is made again); None: the runner's."""

    async def chat(self, messages: ChatMessages, *, tools: ToolSchemas | None,
                   max_tokens: int | None, seed: int | None = None) -> ChatReply: ...


class Likelihoods(TypedDict):
    """A loglikelihood call's result: log P(continuation | context) per continuation."""

    logprobs: list[float]
    evaluated_tokens: int  # tokens actually evaluated (fewer when a prefix was reused)
    prompt_tokens: int
    seconds: float
