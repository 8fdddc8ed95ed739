"""Comparing two models or runs benchmark by benchmark, paired over the items both scored:
reading what the runs stored, refusing comparisons of runs made differently, and handing
the numbers to app.scoring.paired."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db import MAX_ROW_ID
from app.http import Conflict, InvalidInput, NotFound
from app.records import Interval, ItemSetVersion, PostedPlan, RunPlan
from app.results import compare_margin
from app.results.compare_margin import interval
from app.results.compare_schemas import (
    BenchmarkComparisonRead,
    ComparisonRead,
    DroppedRead,
    MismatchRead,
    SideRead,
    SubjectDifferenceRead,
    TableRead,
)
from app.runs import refuse_retracted
from app.scoring import PairedDifference, Status, accuracy_interval, noninferiority, paired
from app.tables import Benchmark, Item, Model, Result, Run, Sample

MIN_PAIRED_ITEMS = 10

DEFINITIONS = {
    "pairing": "items scored by both runs (not unscored, not error); an item's score is its "
    "mean over its judged repeats, so with repeats items are the clusters",
    "difference": "mean over paired items of b - a",
    "paired_se": "sd(b - a, ddof=1) / sqrt(n) = sqrt((Var a + Var b - 2 Cov) / n)",
    "ci95": "single-repeat 0/1 scores: Newcombe's interval for paired proportions (1998, "
    "method 10: the two Wilson intervals and the phi correlation of the pairs), within "
    "[-1, 1]; with repeats difference +- 1.96 paired_se (normal), clipped to [-1, 1]",
    "minimum": f"fewer than {MIN_PAIRED_ITEMS} paired items is refused unless "
    "allow_mismatch=true",
    "bootstrap_ci95": "2.5th and 97.5th percentiles of mean(b - a) over items resampled "
    "with replacement (seeded)",
    "unpaired_se": "sqrt(Var a / n + Var b / n): the SE if the items were not paired",
    "mdd_80": "(z_0.975 + z_0.8) * paired_se",
    "p_value": "mcnemar-exact: 2 P[Binomial(only_a + only_b, 1/2) <= min(only_a, only_b)] "
    "for single-repeat 0/1 scores; paired-z: 2 (1 - Phi(|difference| / paired_se)) otherwise",
    "holm_p": "Holm's step-down adjustment over the benchmarks of this comparison",
    "non_inferiority": (noninferiority.__doc__ or "").strip(),
}


@dataclass(frozen=True)
class Side:
    ref: str
    model: str | None
    runs: dict[str, int]  # benchmark name -> run id


def _results_of(session: Session, run_ids: list[int]) -> list[tuple[int, str]]:
    """The runs' results with a headline (a set that judged nothing or failed has none)."""
    return [(run_id, name) for run_id, name, metrics in session.execute(
        select(Result.run_id, Benchmark.name, Result.metrics)
        .join(Benchmark, Benchmark.id == Result.benchmark_id)
        .where(Result.run_id.in_(run_ids)).order_by(Result.run_id.desc()))
        if metrics.get("accuracy") is not None]


def resolve(session: Session, ref: str, field: str) -> Side:
    """A run id, or a model name (its latest finished run of each benchmark)."""
    if ref.isdigit():
        run = session.get(Run, int(ref)) if int(ref) <= MAX_ROW_ID else None
        if run is None:
            raise NotFound(f"run {ref} does not exist", field=field)
        refuse_retracted(run, field)
        name = session.scalar(select(Model.name).where(Model.id == run.model_id))
        return Side(ref, name, {bench: run.id for _id, bench in _results_of(session, [run.id])})
    model_id = session.scalar(select(Model.id).where(Model.name == ref))
    if model_id is None:
        raise NotFound(f"no run or model named {ref!r}", field=field)
    ids = list(session.scalars(select(Run.id).where(Run.model_id == model_id, Run.counted())))
    runs: dict[str, int] = {}
    for run_id, bench in _results_of(session, ids):
        runs.setdefault(bench, run_id)
    return Side(ref, ref, runs)


def latest_run(session: Session, ref: str, benchmark: str, field: str) -> int:
    """The run of `benchmark` a model name (its latest finished one) or run id stands for."""
    runs = resolve(session, ref, field).runs
    if benchmark not in runs:
        raise InvalidInput(f"{ref} has no finished run of {benchmark}", field=field)
    return runs[benchmark]


