"""A scorer that raises is an error of the sample, never a verdict on the model: the sample
is `error`, the metrics leave it out of every denominator (checked against a naive
computation), the IFBench summary too, and past 1% of samples a run cannot stand."""

from __future__ import annotations

import math
import random
import statistics

import pytest
from scipy.stats import norm

from app.benchmarks.catalog.ifbench.scoring import ifbench_summary
from app.benchmarks.measure import measure
from app.benchmarks.registry import benchmarks
from app.scoring.choices import AnswerError
from app.scoring.known_answers import KnownAnswer, disagreements
from app.scoring.metrics import aggregate
from app.scoring.predictions import Prediction, judge_or_error, score_predictions
from app.scoring.verdicts import KeyedItem, Scope, Status, Verdict, scoring_failure


def _broken_judge(item: KeyedItem, pred: Prediction) -> Verdict:
    if item.item_id % 3 == 0:
        raise PermissionError(f"refusing data file for item {item.item_id}")
    status = Status.CORRECT if pred.answer in item.answers else Status.WRONG
    return Verdict(item.item_id, pred.repeat, status, str(pred.answer))


def test_a_judge_that_raises_gives_an_error_verdict_with_its_message() -> None:
    items = {i: KeyedItem(i, "s", 4, frozenset("A")) for i in range(1, 10)}
    predictions = [Prediction(item_id=i, answer="A") for i in items]
    batch = score_predictions(_broken_judge, items, {}, predictions)
    statuses = {v.item_id: v.status for v in batch.verdicts}
    assert statuses == {i: Status.ERROR if i % 3 == 0 else Status.CORRECT for i in items}
    errored = [v for v in batch.verdicts if v.status == Status.ERROR]
    assert errored[0].detail == {"error": "PermissionError: refusing data file for item 3"}
    assert errored[0].score == 0.0 and batch.errors == []


def test_a_malformed_prediction_is_still_the_callers_error() -> None:
    def strict(item: KeyedItem, pred: Prediction) -> Verdict:
        raise AnswerError("answer must be one letter")

    item = KeyedItem(1, "s", 4, frozenset("A"))
    with pytest.raises(AnswerError):
        judge_or_error(strict, item, Prediction(item_id=1, answer="AB"))
    batch = score_predictions(strict, {1: item}, {}, [Prediction(item_id=1, answer="AB")])
    assert batch.verdicts == [] and batch.errors == [(0, "answer", "answer must be one letter")]


def test_errors_leave_every_denominator_as_a_naive_count_does() -> None:
    rng = random.Random(7)
    items = [KeyedItem(i, rng.choice(["alg", "bio"]), 4, frozenset("B")) for i in range(1, 201)]
    repeats = [0, 1, 2]
    verdicts = []
    for it in items:
        for r in repeats:
            roll = rng.random()
            if roll < 0.05:
                continue  # missing: counted as wrong, as before
            status = ("error" if roll < 0.2 or it.item_id % 50 == 0 else
                      rng.choice(["correct", "wrong", "unparsed"]))
            detail = {"error": f"E{it.item_id}.{r}"} if status == "error" else None
            verdicts.append(Verdict(it.item_id, r, Status(status), None, detail))
    m = aggregate(items, verdicts, repeats)

    status_of = {(v.item_id, v.repeat): v.status for v in verdicts}
    per_item = {}
    for it in items:
        judged = [r for r in repeats if status_of.get((it.item_id, r)) != "error"]
        if judged:
            per_item[it.item_id] = sum(status_of.get((it.item_id, r)) == "correct"
                                       for r in judged) / len(judged)
    per_repeat = []
    for r in repeats:
        judged = [it for it in items if status_of.get((it.item_id, r)) != "error"]
        per_repeat.append(sum(status_of.get((it.item_id, r)) == "correct" for it in judged)
                          / len(judged))
    fully_errored = {it.item_id for it in items if it.item_id % 50 == 0}
    assert fully_errored and fully_errored.isdisjoint(per_item)

    assert m.counts["error"] == sum(v.status == "error" for v in verdicts)
    assert m.n_keyed == 200 and m.n_judged == len(per_item) == 200 - len(fully_errored)
    assert m.accuracy == pytest.approx(statistics.mean(per_item.values()), abs=1e-12)
    assert m.stderr == pytest.approx(statistics.stdev(per_item.values())
                                     / math.sqrt(len(per_item)), abs=1e-12)
    assert m.per_repeat == pytest.approx(per_repeat, abs=1e-12)
    assert sum(s.n_items for s in m.subjects) == len(per_item)
    first = next(v for v in verdicts if v.status == "error")
    assert m.first_error == first.detail["error"]  # type: ignore[index]


