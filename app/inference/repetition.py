"""Degenerate loops: a generation that repeats the same block of tokens K times in a row.

Small models often loop until the output cap ("the the the", or a paragraph over and over),
which on a CPU costs minutes per sample. The tail of the tokens is a loop when it is one
block of L tokens repeated K times, for some L from ceil(min_span / K) to max_block: the
loop spans at least min_span tokens, so short legitimate runs (a row of "=", a repeated
word) do not count. Checked after every token; a cheap test on the last token rejects most
L at once."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class LoopRule:
    repeats: int = 4
    max_block: int = 64
    min_span: int = 32
    observe: bool = False  # record where it would stop, and go on


def loop_block(tokens: Sequence[int], rule: LoopRule) -> int | None:
    """L when the tokens end with one block of L tokens repeated rule.repeats times."""
    n, k = len(tokens), rule.repeats
    if n < rule.min_span:
        return None
    last = tokens[-1]
    for block in range(max(1, math.ceil(rule.min_span / k)), min(rule.max_block, n // k) + 1):
        if tokens[n - 1 - block] != last:
            continue
        span = block * k
        if tokens[n - span + block:] == tokens[n - span:n - block]:
            return block
    return None
