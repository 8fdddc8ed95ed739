"""The sequences of one batched llama.cpp context, and repeats of one prompt among them.

A request whose prompt tokens equal those of a sequence already admitted (the repeats of
one prompt under sampling, each with its own seed) does not evaluate them again: once that
sequence has evaluated its prompt, its cache is copied into the new one's (llama.cpp's
sequence copy: in a shared cache the cells are only tagged with the new id; with a cache
per sequence the whole stream is copied, as llama.cpp copies across streams only whole,
and the positions past the prompt are removed), and the new one evaluates the prompt's last
token itself, for its own first token's logits."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.inference.llama_cpp.generation_requests import Finished, GenerationRequest, LoopFound
from app.inference.llama_cpp.worker_prompt_lookup import NgramIndex


@dataclass
class Sequence:
    request: GenerationRequest
    seq_id: int
    sampler: Any
    max_tokens: int
    n_past: int = 0  # positions already in the cache
    generated: list[int] = field(default_factory=list)
    text: bytearray = field(default_factory=bytearray)
    first_token_at: float | None = None
    first_token_wall: float | None = None  # time.time() of the first token
    decode_s: float = 0.0  # the steps that decoded a token of this sequence
    next_token: int | None = None  # sampled, to be decoded in the next step
    loop: LoopFound | None = None
    # a repeat of a prompt another sequence evaluates: its cache is copied from that one
    leader: Sequence | None = None
    lookup: NgramIndex | None = None  # greedy with prompt lookup: its tokens, indexed
    drafts: list[int] = field(default_factory=list)  # guessed, decoded in this step

    @property
    def prefilling(self) -> bool:
        return self.n_past < len(self.request.tokens)

    @property
    def cells(self) -> int:
        return len(self.request.tokens) + len(self.generated)


class PromptSharing:
    """Which sequences wait for another's prompt, and the copies once it is evaluated."""

    def __init__(self, lib: Any, memory: Any, shared_cells: bool) -> None:
        self.lib, self.memory, self.shared_cells = lib, memory, shared_cells
        self.tokens_shared = 0  # prompt tokens copied instead of evaluated

    def join(self, seq: Sequence, active: dict[int, Sequence]) -> None:
        """A sequence just admitted follows one that holds (or is evaluating) its prompt."""
        tokens = seq.request.tokens
        seq.leader = next((s for s in active.values() if s is not seq and s.leader is None
                           and len(s.request.tokens) == len(tokens) > 1
                           and s.request.tokens == tokens), None)
        self.ready(active)

    def ready(self, active: dict[int, Sequence]) -> None:
        """Copy each leader's evaluated prompt into its followers; a follower whose leader
        left the context (finished or set back) evaluates its prompt itself."""
        for seq in active.values():
            leader = seq.leader
            if leader is None:
                continue
            if active.get(leader.seq_id) is not leader:
                seq.leader = None
            elif not leader.prefilling:
                self._copy(leader, seq)

    def _copy(self, leader: Sequence, seq: Sequence) -> None:
        keep = len(seq.request.tokens) - 1
        if self.shared_cells:
            self.lib.llama_memory_seq_cp(self.memory, leader.seq_id, seq.seq_id, 0, keep)
        else:
            self.lib.llama_memory_seq_cp(self.memory, leader.seq_id, seq.seq_id, -1, -1)
            self.lib.llama_memory_seq_rm(self.memory, seq.seq_id, keep, -1)
        seq.n_past = keep
        seq.leader = None
        self.tokens_shared += keep


def kept_tokens(lib: Any, ctx: Any, memory: Any, seq: Sequence, indexes: list[int],
                before: int, accept: Callable[[Sequence, int], Finished | None]
                ) -> tuple[Finished | None, int]:
    """The sequence's greedy token at each position decoded (its next token's, then each
    guess's), accepted in order for as long as each equals the guess decoded after it; the
    cache past the last position kept is removed. (the sequence's end, guesses kept)"""
    kept = 0
    for j, index in enumerate(indexes):
        finished = accept(seq, token := lib.llama_sampler_sample(seq.sampler, ctx, index))
        if finished is not None:
            return finished, kept
        if j >= len(seq.drafts) or token != seq.drafts[j]:
            break
        kept += 1
    valid = before + 1 + kept  # the next token's position, and the guesses kept
    if seq.drafts and seq.n_past > valid:
        lib.llama_memory_seq_rm(memory, seq.seq_id, valid, -1)
        seq.n_past = valid
    return None, kept
