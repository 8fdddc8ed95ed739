"""Prompt-lookup drafts for greedy decoding (n-gram speculative decoding without a draft
model): when a sequence's last tokens occurred earlier in its prompt or answer, the tokens
that followed them there are guessed to come next. The guesses are decoded in the same
batch as the sequence's next token, each position's greedy token is read, and the guesses
are kept up to the first one that differs from it: fewer steps where answers copy their
prompt (a tool call's arguments, a rewritten text). llama.cpp's arithmetic for a position
decoded beside others is not bit-exact with it alone, so an answer can come out otherwise
than without guesses; that is why it is off unless a run asks for it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.inference.llama_cpp.generation_requests import Finished
    from app.inference.llama_cpp.worker_sequences import Sequence

NGRAMS = (3, 2)  # the suffix lengths looked up, longest first


class NgramIndex:
    """Where each n-gram of a sequence's tokens last ended, kept as tokens are added. The
    n-grams ending at the last token are indexed only when the next one comes, so a lookup
    of the suffix finds an earlier occurrence, never itself."""

    def __init__(self, tokens: Iterable[int]) -> None:
        self.tokens: list[int] = []
        self.ends: dict[tuple[int, ...], int] = {}
        for token in tokens:
            self.add(token)

    def add(self, token: int) -> None:
        end = len(self.tokens)
        for n in NGRAMS:
            if end >= n:
                self.ends[tuple(self.tokens[end - n:end])] = end
        self.tokens.append(token)

    def draft(self, most: int) -> list[int]:
        """Up to `most` tokens that followed the latest earlier occurrence of the longest
        suffix found; none where no suffix occurred before."""
        if most <= 0:
            return []
        tokens = self.tokens
        for n in NGRAMS:
            if len(tokens) <= n:
                continue
            end = self.ends.get(tuple(tokens[-n:]))
            if end is not None:
                return tokens[end:end + most]
        return []


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
