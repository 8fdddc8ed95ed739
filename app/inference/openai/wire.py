"""The parts of OpenAI's /chat/completions response that PocketEval reads, whole or streamed.

Every key is optional: endpoints differ in what they send (llama-server adds
`reasoning_content`, some send `reasoning`, a stream's last chunk may carry only `usage`),
so readers use `.get` and treat a missing key as absent.
"""

from __future__ import annotations

from typing import TypedDict

from pydantic import JsonValue


class FunctionCall(TypedDict, total=False):
    name: str | None
    arguments: str | dict[str, JsonValue] | None  # JSON text; some endpoints send an object


class ToolCallOut(TypedDict, total=False):
    id: str | None
    type: str
    function: FunctionCall


class FunctionDelta(TypedDict, total=False):
    name: str | None
    arguments: str | None  # a fragment of the JSON text


class ToolCallDelta(TypedDict, total=False):
    index: int  # streamed fragments of one call share its index
    id: str | None
    function: FunctionDelta


class AssistantMessage(TypedDict, total=False):
    role: str
    content: str | None
    reasoning_content: str | None
    reasoning: str | None
    tool_calls: list[ToolCallOut] | None


class Delta(TypedDict, total=False):
    content: str | None
    reasoning_content: str | None
    reasoning: str | None
    tool_calls: list[ToolCallDelta] | None


class CompletionDetails(TypedDict, total=False):
    reasoning_tokens: int | None


class Usage(TypedDict, total=False):
    prompt_tokens: int | None
    completion_tokens: int | None
    completion_tokens_details: CompletionDetails | None


class Choice(TypedDict, total=False):
    message: AssistantMessage | None
    finish_reason: str | None


class StreamChoice(TypedDict, total=False):
    delta: Delta | None
    finish_reason: str | None


class ChatCompletion(TypedDict, total=False):
    choices: list[Choice] | None
    usage: Usage | None


class ChatCompletionChunk(TypedDict, total=False):
    choices: list[StreamChoice] | None
    usage: Usage | None
