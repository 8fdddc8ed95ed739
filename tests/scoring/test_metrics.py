"""aggregate() against an independent, deliberately naive computation."""

from __future__ import annotations

import math
import random
import statistics
from functools import partial

import pytest

from app.methodology import DEFAULT
from app.scoring.metrics import aggregate
from app.scoring.predictions import Prediction, judge_freeform, judge_mcq, score_predictions
from app.scoring.verdicts import KeyedItem, Verdict


def _items(rng: random.Random, n: int) -> list[KeyedItem]:
    out = []
    for i in range(n):
        k = rng.choice([3, 4, 4, 10])
        answers = frozenset(rng.sample("ABCDEFGHIJ"[:k], rng.choice([1, 1, 1, 2])))
        out.append(KeyedItem(i + 1, rng.choice(["alg", "bio", "law"]), k, answers))
    return out


def test_aggregate_matches_naive_computation_with_repeats_and_missing() -> None:
    rng = random.Random(2024)
    items = _items(rng, 300)
    repeats = [0, 1, 2]
    verdicts = []
    for it in items:
        for r in repeats:
            if rng.random() < 0.1:
                continue  # missing prediction
            status = rng.choice(["correct", "wrong", "unparsed"])
            verdicts.append(Verdict(it.item_id, r, status, None))  # type: ignore[arg-type]
    m = aggregate(items, verdicts, repeats)

    # naive: a table item -> repeat -> 0/1, missing = 0
    table = {(v.item_id, v.repeat): v.status == "correct" for v in verdicts}
    per_item = [sum(table.get((it.item_id, r), False) for r in repeats) / 3 for it in items]
    acc = sum(per_item) / len(items)
    per_repeat = [sum(table.get((it.item_id, r), False) for it in items) / len(items)
                  for r in repeats]
    subjects = sorted({it.subject for it in items})
    macro = statistics.mean(
        statistics.mean(p for p, it in zip(per_item, items, strict=True) if it.subject == s)
        for s in subjects)
    baseline = statistics.mean(1 / it.n_choices for it in items)  # type: ignore[operator]

    assert m.accuracy == pytest.approx(acc, abs=1e-12)
    assert m.pass_at_1 == pytest.approx(statistics.mean(per_repeat), abs=1e-12)
    assert m.per_repeat == pytest.approx(per_repeat, abs=1e-12)
    assert m.per_repeat_std == pytest.approx(statistics.stdev(per_repeat), abs=1e-12)
    assert m.macro_accuracy == pytest.approx(macro, abs=1e-12)
    assert m.random_baseline == pytest.approx(baseline, abs=1e-12)
    assert m.normalized_gain == pytest.approx((acc - baseline) / (1 - baseline), abs=1e-12)
    assert m.stderr == pytest.approx(statistics.stdev(per_item) / math.sqrt(len(items)))
    assert m.counts["missing"] == 300 * 3 - len(verdicts)
    assert m.counts["correct"] + m.counts["wrong"] + m.counts["unparsed"] == len(verdicts)
    assert [s.subject for s in m.subjects] == subjects


def test_multi_correct_item_accepts_any_correct_letter() -> None:
    item = KeyedItem(1, "s", 4, frozenset({"A", "C"}))
    batch = score_predictions(partial(judge_mcq, reader=DEFAULT.reader), {1: item}, {}, [
        Prediction(item_id=1, repeat=0, answer="A"),
        Prediction(item_id=1, repeat=1, answer="c"),
        Prediction(item_id=1, repeat=2, answer=1),  # B
        Prediction(item_id=1, repeat=3, response="Answer: C"),
    ])
    assert [v.status for v in batch.verdicts] == ["correct", "correct", "wrong", "correct"]


def test_prediction_errors_unknowns_and_unparsed() -> None:
    item = KeyedItem(1, "s", 4, frozenset({"B"}))
    batch = score_predictions(partial(judge_mcq, reader=DEFAULT.reader), {1: item}, {"q1": 1}, [
        Prediction(external_id="q1", answer="E"),          # outside A-D: error
        Prediction(external_id="nope", answer="A"),        # unknown id: counted
        Prediction(item_id=1, repeat=1, response="hmm"),   # unparsed
        Prediction(item_id=1, repeat=1, answer="B"),       # duplicate (item, repeat): error
        Prediction(item_id=1, repeat=2),                   # neither answer nor response
    ])
    assert [(i, f) for i, f, _ in batch.errors] == [(0, "answer"), (3, "repeat"), (4, "answer")]
    assert batch.unknown == ["nope"]
    assert [v.status for v in batch.verdicts] == ["unparsed"]


def test_freeform_and_unkeyed() -> None:
    items = {1: KeyedItem(1, "s", None, frozenset({"paris"})),
             2: KeyedItem(2, "s", None, frozenset())}
    batch = score_predictions(judge_freeform, items, {}, [
        Prediction(item_id=1, response="<think>Lyon?</think> Paris."),
        Prediction(item_id=2, answer="anything"),
    ])
    assert [v.status for v in batch.verdicts] == ["correct", "unscored"]
    m = aggregate(list(items.values()), batch.verdicts, [0])
    assert m.n_keyed == 1 and m.accuracy == 1.0 and m.random_baseline is None
    assert m.counts["unscored"] == 1


def test_no_keyed_items_gives_no_accuracy() -> None:
    items = [KeyedItem(1, "s", 4, frozenset())]
    m = aggregate(items, [Verdict(1, 0, "unscored", "A")], [0])
    assert m.accuracy is None and m.counts["unscored"] == 1
