"""The llama.cpp worker process: one model, one context, commands over a pipe.

Contexts are not thread-safe and a model is loaded once per run, so each GGUF run owns one
such process. Loglikelihood never allocates n_ctx x n_vocab logits: only the last position's
logits are read, and for multi-token continuations the cache is rolled back to the prompt
between options. The shared few-shot prefix of a subject is evaluated once and kept; the
item's own tokens always form their own batch after it, whether the prefix was cached or
not, because llama.cpp's logits depend slightly (up to ~0.06 nats measured) on how tokens
are batched: the same item must score the same whatever was evaluated before it. Models with
sliding-window layers keep a full cache (swa_full) so rolling back stays exact.

Weights are read into memory rather than mapped: with a mapped file, llama.cpp's repacked
CPU weights sit in memory twice (the file pages and the repacked copy), so the measured RSS
would say little about what the model needs. The buffer sizes llama.cpp logs while loading
are kept, to be stored beside the estimate.
"""

from __future__ import annotations

import ctypes
import functools
import math
import time
from typing import IO, Any, TypedDict

import numpy as np

from app.inference.base import Likelihoods
from app.inference.llama_cpp.generation_requests import LoopFound
from app.inference.llama_cpp.process_memory import buffer_sizes, memory_status
from app.inference.llama_cpp.time_spent import LoopClock
from app.inference.llama_cpp.worker_commands import Chat
from app.inference.llama_cpp.worker_context import replace_context
from app.inference.llama_cpp.worker_generation import (
    BatchedGenerator,
    Finished,
    GenerationRequest,
    Sampling,
)

LOG_DEBUG, LOG_CONT = 1, 5  # ggml_log_level


class TokenUsage(TypedDict):
    completion_tokens: int
    prompt_tokens: int


class Generated(TypedDict):
    """A finished chat generation, as the worker sends it back."""

    content: str
    finish_reason: str | None
    rendered_prompt: str
    usage: TokenUsage
    latency_ms: float
    ttft_ms: float | None
    loop: LoopFound | None
    decode_ms: float | None
    decode_window: tuple[float, float] | None


class WorkerStats(TypedDict):
    """What the worker measured of itself: load time, memory, cache and batching."""

    load_s: float
    n_vocab: int
    template: str
    peak_rss_bytes: int
    process_peak_rss_bytes: int
    llama_cpp_buffers: dict[str, int]
    n_ctx: int
    kv_cells: int
    kv_mode: str
    flash_attn: bool
    parallel: int
    evictions: int
    recomputed_tokens: int
    prefill_lane_wait_s: float
    most_threads: int
    sequence_moves: int
    prompt_tokens_shared: int  # copied from another repeat's evaluated prompt
    lookup_drafted: int  # prompt-lookup guesses decoded
    lookup_accepted: int  # and kept: the steps saved
    model_s: float


class LogSoftmax:
    """log P(token) from one position's logits, in float64 (as the reference computes it).
    The normaliser is computed once per position, however many continuations read it."""

    def __init__(self, logits: np.ndarray[Any, Any]) -> None:
        self.wide = logits.astype(np.float64)
        self.top = float(np.max(self.wide))
        self.log_sum = math.log(float(np.sum(np.exp(self.wide - self.top))))

    def __call__(self, token: int) -> float:
        return float(self.wide[token]) - self.top - self.log_sum


def encode_pair(context: str, continuation: str) -> tuple[str, str]:
    """lm-evaluation-harness's split of a request: white space that ends the context moves to
    the front of the continuation, so both tokenise as lm-eval tokenises them."""
    n_spaces = len(context) - len(context.rstrip())
    if n_spaces:
        return context[:-n_spaces], context[-n_spaces:] + continuation
    return context, continuation