@dataclass
class ItemScores:
    """A run's samples of one benchmark, per item (unscored samples left out)."""

    means: dict[int, float] = field(default_factory=dict)  # mean score over repeats
    counts: dict[int, int] = field(default_factory=dict)  # samples
    subjects: dict[int, str] = field(default_factory=dict)
    answers: dict[int, str | None] = field(default_factory=dict)  # repeat 0's answer


def item_scores(session: Session, run_id: int, benchmark_id: int) -> ItemScores:
    totals: dict[int, float] = defaultdict(float)
    out = ItemScores()
    for item_id, repeat, score, answer, subject in session.execute(
            select(Sample.item_id, Sample.repeat, Sample.score, Sample.answer, Item.subject)
            .join(Item, Item.id == Sample.item_id)
            .where(Sample.run_id == run_id, Item.benchmark_id == benchmark_id,
                   Sample.verdict.not_in((Status.UNSCORED, Status.ERROR)))):
        totals[item_id] += score
        out.counts[item_id] = out.counts.get(item_id, 0) + 1
        out.subjects[item_id] = subject
        if repeat == 0:
            out.answers[item_id] = answer
    out.means = {i: totals[i] / out.counts[i] for i in totals}
    return out


def _how_made(session: Session, run_id: int, benchmark: str) -> dict[str, str | None]:
    run = session.get_one(Run, run_id)
    out: dict[str, str | None] = {}
    match run.config:
        case PostedPlan(split=split):
            out["split"] = split
        case RunPlan(benchmarks=benchmarks):
            out["split"] = next((b.split for b in benchmarks if b.name == benchmark), None)
    if isinstance(run.config, RunPlan | PostedPlan):
        out["methodology"] = run.config.methodology.label
    record = run.reproducibility
    if record is not None:
        bench = next((b for b in record.benchmarks if b.name == benchmark), None)
        if bench is not None:
            made = {"items": bench.items_sha256,
                    "prompt template": bench.prompt_template_sha256,
                    "item set": None if bench.item_set is None else _version(bench.item_set)}
            out |= {what: value for what, value in made.items() if value is not None}
        if record.numerics is not None:
            out["numerics"] = record.numerics.model_dump_json()
    return out


def _version(item_set: ItemSetVersion) -> str:
    return f"{item_set.split or 'all splits'}: {item_set.n_items} items, sha256 " \
        f"{item_set.sha256[:12]}"


def mismatches(session: Session, benchmark: str, run_a: int, run_b: int) -> list[MismatchRead]:
    a, b = _how_made(session, run_a, benchmark), _how_made(session, run_b, benchmark)
    differ = {what for what in a.keys() & b.keys() if a[what] != b[what]}
    if "split" in differ:  # another split is another item set: the split says it
        differ.discard("item set")
    return [MismatchRead(benchmark=benchmark, what=what, a=a[what], b=b[what])
            for what in sorted(differ)]


def _subjects(a: dict[int, float], b: dict[int, float], ids: list[int],
              subjects: dict[int, str], single: bool) -> list[SubjectDifferenceRead]:
    groups: dict[str, list[int]] = defaultdict(list)
    for item_id in ids:
        groups[subjects[item_id]].append(item_id)
    out = []
    for subject, members in sorted(groups.items()):
        got = paired.paired_difference([a[i] for i in members], [b[i] for i in members],
                                       single_repeat=single)
        out.append(SubjectDifferenceRead(subject=subject, n=got.n, accuracy_a=got.accuracy_a,
                                         accuracy_b=got.accuracy_b, difference=got.difference,
                                         paired_se=got.paired_se,
                                         ci95=interval(got.ci95, got.ci_method)))
    return out


def _accuracy_ci(scores: list[float], samples: list[int]) -> Interval | None:
    """One side's accuracy interval by the rule every view of a run shows."""
    ci = accuracy_interval(scores, max(samples, default=1))
    return None if ci is None else interval((ci.low, ci.high), ci.method)