def _mixed_set(seed: int) -> tuple[list[KeyedItem], list[Verdict], list[int]]:
    """Keyed items over subjects with different error rates, items without a key, and a
    subject whose every sample errored; each sample right, wrong, unparsed, errored or
    missing."""
    rng = random.Random(seed)
    error_rate = {"alg": 0.05, "bio": 0.25, "chem": 0.45, "geo": 1.0}
    repeats = [0, 1, 2, 3]
    items: list[KeyedItem] = []
    verdicts: list[Verdict] = []
    for i in range(1, 241):
        subject = "geo" if i % 60 == 0 else rng.choice(["alg", "bio", "chem"])
        keyed = i % 7 != 0
        items.append(KeyedItem(i, subject, 4, frozenset("C") if keyed else frozenset()))
        for r in repeats:
            if subject != "geo" and rng.random() < 0.1:
                continue  # missing
            if rng.random() < error_rate[subject] or (i % 37 == 0):
                status = Status.ERROR
            elif keyed:
                status = rng.choice([Status.CORRECT, Status.CORRECT, Status.WRONG,
                                     Status.UNPARSED])
            else:
                status = rng.choice([Status.UNSCORED, Status.UNPARSED, Status.ERROR])
            detail = {"error": f"E{i}.{r}"} if status == Status.ERROR else None
            verdicts.append(Verdict(i, r, status, None, detail))
    rng.shuffle(verdicts)
    return items, verdicts, repeats


@pytest.mark.parametrize("exclude_missing", [False, True])
def test_errors_leave_the_subjects_repeats_and_unkeyed_items_as_a_naive_count_does(
        exclude_missing: bool) -> None:
    items, verdicts, repeats = _mixed_set(11)
    m = measure(benchmarks()["mmlu"], items, verdicts, repeats,
                exclude_missing=exclude_missing)

    status_of = {(v.item_id, v.repeat): str(v.status) for v in verdicts}
    keyed = [it for it in items if it.answers]

    def judged(item_id: int, r: int) -> bool:
        """In the item's denominator at repeat r: predicted and not errored, or missing
        (wrong) when missing pairs count."""
        status = status_of.get((item_id, r))
        return status != "error" if status is not None else not exclude_missing

    def correct(item_id: int, r: int) -> bool:
        return status_of.get((item_id, r)) == "correct"

    per_item: dict[int, tuple[int, int]] = {}  # item -> (correct, judged)
    for it in keyed:
        n = sum(judged(it.item_id, r) for r in repeats)
        if n:
            per_item[it.item_id] = (sum(correct(it.item_id, r) for r in repeats), n)
    by_subject: dict[str, list[int]] = {}
    for it in keyed:
        if it.item_id in per_item:
            by_subject.setdefault(it.subject, []).append(it.item_id)
    subjects = {}
    for name, ids in by_subject.items():
        scores = [per_item[i][0] / per_item[i][1] for i in ids]
        subjects[name] = (len(ids), sum(per_item[i][0] for i in ids), sum(scores) / len(ids))
    per_repeat = []
    for r in repeats:
        in_repeat = [it.item_id for it in keyed if judged(it.item_id, r)]
        per_repeat.append(sum(correct(i, r) for i in in_repeat) / len(in_repeat))

    # the mix has what each denominator must leave out
    unkeyed_ids = {it.item_id for it in items if not it.answers}
    for r in repeats:
        assert any(status_of.get((i, r)) == "error" for i in unkeyed_ids)
        assert any(status_of.get((i, r)) in ("unscored", "unparsed") for i in unkeyed_ids)
    assert any(0 < n < len(repeats) for _, n in per_item.values())
    assert "geo" not in subjects and len(subjects) == 3
    assert sum(v.status == "error" for v in verdicts if v.item_id in unkeyed_ids) > 0

    assert m.counts["error"] == sum(s == "error" for s in status_of.values())
    assert m.counts["unscored"] == sum(s == "unscored" for s in status_of.values())
    assert m.counts["missing"] == len(items) * len(repeats) - len(verdicts)
    assert m.n_keyed == len(keyed) and m.n_judged == len(per_item)
    assert m.accuracy == pytest.approx(
        sum(c / n for c, n in per_item.values()) / len(per_item), abs=1e-12)
    assert [(s.subject, s.n_items, s.correct) for s in m.subjects] == [
        (name, n, c) for name, (n, c, _) in sorted(subjects.items())]
    assert [s.accuracy for s in m.subjects] == pytest.approx(
        [acc for _, (_, _, acc) in sorted(subjects.items())], abs=1e-12)
    assert m.macro_accuracy == pytest.approx(
        sum(acc for _, _, acc in subjects.values()) / len(subjects), abs=1e-12)
    assert m.per_repeat == pytest.approx(per_repeat, abs=1e-12)
    assert m.pass_at_1 == pytest.approx(sum(per_repeat) / len(per_repeat), abs=1e-12)


