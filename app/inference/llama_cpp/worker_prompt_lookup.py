"""Prompt-lookup drafts for greedy decoding (n-gram speculative decoding without a draft
model): when a sequence's last tokens occurred earlier in its prompt or answer, the tokens
that followed them there are guessed to come next. The guesses are decoded in the same
batch as the sequence's next token, each position's greedy token is read, and the guesses
are kept up to the first one that differs from it: fewer steps where answers copy their
prompt (a tool call's arguments, a rewritten text). llama.cpp's arithmetic for a position
decoded beside others is not bit-exact with it alone, so an answer can come out otherwise
than without guesses; that is why it is off unless a run asks for it. Which guesses a step
keeps is the sequence's to say (app.inference.llama_cpp.worker_sequences.kept_tokens)."""

from __future__ import annotations

from collections.abc import Iterable

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

