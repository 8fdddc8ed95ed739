"""The report of a no-shortcut audit run, and the benchmark version without its flagged
items."""

from __future__ import annotations

from collections import defaultdict

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.audits.audited_run import AuditedRun, audited_run
from app.audits.schemas import (
    FlaggedItemRead,
    FlagRateRead,
    ShortcutAuditRead,
    ShortcutDeriveIn,
    SubjectFlagRead,
    TryRead,
    VariantRead,
)
from app.benchmarks import derive_benchmark
from app.http import InvalidInput
from app.records import Derivation, DerivationMethod, Interval, ShortcutAuditPlan
from app.scoring import (
    FlagRate,
    ShortcutVariant,
    Status,
    VariantResult,
    choice_payload,
    shortcut_stats,
)
from app.tables import Benchmark, Item, Sample

KIND = "no-shortcut"
DEFINITIONS = {
    "variants": (shortcut_stats.__doc__ or "").strip(),
    "items": "an item counts under a variant once all its tries are scored (a failed "
    "request leaves it out rather than counting it wrong)",
    "ci95": "Wilson score intervals of the flag rates",
}


def _rate(r: FlagRate) -> FlagRateRead:
    return FlagRateRead(n_items=r.n_items, n_flagged=r.n_flagged, flag_rate=r.rate,
                        ci95=Interval(low=r.ci95[0], high=r.ci95[1]),
                        chance_flag_rate=r.chance_rate)


def _tries(session: Session, audited: AuditedRun
           ) -> tuple[dict[ShortcutVariant, dict[int, list[TryRead]]], dict[int, Item]]:
    by_variant: dict[ShortcutVariant, dict[int, list[TryRead]]] = defaultdict(dict)
    treatments = audited.benchmark.arrangements
    for sample in session.scalars(
            select(Sample).join(Item, Item.id == Sample.item_id)
            .where(Sample.run_id == audited.run.id,
                   Item.benchmark_id == audited.benchmark.benchmark_id,
                   Sample.verdict != Status.UNSCORED)
            .order_by(Sample.item_id, Sample.repeat)):
        if sample.repeat >= len(treatments) or "key_letter" not in sample.detail:
            continue
        variant, attempt = shortcut_stats.parse_treatment(treatments[sample.repeat])
        by_variant[variant].setdefault(sample.item_id, []).append(TryRead(
            attempt=attempt, answer=sample.answer, key_letter=str(sample.detail["key_letter"]),
            correct=sample.verdict == Status.CORRECT,
            order=[int(i) for i in sample.detail.get("order", [])]))
    ids = {i for items in by_variant.values() for i in items}
    rows = {it.id: it for it in session.scalars(select(Item).where(Item.id.in_(ids)))}
    return by_variant, rows


def _results(session: Session, audited: AuditedRun
             ) -> tuple[ShortcutAuditPlan, list[VariantResult],
                        dict[ShortcutVariant, dict[int, list[TryRead]]], dict[int, Item]]:
    plan = audited.audit
    assert isinstance(plan, ShortcutAuditPlan)
    tries, rows = _tries(session, audited)
    if not tries:
        raise InvalidInput(f"run {audited.run.id} has no scored tries yet", field="run_id")
    try:
        results = shortcut_stats.audit(
            {v: {i: [t.correct for t in ts] for i, ts in items.items()}
             for v, items in tries.items()},
            {i: len(choice_payload(r.payload).choices) for i, r in rows.items()},
            {i: r.subject for i, r in rows.items()}, plan.tries, plan.threshold)
    except ValueError as exc:
        raise InvalidInput(str(exc), field="run_id") from None
    return plan, results, tries, rows


def _rule(plan: ShortcutAuditPlan) -> str:
    return (f"flagged when right in more than {plan.threshold:g} of {plan.tries} tries "
            f"(at least {int(plan.threshold * plan.tries) + 1})")


def shortcut_audit(session: Session, run_id: int, benchmark: str | None) -> ShortcutAuditRead:
    audited = audited_run(session, run_id, benchmark, KIND)
    plan, results, tries, rows = _results(session, audited)
    flagged = [FlaggedItemRead(item_id=i, external_id=rows[i].external_id,
                               subject=rows[i].subject, variant=r.variant,
                               correct_tries=sum(t.correct for t in tries[r.variant][i]),
                               tries=tries[r.variant][i])
               for r in results for i in r.flagged]
    return ShortcutAuditRead(
        run_id=run_id, benchmark=audited.benchmark.name, tries=plan.tries,
        threshold=plan.threshold, rule=_rule(plan),
        variants=[VariantRead(variant=r.variant, accuracy=r.accuracy,
                              overall=_rate(r.overall),
                              subjects=[SubjectFlagRead(subject=s, **_rate(f).model_dump())
                                        for s, f in r.subjects.items()])
                  for r in results],
        flagged=flagged, n_flagged_items=len({f.item_id for f in flagged}),
        definitions=DEFINITIONS)


def derive_without_flagged(session: Session, run_id: int, data: ShortcutDeriveIn) -> Benchmark:
    audited = audited_run(session, run_id, data.benchmark, KIND)
    plan, results, _tries, _rows = _results(session, audited)
    chosen = set(data.variants or plan.variants)
    missing = chosen - {r.variant for r in results}
    if missing:
        raise InvalidInput(f"the audit has no scored tries of {', '.join(sorted(missing))}",
                           field="variants")
    dropped = {i for r in results if r.variant in chosen for i in r.flagged}
    parent = session.get_one(Benchmark, audited.benchmark.benchmark_id)
    rules = [f"{v}: {_rule(plan)}" for v in sorted(chosen)]
    return derive_benchmark(session, parent, data.name, audited.benchmark.split, dropped,
                            Derivation(parent=parent.name, parent_version=parent.version,
                                       method=DerivationMethod.NO_SHORTCUT_AUDIT, rules=rules,
                                       split=audited.benchmark.split, audit_run_id=run_id))
