"""A GGUF run's model plan: the file inside the model folders, whether it fits a phone,
which runtime runs it and how (sequences, loop stop, repeats generated)."""

from __future__ import annotations

import importlib.util

from app.config import Settings
from app.gguf import assess_file, report, resolve_model_path
from app.http import Conflict, InvalidInput, ServiceUnavailable
from app.inference import executable, server_tool_format, template_family
from app.records import (
    BenchmarkPlan,
    GGUFPlan,
    LoopStop,
    McqMode,
    ReuseMode,
    SampleStyle,
    ToolChoice,
    TopologyPolicy,
)
from app.runs.schemas import GGUFModelIn


def gguf_plan(m: GGUFModelIn, settings: Settings, temperature: float | None) -> GGUFPlan:
    """The file (inside the model folders), its eligibility report, and how to run it."""
    if m.runtime == "in-process" and importlib.util.find_spec("llama_cpp") is None:
        raise ServiceUnavailable("the llama.cpp runner is not installed on this server "
                                 "(pip install llama-cpp-python)")
    path = resolve_model_path(m.path, settings.model_dirs, field="model.path")
    header, est = assess_file(path, budget=settings.memory_budget_bytes, field="model.path")
    if not est.eligible and not m.force:
        raise InvalidInput("the model does not fit a phone: " + "; ".join(est.reasons)
                           + " (pass force=true to run it anyway, flagged)", field="model.path")
    template = str(header.metadata.get("tokenizer.chat_template") or "")
    mcq_mode = _mcq_mode(m)
    if m.reuse is ReuseMode.PREFIX and mcq_mode is not McqMode.LOGLIKELIHOOD:
        raise InvalidInput("reuse prefix applies to loglikelihood scoring only",
                           field="model.reuse")
    loop_stop = _loop_stop(m)
    if m.workers is not None and m.runtime != "in-process":
        raise InvalidInput("llama-server is one process: its slots are `parallel`",
                           field="model.workers")
    if m.prompt_lookup and m.runtime != "in-process":
        raise InvalidInput("prompt_lookup guesses tokens inside the built-in runner: in-process "
                           "runtime only", field="model.prompt_lookup")
    if m.tool_choice is ToolChoice.REQUIRED and m.runtime != "llama-server":
        raise InvalidInput("tool_choice required needs a grammar over the calls: llama-server "
                           "runtime only", field="model.tool_choice")
    return GGUFPlan(path=str(path), max_output_tokens=m.max_output_tokens,
                    eligibility=report(str(path), est),
                    forced=not est.eligible,
                    tool_format=server_tool_format(template) if m.runtime == "llama-server"
                    else template_family(template),
                    chat_template=bool(template), mcq_mode=mcq_mode,
                    temperature=temperature or 0.0, seed=m.seed, n_threads=m.n_threads,
                    repeats_generated=m.repeats_generated, prompt_lookup=m.prompt_lookup,
                    variant=m.variant, runtime=m.runtime, parallel=m.parallel or 1,
                    llama_server=_llama_server(m, settings), reuse=m.reuse,
                    reuse_calibration_items=m.reuse_calibration_items,
                    stop_loops=loop_stop, tool_choice=m.tool_choice, workers=m.workers,
                    topology=TopologyPolicy(
                        mode=settings.gguf_topology if m.runtime == "in-process" else "fixed",
                        sequences_asked=m.parallel is not None,
                        probe_dir=str(settings.probe_dir),
                        kv_budget_bytes=settings.gguf_kv_budget_bytes,
                        max_restarts=settings.gguf_worker_restarts,
                        prefill_lane=settings.gguf_prefill_lane,
                        trial_measure_s=settings.gguf_trial_measure_s,
                        probe_phase_s=settings.gguf_probe_phase_s))


def _loop_stop(m: GGUFModelIn) -> LoopStop | None:
    """The rule in force: on by default in-process; llama-server cannot watch its tokens,
    so there it is off unless asked for, and then refused."""
    rule = m.stop_loops if isinstance(m.stop_loops, LoopStop) else \
        (LoopStop() if m.stop_loops else None)
    if m.runtime == "in-process" or rule is None:
        return rule
    if "stop_loops" in m.model_fields_set:
        raise InvalidInput("stop_loops watches the tokens as they are generated: in-process "
                           "runtime only", field="model.stop_loops")
    return None


def _mcq_mode(m: GGUFModelIn) -> McqMode:
    if m.runtime == "in-process":
        return m.mcq_mode or McqMode.LOGLIKELIHOOD
    if m.mcq_mode is McqMode.LOGLIKELIHOOD:
        raise InvalidInput("llama-server cannot score given continuations; use mcq_mode "
                           "generative or runtime in-process", field="model.mcq_mode")
    return McqMode.GENERATIVE


def _llama_server(m: GGUFModelIn, settings: Settings) -> str | None:
    if m.runtime != "llama-server":
        return None
    binary = settings.llama_server
    if binary is None or not executable(binary):
        raise Conflict("no llama-server binary is configured on this server "
                           "(POCKETEVAL_LLAMA_SERVER)", field="model.runtime")
    return str(binary)


def sequences(m: GGUFModelIn, plans: list[BenchmarkPlan], settings: Settings) -> int:
    """Sequences decoded together: in-process generation is batched by default (one KV
    cache of the run's window, shared); llama-server gives each slot a whole window, so it
    takes more slots only when asked; one where an item is scored by loglikelihood, whose
    numbers are lm-evaluation-harness's single-sequence ones."""
    likelihood = any(p.style is SampleStyle.LOGLIKELIHOOD for p in plans)
    if m.parallel is None:
        return 1 if likelihood or m.runtime == "llama-server" else settings.gguf_parallel
    if likelihood and m.parallel > 1:
        raise InvalidInput("loglikelihood scoring evaluates one sequence at a time; parallel "
                           "applies to generated answers (mcq_mode generative)",
                           field="model.parallel")
    return m.parallel
