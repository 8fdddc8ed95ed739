"""Continuous batching in one llama.cpp context: several generations decoded together.

On a CPU, decoding one sequence reads every weight for one token; decoding four reads them
once for four tokens, so throughput rises with the number of sequences until compute, not
memory bandwidth, is the limit. Each request is a sequence of its own (a llama.cpp seq_id).
A sequence that finishes frees its cells and its slot at once, and the next waiting request
is admitted in the same step (continuous batching); prompts are evaluated in chunks inside
the same batches as the other sequences' decode tokens (under the prefill lane, when the
host wants prompt evaluations taken in turns).

The KV cache is per sequence (a whole window each: nothing is ever set back) or, where memory
does not allow that, one window's cells shared by all. When that is full, the sequence
admitted last starts again later from its prompt (the tokens evaluated again are counted),
and no more are admitted than it held until one finishes; a sequence alone that does not fit
ends at the context's end (`length`).

Each sequence samples with llama-cpp-python's chain for its settings. A request alone gives
exactly what `Llama.create_completion` gives it; beside others its logits can differ in their
last bits (kernels depend on the batch), so `parallel: 1` is the batch-invariant choice.

A request may carry a loop rule (app.inference.repetition): a sequence that repeats one block
of tokens K times in a row ends with finish reason `loop` (or, observing, is only marked).
"""

from __future__ import annotations

import ctypes
import time
from collections import deque
from typing import Any

from app.inference.llama_cpp.generation_requests import (
    Finished,
    GenerationRequest,
    Sampling,
    sampler_chain,
)
from app.inference.llama_cpp.worker_prefill_lane import PrefillLane
from app.inference.llama_cpp.worker_prompt_lookup import NgramIndex
from app.inference.llama_cpp.worker_sequences import PromptSharing, Sequence, kept_tokens
from app.inference.repetition import loop_block

__all__ = ["BatchedGenerator", "Finished", "GenerationRequest", "Sampling"]