def test_one_repeat_wilson_interval_is_over_the_judged_items() -> None:
    items = [KeyedItem(i, "s", 4, frozenset("A")) for i in range(40)]
    verdicts = [Verdict(i, 0, Status.ERROR if i < 10 else
                        Status.CORRECT if i < 25 else Status.WRONG, None) for i in range(40)]
    m = aggregate(items, verdicts, [0])
    n, p = 30, 15 / 30
    z = norm.ppf(0.975)
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert m.accuracy == p and m.ci95 == pytest.approx((centre - half, centre + half))


def test_every_sample_errored_gives_no_accuracy() -> None:
    items = [KeyedItem(i, "s", 4, frozenset("A")) for i in range(3)]
    m = aggregate(items, [Verdict(i, 0, Status.ERROR, None, {"error": "x"}) for i in range(3)],
                  [0])
    assert m.accuracy is None and m.n_keyed == 3 and m.counts["error"] == 3
    assert m.first_error == "x"


@pytest.mark.parametrize(("errors", "samples", "fails"), [
    (0, 100, False), (1, 100, False), (2, 100, True), (1, 5, True), (10, 1000, False),
    (11, 1000, True), (0, 0, False)])
def test_a_run_fails_past_one_percent_of_errors(errors: int, samples: int,
                                                fails: bool) -> None:
    reason = scoring_failure(errors, samples, "PermissionError: refused")
    assert (reason is not None) is fails
    if reason is not None:
        assert f"{errors} of {samples}" in reason and "PermissionError: refused" in reason


def _ifbench_item(item_id: int, ids: list[str]) -> KeyedItem:
    return KeyedItem(item_id, "set", None, frozenset(), payload={
        "question": "q", "instruction_id_list": ids, "kwargs": [{} for _ in ids]},
        payload_keyed=True)


def test_the_ifbench_summary_leaves_errored_prompts_out_and_reports_both_readings() -> None:
    items = [_ifbench_item(1, ["count:a", "words:b"]), _ifbench_item(2, ["count:c"]),
             _ifbench_item(3, ["format:d"])]
    verdicts = [
        Verdict(1, 0, Status.CORRECT, None, {"instruction_ids": ["count:a", "words:b"],
                                             "strict": [True, False], "loose": [True, True]}),
        Verdict(2, 0, Status.WRONG, None, {"instruction_ids": ["count:c"],
                                           "strict": [False], "loose": [False]}),
        Verdict(3, 0, Status.ERROR, None, {"error": "CheckFailed: format:d"}),
    ]
    summary = ifbench_summary(items, verdicts, Scope(1))
    assert summary is not None
    assert summary.prompt_loose == 1 / 2 and summary.prompt_strict == 0
    assert summary.instruction_loose == 2 / 3 and summary.instruction_strict == 1 / 3
    assert "format" not in summary.instruction_groups
    assert summary.instruction_groups["count"].instructions == 2
    assert summary.prompt_loose_errors_unfollowed == 1 / 3  # the error read as not followed


def test_the_ifbench_summary_over_predicted_pairs_leaves_missing_repeats_out() -> None:
    """Two prompts over two repeats, only repeat 0 predicted: with missing predictions
    excluded each figure is over the two pairs predicted, not over four."""
    items = [_ifbench_item(1, ["count:a"]), _ifbench_item(2, ["count:c", "words:b"])]
    verdicts = [
        Verdict(1, 0, Status.CORRECT, None, {"instruction_ids": ["count:a"],
                                             "strict": [True], "loose": [True]}),
        Verdict(2, 0, Status.WRONG, None, {"instruction_ids": ["count:c", "words:b"],
                                           "strict": [False, True], "loose": [True, False]}),
    ]
    every = ifbench_summary(items, verdicts, Scope(2))
    predicted = ifbench_summary(items, verdicts, Scope.excluding_missing(2, verdicts))
    assert every is not None and predicted is not None
    assert (every.prompt_loose, every.instruction_loose) == (1 / 4, 2 / 6)
    assert (predicted.prompt_loose, predicted.prompt_strict) == (1 / 2, 1 / 2)
    assert (predicted.instruction_loose, predicted.instruction_strict) == (2 / 3, 2 / 3)
    assert predicted.instruction_groups["count"].instructions == 2


def test_known_answers_name_what_a_scorer_judged_otherwise() -> None:
    item = KeyedItem(3, "s", 4, frozenset("A"))
    fine = KeyedItem(4, "s", 4, frozenset("A"))
    answers = [KnownAnswer("raises", item, Prediction(item_id=3, answer="A"), Status.CORRECT),
               KnownAnswer("right", fine, Prediction(item_id=4, answer="A"), Status.CORRECT),
               KnownAnswer("flipped", fine, Prediction(item_id=4, answer="B"),
                           Status.CORRECT)]
    problems = disagreements(lambda it, p: judge_or_error(_broken_judge, it, p), answers)
    assert problems == [
        "raises: error (PermissionError: refusing data file for item 3), expected correct",
        "flipped: wrong, expected correct"]
