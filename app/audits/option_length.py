"""Option-length audits of a stored benchmark and of a run's choices."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import asdict

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.audits.schemas import (
    BenchmarkLengthAudit,
    LengthRead,
    RunLengthAudit,
    SubjectLengthRead,
)
from app.benchmarks.service import choose_split, get_benchmark, spec_of
from app.benchmarks.spec import PromptStyle
from app.errors import InvalidInput, NotFound
from app.models import Benchmark, Item, Run, Sample
from app.runs.runtime import Interval
from app.scoring import option_length
from app.scoring.choices import LETTERS
from app.scoring.gpqa import shuffled_options
from app.scoring.option_length import OptionItem

DEFINITIONS = {
    "longest": "strictly longest in characters (a tie for longest counts as no longest "
    "option)",
    "rule": "Mobile-MMLU's rule: every distractor at least as long as the key, in characters",
    "words": "whitespace-separated words",
    "ci95": "Wilson score intervals",
}


def _option_item(item: Item, repeat: int, shuffled: bool) -> OptionItem | None:
    choices = item.payload.get("choices")
    answers = item.payload.get("answers") or []
    if not choices or not answers or answers[0] not in LETTERS[:len(choices)]:
        return None
    if shuffled:  # GPQA: options in the order that repeat's prompt showed them
        shown, correct, _order = shuffled_options(list(choices), item.external_id, repeat)
        return OptionItem(item.subject, shown, LETTERS.index(correct))
    return OptionItem(item.subject, list(choices), LETTERS.index(answers[0]))


def _length_read(summary: option_length.LengthSummary) -> dict[str, object]:
    return asdict(summary)


def benchmark_audit(session: Session, name: str, split: str | None) -> BenchmarkLengthAudit:
    bench = get_benchmark(session, name)
    chosen = choose_split(session, bench, split)
    stmt = select(Item).where(Item.benchmark_id == bench.id)
    if chosen is not None:
        stmt = stmt.where(Item.split == chosen)
    items = [o for it in session.scalars(stmt.order_by(Item.id))
             if (o := _option_item(it, 0, False)) is not None]
    if not items:
        raise InvalidInput(f"{name} has no keyed multiple-choice items to audit", field="name")
    groups: dict[str, list[OptionItem]] = defaultdict(list)
    for it in items:
        groups[it.subject].append(it)
    return BenchmarkLengthAudit(
        benchmark=name, split=chosen,
        overall=LengthRead.model_validate(_length_read(option_length.summarize(items))),
        subjects=[SubjectLengthRead(subject=s, **_length_read(option_length.summarize(g)))
                  for s, g in sorted(groups.items())],
        definitions=DEFINITIONS)


def _interval(bounds: tuple[float, float] | None) -> Interval | None:
    return None if bounds is None else Interval(low=bounds[0], high=bounds[1])


def run_audit(session: Session, run_id: int, benchmark: str | None) -> RunLengthAudit:
    if session.get(Run, run_id) is None:
        raise NotFound(f"run {run_id} does not exist", field="run_id")
    rows = session.execute(
        select(Sample, Item, Benchmark).join(Item, Item.id == Sample.item_id)
        .join(Benchmark, Benchmark.id == Item.benchmark_id).where(Sample.run_id == run_id)
        .order_by(Sample.id)).all()
    names = sorted({b.name for _s, _i, b in rows})
    name = benchmark or (names[0] if len(names) == 1 else None)
    if name is None or name not in names:
        raise InvalidInput(f"name one of the run's benchmarks: {', '.join(names) or 'none'}",
                           field="benchmark")
    items: list[OptionItem] = []
    picks: list[int | None] = []
    for sample, item, bench in rows:
        if bench.name != name:
            continue
        option = _option_item(item, sample.repeat, spec_of(bench).style is PromptStyle.GPQA)
        if option is None:
            continue
        items.append(option)
        answer = sample.answer or ""
        picks.append(LETTERS.index(answer) if len(answer) == 1
                     and answer in LETTERS[:len(option.options)] else None)
    if not items:
        raise InvalidInput(f"run {run_id} has no multiple-choice samples of {name}",
                           field="run_id")
    got = option_length.choices(items, picks)
    return RunLengthAudit(
        run_id=run_id, benchmark=name, n_samples=got.n_samples,
        longest_pick_rate=got.longest_pick_rate, key_longest_rate=got.key_longest_rate,
        accuracy_key_longest=got.accuracy_key_longest,
        ci95_key_longest=_interval(got.ci95_key_longest), n_key_longest=got.n_key_longest,
        accuracy_rest=got.accuracy_rest, ci95_rest=_interval(got.ci95_rest),
        n_rest=got.n_rest, definitions=DEFINITIONS)
