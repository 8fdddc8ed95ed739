"""Prompt lookup's guesses and the rule that keeps them (app.inference.llama_cpp.
worker_prompt_lookup), against a stand-in for llama.cpp that reads the greedy token of each
position from a script and records what the cache is told."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from app.inference.llama_cpp.generation_requests import Finished
from app.inference.llama_cpp.worker_prompt_lookup import NgramIndex
from app.inference.llama_cpp.worker_sequences import kept_tokens


def test_a_guess_follows_the_latest_earlier_occurrence_of_the_longest_suffix() -> None:
    index = NgramIndex([5, 6, 7, 8, 9, 5, 6, 7, 1, 2])
    assert index.draft(4) == []  # "1 2" and "2" never came before
    for token in (5, 6, 7):
        index.add(token)
    # "5 6 7" ended at 3 and 8; the latest earlier one is followed by 1 2 5 6
    assert index.draft(4) == [1, 2, 5, 6] and index.draft(1) == [1]
    index.add(3)  # "7 3" and "6 7 3" never came before: nothing
    assert index.draft(4) == [] and index.draft(0) == []
    twice = NgramIndex([4, 4])
    assert twice.draft(3) == []  # the suffix "4 4" is itself, never an earlier occurrence
    twice.add(4)
    assert twice.draft(3) == [4]


@dataclass
class Lib:
    """llama.cpp as the rule uses it: the greedy token at each batch index, the cache calls."""

    greedy: dict[int, int]
    removed: list[tuple[int, int]] = field(default_factory=list)

    def llama_sampler_sample(self, sampler: Any, ctx: Any, index: int) -> int:
        return self.greedy[index]

    def llama_memory_seq_rm(self, memory: Any, seq_id: int, p0: int, p1: int) -> None:
        assert p1 == -1
        self.removed.append((seq_id, p0))


@dataclass
class Seq:
    seq_id: int
    drafts: list[int]
    n_past: int
    sampler: None = None
    accepted: list[int] = field(default_factory=list)


def _accept_until(end: int | None) -> Any:
    def accept(seq: Seq, token: int) -> Finished | None:
        seq.accepted.append(token)
        return Finished(seq.seq_id) if token == end else None
    return accept


@pytest.mark.parametrize(("greedy", "kept", "accepted", "removed_from"), [
    ([11, 12, 13, 99], 3, [11, 12, 13, 99], None),  # every guess agrees: one more token
    ([11, 12, 77, 0], 2, [11, 12, 77], 13),  # the third guess differs: dropped with its cell
    ([55, 0, 0, 0], 0, [55], 11),  # the first differs: only the next token's cell stays
])
def test_guesses_are_kept_up_to_the_first_that_greedy_decoding_disagrees_with(
        greedy: list[int], kept: int, accepted: list[int], removed_from: int | None) -> None:
    # the next token at position 10, guesses 11 12 13 at 11..13: the step left n_past at 14
    seq = Seq(seq_id=2, drafts=[11, 12, 13], n_past=14)
    lib = Lib(dict(zip([40, 41, 42, 43], greedy, strict=True)))
    finished, got = kept_tokens(lib, None, None, seq, [40, 41, 42, 43], 10, _accept_until(None))
    assert finished is None and got == kept and seq.accepted == accepted
    assert seq.n_past == 10 + 1 + kept  # the cells of the tokens kept, the next one's last
    assert lib.removed == ([] if removed_from is None else [(2, removed_from)])


def test_a_sequence_that_ends_on_a_kept_guess_ends_there() -> None:
    seq = Seq(seq_id=0, drafts=[11, 12], n_past=13)
    lib = Lib({0: 11, 1: 12, 2: 99})
    finished, got = kept_tokens(lib, None, None, seq, [0, 1, 2], 10, _accept_until(12))
    assert finished is not None and seq.accepted == [11, 12] and got == 1
