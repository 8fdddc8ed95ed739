"""Deriving a benchmark subset by rules over several models' finished runs."""

from __future__ import annotations

from sqlalchemy.orm import Session

from app.audits.schemas import SubsetDeriveIn
from app.benchmarks import choose_split, derive_benchmark, get_benchmark
from app.http import InvalidInput
from app.records import Derivation, DerivationMethod
from app.results import item_scores, latest_run
from app.scoring import Rule, subset_rules
from app.tables import Benchmark


def derive_subset(session: Session, name: str, data: SubsetDeriveIn) -> Benchmark:
    parent = get_benchmark(session, name)
    rules = [Rule(r.drop, tuple(dict.fromkeys(r.group)), r.below) for r in data.rules]
    runs: dict[str, int] = {}
    for index, rule in enumerate(rules):
        for model in rule.group:
            if model not in runs:
                runs[model] = latest_run(session, model, name, f"rules[{index}].group")
    per_model = {m: item_scores(session, run_id, parent.id) for m, run_id in runs.items()}
    try:
        outcomes = subset_rules.apply(rules, {m: s.means for m, s in per_model.items()},
                                      {m: s.answers for m, s in per_model.items()})
    except ValueError as exc:
        raise InvalidInput(str(exc), field="rules") from None
    dropped = {i for o in outcomes for i in o.dropped}
    split = choose_split(session, parent, None)
    return derive_benchmark(
        session, parent, data.name, split, dropped,
        Derivation(parent=parent.name, parent_version=parent.version,
                   method=DerivationMethod.ITEM_RULES, split=split, runs=runs,
                   rules=[f"{o.rule.describe()}: {len(o.dropped)} of {o.judged} judged items"
                          for o in outcomes]))
