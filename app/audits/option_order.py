"""The report of an option-order audit run."""

from __future__ import annotations

from dataclasses import asdict

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.audits.audited_run import audited_run
from app.audits.schemas import ArrangementRead, LetterPreferenceRead, OrderAuditRead
from app.http import InvalidInput
from app.records import Interval
from app.scoring import Status, option_order_stats
from app.tables import Item, Sample


def order_audit(session: Session, run_id: int, benchmark: str | None,
                preference: float = option_order_stats.DEFAULT_PREFERENCE) -> OrderAuditRead:
    chosen = audited_run(session, run_id, benchmark, "option-order").benchmark
    arrangements = chosen.arrangements
    correct: dict[str, dict[int, bool]] = {a: {} for a in arrangements}
    picks: dict[str, dict[int, str | None]] = {a: {} for a in arrangements}
    keys: dict[str, dict[int, str]] = {a: {} for a in arrangements}
    for sample in session.scalars(
            select(Sample).join(Item, Item.id == Sample.item_id)
            .where(Sample.run_id == run_id, Item.benchmark_id == chosen.benchmark_id,
                   Sample.verdict != Status.UNSCORED)):
        if sample.repeat >= len(arrangements) or "key_letter" not in sample.detail:
            continue
        name = arrangements[sample.repeat]
        correct[name][sample.item_id] = sample.verdict == Status.CORRECT
        picks[name][sample.item_id] = sample.answer
        keys[name][sample.item_id] = str(sample.detail["key_letter"])
    try:
        got = option_order_stats.audit(arrangements, correct, picks, keys, preference)
    except ValueError as exc:
        raise InvalidInput(str(exc), field="run_id") from None
    spread_ci = got.spread.ci95
    return OrderAuditRead(
        run_id=run_id, benchmark=chosen.name,
        arrangements=[ArrangementRead(arrangement=r.name, n_items=r.n, accuracy=r.accuracy,
                                      ci95=Interval(low=r.ci95[0], high=r.ci95[1]),
                                      pick_rate=r.pick_rate, key_rate=r.key_rate)
                      for r in got.arrangements],
        best=got.best, worst=got.worst, spread=got.spread.difference,
        spread_ci95=None if spread_ci is None else Interval(low=spread_ci[0],
                                                            high=spread_ci[1],
                                                            method="normal"),
        p_value=got.p_value, p_adjusted=got.p_adjusted,
        letter_preference=None if got.letter_preference is None else
        LetterPreferenceRead.model_validate(asdict(got.letter_preference)),
        order_sensitive=got.order_sensitive,
        robust_accuracy=got.robust_accuracy, robust_method=got.robust_method,
        definitions={"arrangements": (option_order_stats.__doc__ or "").strip()})
