"""The words a run is described by: its kind and where it stands."""

from __future__ import annotations

from enum import StrEnum


class RunKind(StrEnum):
    PREDICTIONS = "predictions"  # posted predictions, scored at once
    ENDPOINT = "endpoint"  # an OpenAI-compatible endpoint, evaluated by the executor
    GGUF = "gguf"  # a GGUF file, evaluated by the built-in llama.cpp runtimes
    PULL = "pull"  # a benchmark's published files pulled from the Hub and imported


class RunState(StrEnum):
    """queued -> running -> finished | failed | cancelled."""

    QUEUED = "queued"
    RUNNING = "running"
    FINISHED = "finished"
    FAILED = "failed"
    CANCELLED = "cancelled"


ACTIVE = frozenset({RunState.QUEUED, RunState.RUNNING})
EXECUTED = frozenset({RunKind.ENDPOINT, RunKind.GGUF})  # kinds evaluated by an executor
CARRIED_OUT = EXECUTED | {RunKind.PULL}  # kinds an executor carries out (and resumes)


class SampleStyle(StrEnum):
    """How a benchmark's items are put to the model in a run."""

    CHAT = "chat"  # a chat request (or conversation); the reply is scored
    LOGLIKELIHOOD = "loglikelihood"  # argmax of log P(option) after the prompt


class ReuseMode(StrEnum):
    """Loglikelihood runs: evaluate each item's whole context from an empty cache (exact,
    lm-evaluation-harness's numbers), or keep the shared few-shot prefix in the cache
    (faster; numbers drift, measured on a calibration sample and reported)."""

    NONE = "none"
    PREFIX = "prefix"


class McqMode(StrEnum):
    """GGUF runs of plain multiple choice: scored by log-likelihood, or a generated answer."""

    LOGLIKELIHOOD = "loglikelihood"
    GENERATIVE = "generative"


class RepeatsGenerated(StrEnum):
    """GGUF runs at temperature 0: a greedy generation of one prompt is the same
    computation every time, so a prompt's repeats share one generation (`once`, each
    verdict counted for every repeat the method asks, a sample of prompts generated again to
    show what the skipped repeats could change), or each repeat is generated (`all`)."""

    ONCE = "once"
    ALL = "all"


class ToolChoice(StrEnum):
    """OpenAI's `tool_choice` for items that offer tools: the model decides (`auto`), or
    must answer with a call (`required`; llama-server enforces it with a grammar). Forcing a
    call is a deviation wherever declining to call can be the right answer."""

    AUTO = "auto"
    REQUIRED = "required"


class Stress(StrEnum):
    LOW_RESOLUTION = "low-resolution"
    OCCLUSION = "occlusion"
    TILT = "tilt"
    BUSY_BACKGROUND = "busy-background"


class CallbackState(StrEnum):
    """Where a run's callback stands (app.callbacks)."""

    WAITING = "waiting"  # the run has not ended
    PENDING = "pending"  # to be delivered (again) at next_attempt_at
    DELIVERED = "delivered"  # the receiver answered 2xx
    GAVE_UP = "gave_up"  # no 2xx within POCKETEVAL_CALLBACK_RETRY_FOR_S of the run's end