class Worker:
    def __init__(self, path: str, n_ctx: int, n_threads: int | None,
                 log: IO[str] | None = None, flash_attn: bool = True, n_seq: int = 1,
                 kv_per_sequence: bool = False) -> None:
        import llama_cpp

        self.llama_cpp = llama_cpp
        lines: list[str] = []
        shown = [True]  # whether the line a GGML_LOG_LEVEL_CONT piece continues was written

        @llama_cpp.llama_log_callback  # type: ignore[untyped-decorator]
        def keep(level: int, text: bytes, user_data: ctypes.c_void_p) -> None:
            decoded = text.decode("utf-8", "replace")
            if level != LOG_CONT:
                shown[0] = level != LOG_DEBUG
            if log is not None and shown[0]:  # so a crash report can quote the last lines
                log.write(decoded)
            if b"buffer size" in text or b"kv_cache: size" in text:
                lines.append(decoded)

        self._log_callback = keep  # llama.cpp keeps calling it for the worker's life
        self.flash_attn = flash_attn
        self.baseline_rss_bytes = memory_status()[0]
        llama_cpp.llama_log_set(keep, ctypes.c_void_p(0))
        started = time.perf_counter()
        self.llm = llama_cpp.Llama(path, n_ctx=n_ctx, n_batch=512, n_ubatch=512,
                                   flash_attn=flash_attn, swa_full=True, logits_all=False,
                                   use_mmap=False, n_threads=n_threads,
                                   n_threads_batch=n_threads, verbose=False)
        self.kv_per_sequence = kv_per_sequence and n_seq > 1
        if n_seq > 1:
            lines.clear()  # the buffers of the context made next are the ones in use
            replace_context(self.llm, n_seq, per_sequence=self.kv_per_sequence)
        self.load_s = time.perf_counter() - started
        self.buffers = buffer_sizes(lines)
        self.n_seq = n_seq
        self.generator = BatchedGenerator(self.llm, n_seq, window=n_ctx,
                                          shared=not self.kv_per_sequence)
        self.rendered: dict[int, tuple[str, int]] = {}  # request -> (prompt, its tokens)
        self.n_vocab = self.llm.n_vocab()
        self.template = str(self.llm.metadata.get("tokenizer.chat_template", ""))
        self.most_threads = int(llama_cpp.llama_n_threads(self.llm.ctx))
        self.clock = LoopClock()  # its loop (app.inference.llama_cpp.worker_loop) times model work

    def _last_logits(self) -> np.ndarray[Any, Any]:
        ptr = self.llama_cpp.llama_get_logits_ith(self.llm.ctx, -1)
        return np.ctypeslib.as_array(ptr, shape=(self.n_vocab,)).copy()

    def _eval_prompt(self, tokens: list[int], split: int, reuse: bool) -> int:
        """Exact (reuse False): the whole context from position 0 in one eval, batched by
        n_batch as lm-eval's llama.cpp path evaluates it. Reuse: tokens[:split] (the shared
        prefix) from the cache when it holds exactly that, else evaluated from position 0;
        then tokens[split:] as their own batch (faster, but llama.cpp's logits depend on the
        batch layout). Returns tokens evaluated."""
        if not reuse or not split:
            self.llm.n_tokens = 0
            self.llm.eval(tokens)
            return len(tokens)
        cached = self.llm.input_ids[: self.llm.n_tokens].tolist()
        evaluated = 0
        if len(cached) >= split and cached[:split] == tokens[:split]:
            self.llm.n_tokens = split
        else:
            self.llm.n_tokens = 0
            self.llm.eval(tokens[:split])
            evaluated += split
        self.llm.eval(tokens[split:])
        return evaluated + len(tokens) - split

    def loglikelihood(self, context: str, continuations: list[str], shared_prefix: str = "",
                      reuse: bool = False) -> Likelihoods:
        """log P(continuation | context) for each continuation, tokenised as lm-eval's
        _encode_pair does (context, then whole = context + continuation; the continuation is
        what `whole` has beyond the context's tokens), BOS as the model's metadata says."""
        started = time.perf_counter()
        pairs = [encode_pair(context, cont) for cont in continuations]
        context = pairs[0][0] if pairs else context
        bos = self.llm._model.add_bos_token()
        ctx_tokens = self.llm.tokenize(context.encode(), add_bos=bos, special=False)
        split = 0
        if shared_prefix and context.startswith(shared_prefix):
            prefix = self.llm.tokenize(shared_prefix.encode(), add_bos=bos, special=False)
            if ctx_tokens[:len(prefix)] == prefix and len(prefix) < len(ctx_tokens):
                split = len(prefix)
        conts = []
        for ctx, cont in pairs:
            whole = self.llm.tokenize((ctx + cont).encode(), add_bos=bos, special=False)
            conts.append(whole[len(ctx_tokens):])
        evaluated = self._eval_prompt(ctx_tokens, split, reuse)
        prompt_log_p = LogSoftmax(self._last_logits())
        n_prompt = self.llm.n_tokens
        scores = []
        for tokens in conts:
            if not tokens:
                raise ValueError("a continuation adds no token to the context")
            total = prompt_log_p(tokens[0])
            for i in range(1, len(tokens)):
                self.llm.n_tokens = n_prompt + i - 1
                self.llm.eval([tokens[i - 1]])
                evaluated += 1
                total += LogSoftmax(self._last_logits())(tokens[i])
            scores.append(total)
            self.llm.n_tokens = n_prompt
        return {"logprobs": scores, "prompt_tokens": len(ctx_tokens),
                "evaluated_tokens": evaluated, "seconds": time.perf_counter() - started}

    @functools.cached_property
    def _formatter(self) -> Any:
        """The GGUF's own chat template in llama-cpp-python's sandboxed Jinja formatter,
        built as llama-cpp-python builds it, so extra template switches can be passed. Built
        once: compiling the template took 3.2 ms, rendering it 0.2 ms."""
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        eos_id, bos_id = self.llm.token_eos(), self.llm.token_bos()
        model = self.llm._model
        return Jinja2ChatFormatter(
            template=self.template,
            eos_token=model.token_get_text(eos_id) if eos_id != -1 else "",
            bos_token=model.token_get_text(bos_id) if bos_id != -1 else "",
            stop_token_ids=[eos_id])

    def submit_chat(self, request_id: int, chat: Chat) -> Generated | None:
        """Render the template (with the request's template_kwargs, e.g. enable_thinking) and
        queue the generation, with llama-cpp-python's chat defaults; the reply comes from
        `finished` (None) unless the request fails at once."""
        if not self.template:
            raise ValueError("the model has no chat template")
        rendered = self._formatter(messages=chat.messages, tools=chat.tools,
                                   **chat.template_kwargs)
        tokens = self.llm.tokenize(rendered.prompt.encode(), add_bos=not rendered.added_special,
                                   special=True)
        stop = rendered.stop if isinstance(rendered.stop, list) else [rendered.stop]
        deadline = None if chat.timeout_s is None else time.monotonic() + chat.timeout_s
        failed = self.generator.submit(GenerationRequest(
            request_id, tokens, chat.max_tokens, [s for s in stop if s],
            Sampling(chat.temperature, chat.seed), deadline, chat.loop))
        self.rendered[request_id] = (rendered.prompt, len(tokens))
        return None if failed is None else self.finished(failed)

    def finished(self, done: Finished) -> Generated:
        prompt, _n = self.rendered.pop(done.request_id)
        if done.error is not None:
            raise RuntimeError(done.error)
        return {"content": done.text, "finish_reason": done.finish_reason,
                "rendered_prompt": prompt,
                "usage": {"completion_tokens": done.completion_tokens,
                          "prompt_tokens": done.prompt_tokens},
                "latency_ms": done.latency_ms, "ttft_ms": done.ttft_ms, "loop": done.loop,
                "decode_ms": done.decode_ms, "decode_window": done.decode_window}

    def set_threads(self, n_threads: int) -> None:
        """The threads of the next decodes (a busy worker borrows an idle one's cores)."""
        self.llama_cpp.llama_set_n_threads(self.llm.ctx, n_threads, n_threads)
        self.most_threads = max(self.most_threads, n_threads)

    def stats(self) -> WorkerStats:
        peak = memory_status()[1]
        return {"load_s": self.load_s, "n_vocab": self.n_vocab, "template": self.template,
                "peak_rss_bytes": peak - self.baseline_rss_bytes,
                "process_peak_rss_bytes": peak, "llama_cpp_buffers": self.buffers,
                "n_ctx": self.generator.window, "kv_cells": self.llm.n_ctx(),
                # one sequence has the cache to itself, as the run's topology record says
                "kv_mode": "per-sequence" if self.kv_per_sequence or self.n_seq == 1
                else "shared",
                "flash_attn": self.flash_attn, "parallel": self.n_seq,
                "evictions": self.generator.evictions,
                "recomputed_tokens": self.generator.recomputed_tokens,
                "prefill_lane_wait_s": self.generator.lane.waited_s,
                "most_threads": self.most_threads,
                "sequence_moves": self.generator.moves, "model_s": self.clock.model_s,
                "prompt_tokens_shared": self.generator.sharing.tokens_shared,
                "lookup_drafted": self.generator.drafted,
                "lookup_accepted": self.generator.accepted}
