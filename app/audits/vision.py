"""The report of a vision-only audit run: accuracy as text and as rendered images, and the
modality gap, paired over items."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.audits.audited_run import audited_run
from app.audits.schemas import ModalityGapRead, TreatmentRead, VisionAuditRead
from app.http import InvalidInput
from app.items import rendering
from app.records import Interval
from app.scoring import Status, paired_difference, wilson_interval
from app.tables import Item, Sample

DEFINITIONS = {
    "rendering": (rendering.__doc__ or "").strip(),
    "gap": "accuracy under the rendered treatment minus accuracy as text, over the items "
    "scored under both; the interval is the paired normal one, the p-value McNemar's exact",
}


def vision_audit(session: Session, run_id: int, benchmark: str | None) -> VisionAuditRead:
    audited = audited_run(session, run_id, benchmark, "vision-only")
    treatments = audited.benchmark.arrangements
    correct: dict[str, dict[int, bool]] = {t: {} for t in treatments}
    for item_id, repeat, verdict in session.execute(
            select(Sample.item_id, Sample.repeat, Sample.verdict)
            .join(Item, Item.id == Sample.item_id)
            .where(Sample.run_id == run_id, Item.benchmark_id == audited.benchmark.benchmark_id,
                   Sample.verdict != Status.UNSCORED)):
        if repeat < len(treatments):
            correct[treatments[repeat]][item_id] = verdict == Status.CORRECT
    reads = []
    for name in treatments:
        scored = correct[name]
        if not scored:
            raise InvalidInput(f"run {run_id} has no scored {name} samples yet", field="run_id")
        accuracy = sum(scored.values()) / len(scored)
        low, high = wilson_interval(accuracy, len(scored))
        reads.append(TreatmentRead(treatment=name, n_items=len(scored), accuracy=accuracy,
                                   ci95=Interval(low=low, high=high)))
    gaps = []
    text = correct["text"]
    for name in treatments[1:]:
        common = sorted(set(text) & set(correct[name]))
        if not common:
            continue
        diff = paired_difference([float(text[i]) for i in common],
                                 [float(correct[name][i]) for i in common], single_repeat=True)
        gaps.append(ModalityGapRead(
            treatment=name, n_items=len(common), difference=diff.difference,
            ci95=None if diff.ci95 is None else Interval(low=diff.ci95[0], high=diff.ci95[1],
                                                         method="normal"),
            p_value=diff.p_value, p_method=diff.p_method))
    return VisionAuditRead(run_id=run_id, benchmark=audited.benchmark.name, treatments=reads,
                           gaps=gaps, definitions=DEFINITIONS)
