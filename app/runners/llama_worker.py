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
import faulthandler
import math
import re
import resource
import sys
import time
import traceback
from multiprocessing.connection import Connection
from typing import IO, Any

import numpy as np


def _log_softmax_at(logits: np.ndarray[Any, Any], token: int) -> float:
    """log P(token) from one position's logits, in float64 (as the reference computes it)."""
    wide = logits.astype(np.float64)
    top = float(np.max(wide))
    return float(wide[token]) - top - math.log(float(np.sum(np.exp(wide - top))))


def encode_pair(context: str, continuation: str) -> tuple[str, str]:
    """lm-evaluation-harness's split of a request: white space that ends the context moves to
    the front of the continuation, so both tokenise as lm-eval tokenises them."""
    n_spaces = len(context) - len(context.rstrip())
    if n_spaces:
        return context[:-n_spaces], context[-n_spaces:] + continuation
    return context, continuation


MIB = 1024**2
LOG_DEBUG, LOG_CONT = 1, 5  # ggml_log_level
BUFFER_LINES = {
    "kv_bytes": re.compile(r"llama_kv_cache: size =\s+([\d.]+) MiB"),
    "compute_bytes": re.compile(r"CPU compute buffer size =\s+([\d.]+) MiB"),
    "output_bytes": re.compile(r"CPU\s+output buffer size =\s+([\d.]+) MiB"),
    "weights_bytes": re.compile(r"CPU\S* model buffer size =\s+([\d.]+) MiB"),
}


def buffer_sizes(log_lines: list[str]) -> dict[str, int]:
    """llama.cpp's own buffer sizes from its load log (sums: sliding-window models log two
    KV caches, repacked weights two model buffers)."""
    sizes: dict[str, int] = {}
    for line in log_lines:
        for name, pattern in BUFFER_LINES.items():
            found = pattern.search(line)
            if found:
                sizes[name] = sizes.get(name, 0) + round(float(found.group(1)) * MIB)
    return sizes


def memory_status(pid: int | str = "self") -> tuple[int, int]:
    """(current, peak) resident bytes of a process. VmHWM, not ru_maxrss: ru_maxrss carries
    over the parent's peak through fork and exec, so a worker started by a large server
    would report the server's size. Without /proc (macOS) this process's ru_maxrss stands
    in for both."""
    values = {}
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                key, _, rest = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    values[key] = int(rest.split()[0]) * 1024
    except FileNotFoundError:
        if pid != "self":
            raise
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        peak *= 1 if sys.platform == "darwin" else 1024  # bytes on macOS, KiB elsewhere
        return peak, peak
    return values["VmRSS"], values["VmHWM"]


