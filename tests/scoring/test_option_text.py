"""Options compared as numbers before text: distinct numeric options are never taken for
duplicates, on the cases seen and on real MMLU-Pro math items."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from app.scoring.choices import LETTERS
from app.scoring.option_expansion_stats import Discard, expand
from app.scoring.option_text import read, same


@pytest.mark.parametrize(("a", "b"), [
    ("5", "-5"), ("12", "1/2"), ("2.5", ".25"), ("25", ".25"), ("2.5", "25"),
    ("1.2346 m/s", "1.2345 m/s"), ("x = -5", "x = 5"), ("2x + 3", "2x - 3"),
    ("5 m", "5 s"), ("(-3, 4)", "(3, 4)"), ("10%", "10"), ("1,000", "100"),
])
def test_distinct_numbers_are_distinct_options(a: str, b: str) -> None:
    assert not same(a, b) and not same(b, a)


@pytest.mark.parametrize(("a", "b"), [
    ("5", "5.0"), ("0.5", "1/2"), ("1,000", "1000"), ("\u22125", "-5"), ("+5", "5"),
    ("-.5", "-0.5"), ("3 m/s", "3 M/S."), ("Paris.", "paris"),
    ("photosynthesis", "photosynthesys"),  # a typo, no number: still the same option
])
def test_equal_values_are_the_same_option(a: str, b: str) -> None:
    assert same(a, b) and same(b, a)


def test_the_issue_keys_keep_their_numeric_neighbours() -> None:
    got = expand(["5", "3", "7", "9"], ["A"], ["-5", "1/2", "12", ".25", "2.5", "25"],
                 10, "q1", seed=0)
    assert got.discarded == [] and got.missing == 0 and len(got.choices) == 10
    got = expand(["1.2345 m/s", "2 m/s", "3 m/s", "4 m/s"], ["A"],
                 ["1.2346 m/s", "1.2345 m/s", "1.23450 m/s"], 5, "q2", seed=0)
    assert got.discarded == [("1.2345 m/s", Discard.EQUALS_KEY),
                             ("1.23450 m/s", Discard.EQUALS_KEY)]


PLAIN_NUMBER = re.compile(r"^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$")


def _math_items(data_dir: Path) -> list[tuple[list[str], str]]:
    table = pq.read_table(data_dir / "mmlu_pro" / "test-00000-of-00001.parquet",
                          columns=["options", "answer", "category"])
    rows = table.to_pylist()
    return [(list(r["options"]), str(r["answer"])) for r in rows if r["category"] == "math"]


@pytest.mark.data
def test_real_mmlu_pro_math_options_are_compared_as_python_floats(data_dir: Path) -> None:
    """An independent verdict: where both options are plain decimal numbers, they are the
    same option exactly when Python's float() reads equal values."""
    pairs = checked = 0
    for options, _answer in _math_items(data_dir):
        plain = [o for o in options if PLAIN_NUMBER.match(o)]
        for i, a in enumerate(plain):
            for b in plain[i + 1:]:
                pairs += 1
                assert same(a, b) == math.isclose(float(a), float(b), rel_tol=0,
                                                  abs_tol=0), (a, b)
                checked += read(a).numbers != read(b).numbers
    assert pairs > 1000 and checked > 1000


@pytest.mark.data
def test_real_mmlu_pro_math_items_expand_back_to_their_ten_options(data_dir: Path) -> None:
    """Four of an item's options with the key, its other six as extras: every extra whose
    value no other option has comes back, where the text rule dropped many."""
    kept = lost = items = 0
    for options, answer in _math_items(data_dir):
        if len(options) != 10:
            continue
        key = LETTERS.index(answer)
        first = [key, *[i for i in range(10) if i != key][:3]]
        rest = [i for i in range(10) if i not in first]
        values = [read(o) for o in options]
        if len({(v.numbers, v.skeleton) for v in values}) < 10:
            continue  # the item itself repeats an option
        got = expand([options[i] for i in first], ["A"], [options[i] for i in rest], 10,
                     str(items), seed=0)
        items += 1
        kept += len(rest) - len(got.discarded)
        lost += len(got.discarded)
        if not got.missing:
            assert sorted(got.choices) == sorted(options)
            assert got.choices[LETTERS.index(got.answers[0])] == options[key]
    assert items > 1000 and lost / (kept + lost) < 0.01, (items, kept, lost)


@pytest.mark.parametrize(("a", "b"), [
    ("I and II only", "I and III only"), ("the mean would increase.", "the mean would decrease."),
    ("Infinity", "-Infinity"), ("Every compact space is complete",
                                "Every compact space is incomplete"),
    ("The events are dependent", "The events are independent"), ("a * b", "a / b"),
])
def test_short_edits_that_change_the_meaning_are_distinct(a: str, b: str) -> None:
    assert not same(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("photosynthesis", "photosynthesys"), ("The mitochondria", "The mitochondira"),
    ("a dependent event", "a dependant event"), ("Mitochondria", "Mitochondrias"),
])
def test_one_typo_in_a_long_word_is_the_same_option(a: str, b: str) -> None:
    assert same(a, b)


@pytest.mark.parametrize(("a", "b", "alike"), [
    # one dropped letter or space in a long option: the same option, misspelt
    ("to protest against political acts of the government",
     "to protest against political ats of the government", True),
    ("It happens when an electron absorbs a photon",
     "It happens whenan electron absorbs a photon", True),
    ("Because the market clears at the new price", "Becuase the market clears at the new price",
     True),
    # short options keep one-character edits meaningful
    ("I and II only", "I and III only", False),
    ("II and IV", "III and IV", False),
    ("increase", "decrease", False),
    # long options two edits apart, or with numbers that differ, stay distinct
    ("The charge is distributed on the outer surface",
     "The charge is distributed on the inner surface", False),
    ("The pressure rises to 3 atm at the top", "The pressure rises to 8 atm at the top", False),
])
def test_one_character_edits_in_long_options(a: str, b: str, alike: bool) -> None:
    assert same(a, b) is alike and same(b, a) is alike
