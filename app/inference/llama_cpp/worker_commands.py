"""What crosses the pipe between a GGUF runner and its llama.cpp worker process: how the
worker is launched, the commands it answers (frozen dataclasses, dispatched by type in
app.inference.llama_cpp.worker_loop), and the replies it sends back. Every field is
picklable, since the worker is a spawned process."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import JsonValue

from app.inference.base import ChatMessages, ToolSchemas
from app.inference.repetition import LoopRule

LOAD_REPLY_ID = 0  # the reply to loading the model; requests are numbered from 1


@dataclass(frozen=True)
class WorkerLaunch:
    """How the worker loads its model and context."""

    path: str
    n_ctx: int
    n_threads: int | None
    log_path: str | None = None  # llama.cpp's log, and Python's fault report beside it
    address_space: int | None = None  # RLIMIT_AS in bytes (Linux)
    flash_attn: bool = True
    n_seq: int = 1  # parallel sequences
    kv_per_sequence: bool = False
    prefill_lane: str | None = None  # a lock file that prefills of several workers share
    lookup: int = 0  # prompt-lookup guesses a decode step of greedy answers; 0: off


@dataclass(frozen=True)
class Chat:
    """Render the chat template and queue one generation; answered when it finishes."""

    name: ClassVar[str] = "chat"
    messages: ChatMessages
    tools: ToolSchemas | None
    max_tokens: int
    temperature: float
    seed: int | None
    template_kwargs: Mapping[str, JsonValue]
    timeout_s: float | None
    loop: LoopRule | None = None


@dataclass(frozen=True)
class Loglikelihood:
    """log P(continuation | context) for each continuation; waits until no generation runs."""

    name: ClassVar[str] = "loglikelihood"
    context: str
    continuations: list[str]
    shared_prefix: str = ""
    reuse: bool = False


@dataclass(frozen=True)
class SetThreads:
    """The threads of the next decode steps; taken between two steps, answered at once."""

    name: ClassVar[str] = "threads"
    n_threads: int


@dataclass(frozen=True)
class ReadStats:
    """The worker's load, memory and generation counters."""

    name: ClassVar[str] = "stats"

@dataclass(frozen=True)
class Close:
    """Free the context and end the process."""

    name: ClassVar[str] = "close"

WorkerCommand = Chat | Loglikelihood | SetThreads | ReadStats | Close


@dataclass(frozen=True)
class Request:
    request_id: int
    command: WorkerCommand


@dataclass(frozen=True)
class Reply:
    """A command's result, or the error it raised (as "Type: message", no traceback)."""

    request_id: int
    result: Any = None
    error: str | None = None
