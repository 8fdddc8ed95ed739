"""Running models: the runner interface every sample asks (base), and the runners behind it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.faces import lazy_face

if TYPE_CHECKING:
    from app.inference.base import (
        ChatMessages,
        ChatReply,
        ChatRunner,
        EndpointRefused,
        Likelihoods,
        ReplyStats,
        RunnerError,
        RunnerFatal,
        ToolSchemas,
    )
    from app.inference.content import content_parts
    from app.inference.grader import ask, prompts_sha256
    from app.inference.llama_cpp.serving_crash_report import death_report
    from app.inference.llama_cpp.serving_model_facts import model_facts, thinking_flag
    from app.inference.llama_cpp.serving_pool import WorkerPool
    from app.inference.llama_cpp.serving_runner import LlamaCppRunner
    from app.inference.llama_server import build as llama_server_build
    from app.inference.llama_server.build import default_location, executable
    from app.inference.llama_server.server import LlamaServer, ServerChatRunner, stop_left_behind
    from app.inference.messages import (
        Limits,
        Message,
        assistant_message,
        output_cap,
        plain_calls,
        raw_once,
        transcript,
    )
    from app.inference.openai.client import Endpoint, OpenAIChatRunner
    from app.inference.openai.guarded_network import GuardedTransport
    from app.inference.openai.urls import check_endpoint_url, check_notify_url
    from app.inference.repetition import LoopRule
    from app.inference.token_counts import count_tokens
    from app.inference.tool_call_text import server_tool_format, template_family
    from app.inference.topology.choice import choose, lending_pays, prefill_contends
    from app.inference.topology.host_load import RunLoad
    from app.inference.topology.probe import cached_probe
    from app.inference.topology.run_choice import (
        actor_slots,
        decide,
        in_flight,
        lane_path,
        measured,
    )
    from app.inference.topology.trial import TopologyTrial

__all__ = [
    "ChatMessages", "ChatReply", "ChatRunner", "Endpoint", "EndpointRefused", "GuardedTransport",
    "Likelihoods", "Limits", "LlamaCppRunner", "LlamaServer", "LoopRule", "Message",
    "OpenAIChatRunner", "ReplyStats", "RunLoad", "RunnerError", "RunnerFatal", "ServerChatRunner",
    "ToolSchemas", "TopologyTrial", "WorkerPool", "actor_slots", "ask", "assistant_message",
    "cached_probe", "check_endpoint_url", "check_notify_url", "choose", "content_parts",
    "count_tokens", "death_report", "decide", "default_location", "executable", "in_flight",
    "lane_path", "lending_pays", "llama_server_build", "measured", "model_facts", "output_cap",
    "plain_calls", "prefill_contends", "prompts_sha256", "raw_once", "server_tool_format",
    "stop_left_behind", "template_family", "thinking_flag", "transcript",
]

if not TYPE_CHECKING:
    __getattr__ = lazy_face(__name__, __file__)
