"""The loop rule against a direct definition: the tail is K copies of one block."""

from __future__ import annotations

import random

from app.inference.repetition import LoopRule, loop_block


def _is_loop(tokens: list[int], block: int, k: int) -> bool:
    tail = tokens[-block * k:]
    return len(tail) == block * k and all(tail[i * block:(i + 1) * block] == tail[:block]
                                          for i in range(k))


def test_a_repeated_block_is_found_and_short_runs_are_not() -> None:
    rule = LoopRule(repeats=4, max_block=64, min_span=32)
    prose = list(range(100, 140))
    assert loop_block(prose + [1, 2, 3, 4, 5, 6, 7, 8] * 4, rule) == 8
    assert loop_block(prose + [1, 2, 3, 4, 5, 6, 7, 8] * 3, rule) is None  # three times
    assert loop_block(prose + [7] * 20, rule) is None  # a run shorter than min_span
    assert loop_block(prose + [7] * 32, rule) == 8  # the same token 32 times
    assert loop_block(prose + list(range(70)) * 4, rule) is None  # a block over max_block


def test_it_agrees_with_the_definition_on_random_tails() -> None:
    rng = random.Random(4)
    rule = LoopRule(repeats=3, max_block=20, min_span=12)
    for _ in range(2000):
        block = [rng.randrange(3) for _ in range(rng.randrange(1, 25))]
        tokens = [rng.randrange(3) for _ in range(rng.randrange(0, 30))] + \
            block * rng.randrange(1, 5)
        found = loop_block(tokens, rule)
        expected = [b for b in range(4, 21) if _is_loop(tokens, b, 3)]
        assert found == (expected[0] if expected and len(tokens) >= 12 else None), tokens