class Worker:
    def __init__(self, path: str, n_ctx: int, n_threads: int | None,
                 log: IO[str] | None = None, flash_attn: bool = True) -> None:
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
                                   use_mmap=False, n_threads=n_threads, verbose=False)
        self.load_s = time.perf_counter() - started
        self.buffers = buffer_sizes(lines)
        self.n_vocab = self.llm.n_vocab()
        self.template = str(self.llm.metadata.get("tokenizer.chat_template", ""))

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
                      reuse: bool = False) -> dict[str, Any]:
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
        prompt_logits = self._last_logits()
        n_prompt = self.llm.n_tokens
        scores = []
        for tokens in conts:
            if not tokens:
                raise ValueError("a continuation adds no token to the context")
            total = _log_softmax_at(prompt_logits, tokens[0])
            for i in range(1, len(tokens)):
                self.llm.n_tokens = n_prompt + i - 1
                self.llm.eval([tokens[i - 1]])
                evaluated += 1
                total += _log_softmax_at(self._last_logits(), tokens[i])
            scores.append(total)
            self.llm.n_tokens = n_prompt
        return {"logprobs": scores, "prompt_tokens": len(ctx_tokens),
                "evaluated_tokens": evaluated, "seconds": time.perf_counter() - started}

    def _formatter(self) -> Any:
        """The GGUF's own chat template in llama-cpp-python's sandboxed Jinja formatter,
        built as llama-cpp-python builds it, so extra template switches can be passed."""
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        eos_id, bos_id = self.llm.token_eos(), self.llm.token_bos()
        model = self.llm._model
        return Jinja2ChatFormatter(
            template=self.template,
            eos_token=model.token_get_text(eos_id) if eos_id != -1 else "",
            bos_token=model.token_get_text(bos_id) if bos_id != -1 else "",
            stop_token_ids=[eos_id])

    def chat(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None,
             max_tokens: int, temperature: float, seed: int | None,
             template_kwargs: dict[str, Any]) -> dict[str, Any]:
        """Render the template (with `template_kwargs`, e.g. enable_thinking), then generate
        with llama-cpp-python's chat defaults; the rendered prompt is returned."""
        if not self.template:
            raise ValueError("the model has no chat template")
        started = time.perf_counter()
        rendered = self._formatter()(messages=messages, tools=tools, **template_kwargs)
        tokens = self.llm.tokenize(rendered.prompt.encode(), add_bos=not rendered.added_special,
                                   special=True)
        stop = rendered.stop if isinstance(rendered.stop, list) else [rendered.stop]
        create: Any = self.llm.create_completion
        stream: Any = create(prompt=tokens, max_tokens=max_tokens, temperature=temperature,
                             top_p=0.95, top_k=40, min_p=0.05, repeat_penalty=1.0, seed=seed,
                             stop=[s for s in stop if s],
                             stopping_criteria=rendered.stopping_criteria, stream=True)
        first = None
        pieces: list[str] = []
        finish = None
        for chunk in stream:
            choice = chunk["choices"][0]
            if choice.get("text"):
                if first is None:
                    first = time.perf_counter()
                pieces.append(choice["text"])
            finish = choice.get("finish_reason") or finish
        done = time.perf_counter()
        text = "".join(pieces)
        completion = len(self.llm.tokenize(text.encode(), add_bos=False, special=True)) \
            if text else 0
        return {"content": text, "finish_reason": finish, "rendered_prompt": rendered.prompt,
                "usage": {"completion_tokens": completion, "prompt_tokens": len(tokens)},
                "latency_ms": (done - started) * 1000,
                "ttft_ms": None if first is None else (first - started) * 1000}

    def stats(self) -> dict[str, Any]:
        peak = memory_status()[1]
        return {"load_s": self.load_s, "n_vocab": self.n_vocab, "template": self.template,
                "peak_rss_bytes": peak - self.baseline_rss_bytes,
                "process_peak_rss_bytes": peak, "llama_cpp_buffers": self.buffers,
                "n_ctx": self.llm.n_ctx(), "flash_attn": self.flash_attn}


def serve(conn: Connection, path: str, n_ctx: int, n_threads: int | None,
          log_path: str | None = None, address_space: int | None = None,
          flash_attn: bool = True) -> None:
    """Process entry point: load, report, then answer commands until `close`. llama.cpp's log
    goes to `log_path` and, on a fatal signal, Python's fault report to `log_path`.fault:
    files, so they outlive a crash."""
    log = open(log_path, "a", buffering=1, encoding="utf-8") if log_path else None  # noqa: SIM115
    if log_path:
        faulthandler.enable(file=open(f"{log_path}.fault", "w"))  # noqa: SIM115
    if address_space is not None and sys.platform == "linux":
        resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
    try:
        worker = Worker(path, n_ctx, n_threads, log, flash_attn)
        conn.send(("ok", worker.stats()))
    except Exception as exc:
        conn.send(("error", f"cannot load the model: {exc}"))
        return
    while True:
        try:
            command, args = conn.recv()
        except EOFError:
            return
        if command == "close":
            conn.send(("ok", None))
            return
        try:
            conn.send(("ok", getattr(worker, command)(*args)))
        except MemoryError:
            conn.send(("error", "MemoryError: the command needed more memory than the worker's "
                                f"address-space limit ({address_space} bytes)"))
        except Exception as exc:
            if log is not None:  # the traceback stays in the log; errors carry no server paths
                traceback.print_exc(file=log)
            conn.send(("error", f"{type(exc).__name__}: {exc}"))
