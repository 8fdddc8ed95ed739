"""Item analysis of one benchmark across several models' latest finished runs."""

from __future__ import annotations

from collections import defaultdict

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.audits.schemas import ItemAnalysisRead, ItemRead, SubjectItemsRead
from app.benchmarks import get_benchmark
from app.http import InvalidInput
from app.results import item_scores, latest_run
from app.scoring import item_analysis_stats
from app.tables import Item

DEFINITIONS = {
    "items": "those every model scored (unscored samples left out); an item's score is its "
    "mean over repeats",
    "difficulty": "mean over models of the item's score: the share of models right",
    "discrimination": "Pearson correlation over models between the item's score and the "
    "model's mean score on the other items (corrected item-total; point-biserial for 0/1)",
    "agreement": "share of the group's models giving the group's most common answer "
    "(repeat 0); the group is every model unless named",
}


def analyze_items(session: Session, name: str, models: list[str],
                  group: list[str]) -> ItemAnalysisRead:
    bench = get_benchmark(session, name)
    runs = {model: latest_run(session, model, name, "models") for model in models}
    if len(runs) < 2:
        raise InvalidInput("name at least two models", field="models")
    unknown = [g for g in group if g not in models]
    if unknown:
        raise InvalidInput(f"group members must be among the models: {', '.join(unknown)}",
                           field="group")
    per_model = {model: item_scores(session, run_id, bench.id) for model, run_id in runs.items()}
    scores = {model: got.means for model, got in per_model.items()}
    answers = {model: got.answers for model, got in per_model.items()}
    try:
        stats = item_analysis_stats.analyze(scores, answers, group)
    except ValueError as exc:
        raise InvalidInput(str(exc), field="models") from None
    rows = {it.id: it for it in session.scalars(
        select(Item).where(Item.id.in_([s.item_id for s in stats])))}
    items = [ItemRead(item_id=s.item_id, external_id=rows[s.item_id].external_id,
                      subject=rows[s.item_id].subject, difficulty=s.difficulty,
                      discrimination=s.discrimination, agreement=s.agreement,
                      modal_answer=s.modal_answer) for s in stats]
    by_subject: dict[str, list[ItemRead]] = defaultdict(list)
    for it in items:
        by_subject[it.subject].append(it)
    subjects = []
    for subject, group_items in sorted(by_subject.items()):
        known = [i.discrimination for i in group_items if i.discrimination is not None]
        subjects.append(SubjectItemsRead(
            subject=subject, n_items=len(group_items),
            mean_difficulty=sum(i.difficulty for i in group_items) / len(group_items),
            mean_discrimination=sum(known) / len(known) if known else None))
    return ItemAnalysisRead(benchmark=name, runs=runs, group=group or models,
                            n_items=len(items), items=items, subjects=subjects,
                            definitions=DEFINITIONS)