def _compare_one(session: Session, benchmark: str, run_a: int, run_b: int, resamples: int,
                 seed: int, allow_mismatch: bool, margin: float | None = None,
                 reference: Literal["a", "b"] = "a"
                 ) -> tuple[BenchmarkComparisonRead, PairedDifference]:
    bench_id = session.scalar(select(Benchmark.id).where(Benchmark.name == benchmark))
    assert bench_id is not None  # named by the runs' own results
    side_a, side_b = item_scores(session, run_a, bench_id), item_scores(session, run_b, bench_id)
    a, b = side_a.means, side_b.means
    ids = sorted(a.keys() & b.keys())
    if not ids:
        raise InvalidInput(f"runs {run_a} and {run_b} scored no item of {benchmark} in "
                           "common", field="benchmarks")
    if len(ids) < MIN_PAIRED_ITEMS and not allow_mismatch:
        raise Conflict(f"runs {run_a} and {run_b} scored {len(ids)} item(s) of {benchmark} in "
                       f"common: under {MIN_PAIRED_ITEMS}, no paired interval or test says "
                       "anything about the two (allow_mismatch=true compares them anyway)",
                       field="benchmarks")
    single = all(side_a.counts[i] == 1 and side_b.counts[i] == 1 for i in ids)
    xs, ys = [a[i] for i in ids], [b[i] for i in ids]
    got = paired.paired_difference(xs, ys, single_repeat=single)
    boot = paired.bootstrap_interval(xs, ys, resamples=resamples, seed=seed) \
        if len(ids) > 1 else None
    table = None if got.table is None else TableRead(**vars(got.table))
    read = BenchmarkComparisonRead(
        benchmark=benchmark, run_a=run_a, run_b=run_b, n_paired=len(ids),
        dropped=DroppedRead(only_a=len(a.keys() - b.keys()), only_b=len(b.keys() - a.keys())),
        single_repeat=single, accuracy_a=got.accuracy_a, accuracy_b=got.accuracy_b,
        ci95_a=_accuracy_ci(xs, [side_a.counts[i] for i in ids]),
        ci95_b=_accuracy_ci(ys, [side_b.counts[i] for i in ids]),
        difference=got.difference, paired_se=got.paired_se,
        ci95=interval(got.ci95, got.ci_method),
        bootstrap_ci95=interval(boot, "bootstrap-percentile"), unpaired_se=got.unpaired_se,
        mdd_80=got.mdd_80, p_value=got.p_value, p_method=got.p_method, holm_p=None,
        table=table, subjects=_subjects(a, b, ids, {**side_b.subjects, **side_a.subjects},
                                        single),
        non_inferiority=None if margin is None else compare_margin.benchmark_read(
            ids, xs, ys, single, margin, reference, compare_margin.benchmark_items(
                session, run_a if reference == "a" else run_b, bench_id, benchmark)))
    return read, got


def compare(session: Session, ref_a: str, ref_b: str, benchmarks: list[str] | None, *,
            allow_mismatch: bool, resamples: int, seed: int, margin: float | None = None,
            reference: Literal["a", "b"] = "a") -> ComparisonRead:
    side_a, side_b = resolve(session, ref_a, "a"), resolve(session, ref_b, "b")
    common = [name for name in sorted(side_a.runs) if name in side_b.runs]
    if benchmarks is not None:
        missing = [n for n in benchmarks if n not in common]
        if missing:
            raise InvalidInput(f"not scored by both: {', '.join(missing)}", field="benchmarks")
        common = [n for n in common if n in benchmarks]
    if not common:
        raise InvalidInput("the two have no scored benchmark in common", field="b")
    found = [m for name in common
             for m in mismatches(session, name, side_a.runs[name], side_b.runs[name])]
    if found and not allow_mismatch:
        raise Conflict("the runs were made differently: "
                       + "; ".join(f"{m.benchmark}: {m.what}" for m in found)
                       + " (allow_mismatch=true compares them anyway)",
                       errors=[m.model_dump() for m in found])
    reads = [_compare_one(session, name, side_a.runs[name], side_b.runs[name], resamples, seed,
                          allow_mismatch, margin, reference) for name in common]
    adjusted = paired.holm({r.benchmark: got.p_value for r, got in reads
                            if got.p_value is not None})
    decided = paired.holm({r.benchmark: r.non_inferiority.p_value for r, _ in reads
                           if r.non_inferiority is not None
                           and r.non_inferiority.p_value is not None})
    for read, _got in reads:
        read.holm_p = adjusted.get(read.benchmark)
        if read.non_inferiority is not None:
            read.non_inferiority.holm_p = decided.get(read.benchmark)
    return ComparisonRead(a=SideRead(**vars(side_a)), b=SideRead(**vars(side_b)),
                          benchmarks=[r for r, _ in reads], mismatches=found,
                          bootstrap={"resamples": resamples, "seed": seed},
                          definitions=DEFINITIONS,
                          index_non_inferiority=None if margin is None else
                          compare_margin.index_read(session, side_a.runs, side_b.runs,
                                                    margin, reference))