class BatchedGenerator:
    """`submit`ted requests through one context; `step` decodes a batch, returns those done."""

    def __init__(self, llm: Any, n_seq: int, n_batch: int = 512, *,
                 window: int | None = None, shared: bool = True) -> None:
        """window: the cells one sequence may use; shared: the sequences share the cells."""
        import llama_cpp

        self.lib = llama_cpp
        self.llm = llm
        self.ctx = llm._ctx.ctx
        self.memory = llama_cpp.llama_get_memory(self.ctx)
        self.vocab = llm._model.vocab
        self.n_ctx = llm.n_ctx()
        self.window = min(window or self.n_ctx, self.n_ctx)
        self.shared = shared
        self.lane = PrefillLane(None)
        self.sharing = PromptSharing(llama_cpp, self.memory, shared)
        self.lookup = 0  # prompt-lookup tokens guessed a step (greedy requests); 0: off
        self.drafted = self.accepted = 0  # guesses decoded, and kept
        self.recomputed_tokens = 0  # evaluated by sequences set back, evaluated again
        self.n_seq = n_seq
        self.n_batch = min(n_batch, llama_cpp.llama_n_batch(self.ctx))  # n_ctx may hold it
        self.batch = llama_cpp.llama_batch_init(self.n_batch, 0, 1)
        self.waiting: deque[GenerationRequest] = deque()
        self.active: dict[int, Sequence] = {}  # seq_id -> sequence, in admission order
        self.evictions = 0
        self.moves = 0  # sequences moved into a lower free id
        # admitted at most: after an eviction what the cache held, one more for each finished
        self.limit = n_seq
        self.paused = False  # set while another command waits for the generations to end
        self._buffer = (ctypes.c_char * 64)()
        self.foreign_state = True  # the cache may hold what other commands evaluated

    def close(self) -> None:
        for seq in self.active.values():
            self.lib.llama_sampler_free(seq.sampler)
        self.active.clear()
        self.lib.llama_batch_free(self.batch)

    @property
    def busy(self) -> bool:
        return bool(self.active) or (bool(self.waiting) and not self.paused)

    def submit(self, request: GenerationRequest) -> Finished | None:
        """Queue a request; a prompt the context cannot hold fails at once."""
        if len(request.tokens) >= self.window:
            return Finished(request.request_id, prompt_tokens=len(request.tokens),
                            error=f"Requested tokens ({len(request.tokens)}) exceed context "
                                  f"window of {self.window}")
        self.waiting.append(request)
        return None

    def _admit(self) -> None:
        if self.paused:
            return
        if self.foreign_state and not self.active and self.waiting:
            # other commands (loglikelihood) used the cache: start from an empty one, and
            # tell them so (they keep a shared prefix only while `n_tokens` says it is there)
            self.lib.llama_memory_clear(self.memory, True)
            self.llm.n_tokens = 0
            self.foreign_state = False
        used = sum(s.cells for s in self.active.values())
        while self.waiting and len(self.active) < self.limit:
            request = self.waiting[0]
            if self.shared and self.active and used + len(request.tokens) + 1 > self.n_ctx:
                return  # waits for cells to free up
            self.waiting.popleft()
            seq_id = next(i for i in range(self.n_seq) if i not in self.active)
            cap = min(request.max_tokens, self.window - len(request.tokens))
            sampler = sampler_chain(self.lib, request.sampling)
            self.active[seq_id] = Sequence(request, seq_id, sampler, cap, lookup=NgramIndex(
                request.tokens) if self.lookup and request.sampling.temperature == 0 else None)
            self.sharing.join(self.active[seq_id], self.active)
            used += len(request.tokens)

    def _close_gap(self) -> None:
        """With a cache per sequence and no request for a freed id, the highest sequence moves
        into it (llama.cpp copies its stream): a gap in the ids splits each step in two."""
        if self.shared or (self.waiting and not self.paused) or not self.active:
            return
        free = next((i for i in range(self.n_seq) if i not in self.active), None)
        high = max(self.active)
        if free is None or free > high:
            return
        seq = self.active.pop(high)
        self.lib.llama_memory_seq_cp(self.memory, high, free, -1, -1)
        self.lib.llama_memory_seq_rm(self.memory, high, -1, -1)
        seq.seq_id = free
        self.active[free] = seq
        self.moves += 1

    def _release(self, seq: Sequence) -> None:
        self.lib.llama_memory_seq_rm(self.memory, seq.seq_id, -1, -1)
        self.lib.llama_sampler_free(seq.sampler)
        del self.active[seq.seq_id]

    def _finish(self, seq: Sequence, reason: str | None, error: str | None = None) -> Finished:
        self._release(seq)
        self.limit = min(self.n_seq, self.limit + 1)
        now = time.perf_counter()
        req = seq.request
        return Finished(
            req.request_id, text=bytes(seq.text).decode("utf-8", "ignore"),
            finish_reason=reason, completion_tokens=len(seq.generated),
            prompt_tokens=len(req.tokens), latency_ms=(now - req.submitted) * 1000,
            ttft_ms=None if seq.first_token_at is None
            else (seq.first_token_at - req.submitted) * 1000, error=error, loop=seq.loop,
            decode_ms=seq.decode_s * 1000,
            decode_window=None if seq.first_token_wall is None
            else (seq.first_token_wall, time.time()))

    def _evict_last(self) -> None:
        """Free the most recently admitted sequence; it starts again from its prompt."""
        seq = list(self.active.values())[-1]
        request = seq.request
        self._release(seq)
        self.waiting.appendleft(request)
        self.evictions += 1
        self.recomputed_tokens += seq.n_past
        self.limit = max(1, len(self.active))

    def _fill(self) -> list[tuple[Sequence, int]]:
        """Decode tokens, then prompt chunks in the room left, by sequence id (llama.cpp takes
        per-sequence caches in one pass only while ids ascend); (sequence, index) to sample."""
        chosen: list[tuple[Sequence, int, bool]] = []  # (sequence, token, sampled)
        active = self.active.values()
        for seq in active:
            if not seq.prefilling and seq.next_token is not None:
                chosen.append((seq, seq.next_token, True))
        for seq in active:  # guesses in the room the decode tokens left
            seq.drafts = [] if seq.lookup is None or seq.prefilling else seq.lookup.draft(min(
                self.lookup, self.n_batch - len(chosen), seq.max_tokens - len(seq.generated) - 1,
                self.window - seq.cells - 1, self._free_cells()))
            chosen.extend((seq, token, True) for token in seq.drafts)
            self.drafted += len(seq.drafts)
        for seq in active:
            if seq.prefilling and seq.leader is None and len(chosen) < self.n_batch:
                prompt = seq.request.tokens
                take = min(self.n_batch - len(chosen), len(prompt) - seq.n_past)
                last = seq.n_past + take == len(prompt)
                chosen.extend((seq, prompt[seq.n_past + i], last and i == take - 1)
                              for i in range(take))
        chosen.sort(key=lambda entry: entry[0].seq_id)  # stable: a prompt stays in order
        batch = self.batch
        wanted: list[tuple[Sequence, int]] = []
        for n, (seq, token, sampled) in enumerate(chosen):
            batch.token[n] = token
            batch.pos[n] = seq.n_past
            batch.n_seq_id[n] = 1
            batch.seq_id[n][0] = seq.seq_id
            batch.logits[n] = sampled
            if sampled:
                wanted.append((seq, n))
            seq.n_past += 1
        batch.n_tokens = len(chosen)
        return wanted

    def step(self) -> list[Finished]:
        """One llama_decode over every active sequence."""
        done: list[Finished] = []
        now = time.monotonic()
        for seq in list(self.active.values()):
            if seq.request.deadline is not None and now > seq.request.deadline:
                done.append(self._finish(seq, None, "did not finish within the request "
                                                    "timeout"))
        for request in [r for r in self.waiting if r.deadline is not None and now > r.deadline]:
            self.waiting.remove(request)
            done.append(Finished(request.request_id, prompt_tokens=len(request.tokens),
                                 error="did not start within the request timeout"))
        self._admit()
        self._close_gap()
        self.sharing.ready(self.active)  # a leader set back or gone: evaluated alone
        if not self.active:
            return done
        snapshot = {s.seq_id: (s.n_past, s.next_token) for s in self.active.values()}
        decoding = [s for s in self.active.values()
                    if not s.prefilling and s.next_token is not None]
        started = time.perf_counter()
        prefill = any(s.prefilling for s in self.active.values())
        wanted = self._fill()
        with self.lane.held(prefill):
            status = self.lib.llama_decode(self.ctx, self.batch)
        if status == 1:  # no room in the KV cache for this batch
            for seq in self.active.values():  # nothing of it was kept: undo the positions
                seq.n_past, seq.next_token = snapshot[seq.seq_id]
                self.lib.llama_memory_seq_rm(self.memory, seq.seq_id, seq.n_past, -1)
            if len(self.active) > 1:
                self._evict_last()
            else:
                seq = next(iter(self.active.values()))
                done.append(self._finish(seq, "length"))
            return done
        if status != 0:
            raise RuntimeError(f"llama_decode returned {status}")
        self.sharing.ready(self.active)  # prompts just evaluated: copied into their repeats
        by_seq: dict[int, list[int]] = {}
        for seq, index in wanted:
            by_seq.setdefault(id(seq), []).append(index)
        elapsed = time.perf_counter() - started
        for seq in decoding:  # the step's time counts for each sequence it decoded
            seq.decode_s += elapsed
        for seq in {id(seq): seq for seq, _ in wanted}.values():
            finished, kept = kept_tokens(self.lib, self.ctx, self.memory, seq, by_seq[id(seq)],
                                         snapshot[seq.seq_id][0], self._accept)
            self.accepted += kept
            if finished is not None:
                done.append(finished)
        return done

    def _free_cells(self) -> int:
        """Cells no sequence holds in a shared cache (a cache per sequence: its window)."""
        held = sum(s.cells + 1 for s in self.active.values())
        return int(self.window if not self.shared else self.n_ctx - held)

    def _piece(self, token: int) -> bytes:
        """The token's text as llama-cpp-python detokenises a completion (no specials)."""
        size = len(self._buffer)
        n = self.lib.llama_token_to_piece(self.vocab, token, self._buffer, size, 0, False)
        if n < 0:  # a longer piece than the buffer
            self._buffer = (ctypes.c_char * -n)()
            n = self.lib.llama_token_to_piece(self.vocab, token, self._buffer, -n, 0, False)
        return ctypes.string_at(self._buffer, n)

    def _accept(self, seq: Sequence, token: int) -> Finished | None:
        if seq.first_token_at is None:
            seq.first_token_at = time.perf_counter()
            seq.first_token_wall = time.time()
        if self.lib.llama_vocab_is_eog(self.vocab, token):
            return self._finish(seq, "stop")
        seq.generated.append(token)
        if seq.lookup is not None:
            seq.lookup.add(token)
        start = len(seq.text)
        seq.text += self._piece(token)
        for stop in seq.request.stop:
            needle = stop.encode()
            at = seq.text.find(needle, max(0, start - len(needle) + 1))
            if at != -1:
                del seq.text[at:]
                return self._finish(seq, "stop")
        rule = seq.request.loop
        if rule is not None and seq.loop is None and \
                (block := loop_block(seq.generated, rule)) is not None:
            seq.loop = {"block_tokens": block, "repeats": rule.repeats,
                        "at_token": len(seq.generated), "observed": rule.observe,
                        "block_text": b"".join(self._piece(t) for t in seq.generated[-block:])
                        .decode("utf-8", "replace")}
            if not rule.observe:
                return self._finish(seq, "loop")
        if len(seq.generated) >= seq.max_tokens:
            return self._finish(seq, "length")
        seq.next_token = token
        return None
