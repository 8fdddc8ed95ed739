"""A greedy GGUF run's repeats of one prompt, generated once (BenchmarkPlan.shared_repeats).

The workers take one unit of each item (its lowest repeat still to do); when it finishes,
its outcome is stored for each of the item's other repeats, marked with the repeat whose
generation it is. The plan's `regenerated` items have one more repeat generated for real,
queued after every first generation so it runs beside other prompts, in another batch
position; the two outputs are compared and the differences recorded on the run."""

from __future__ import annotations

from dataclasses import dataclass, field

from app.benchmarks import Outcome
from app.records import SharedGenerations
from app.runs.execute.store import LoadedRun, Unit


@dataclass
class _Item:
    """One item's repeats: the one generated, those waiting for it, the one generated
    again (if the item is in the sample), and the two outcomes once known."""

    first: Unit
    waiting: list[Unit] = field(default_factory=list)
    again: Unit | None = None
    outcome: Outcome | None = None
    again_outcome: Outcome | None = None
    compared: bool = False


def copied(outcome: Outcome, unit: Unit, generated_by: int) -> Outcome:
    """The outcome of a repeat that shared `generated_by`'s generation: the same answer and
    verdict, under its own repeat."""
    return Outcome(outcome.verdict._replace(repeat=unit.repeat), outcome.prompt,
                   outcome.response, {**outcome.detail, "generation_of_repeat": generated_by},
                   outcome.stats)


class RepeatSharing:
    def __init__(self, loaded: LoadedRun) -> None:
        shared = {p.benchmark_id: set(p.regenerated) for p in loaded.plan.benchmarks
                  if p.shared_repeats}
        self._items: dict[tuple[int, int], _Item] = {}
        self._records: dict[int, SharedGenerations] = {}
        before = {r.benchmark: r for r in loaded.runtime.shared_generations}
        first: list[Unit] = []
        again: list[Unit] = []
        for unit in loaded.units:
            regenerated = shared.get(unit.benchmark_id)
            if regenerated is None:
                first.append(unit)
                continue
            name = unit.benchmark.spec.name
            if unit.benchmark_id not in self._records:
                self._records[unit.benchmark_id] = before.get(name, SharedGenerations(
                    benchmark=name)).model_copy(deep=True)
            key = (unit.benchmark_id, unit.item.item_id)
            item = self._items.get(key)
            if item is None:
                self._items[key] = _Item(unit)
                first.append(unit)
            elif item.again is None and unit.item.item_id in regenerated:
                item.again = unit
                again.append(unit)
            else:
                item.waiting.append(unit)
        self.queued = first + again  # in the order the workers take them

    def finished(self, unit: Unit, outcome: Outcome) -> list[tuple[Unit, Outcome]]:
        """The outcomes of the repeats that wait for this unit's generation."""
        item = self._items.get((unit.benchmark_id, unit.item.item_id))
        if item is None:
            return []
        record = self._records[unit.benchmark_id]
        record.generated += 1
        if unit is item.again:
            item.again_outcome = outcome
            self._compare(item, record)
            return []
        item.outcome = outcome
        copies = [(u, copied(outcome, u, unit.repeat)) for u in item.waiting]
        item.waiting = []
        record.shared += len(copies)
        self._compare(item, record)
        return copies

    def failed(self, unit: Unit) -> Unit | None:
        """A generation that failed: the next waiting repeat is generated itself (returned
        to be queued), so one error costs one sample, not the item's repeats."""
        item = self._items.get((unit.benchmark_id, unit.item.item_id))
        if item is None or unit is item.again or not item.waiting:
            return None
        item.first = item.waiting.pop(0)
        return item.first

    def records(self) -> list[SharedGenerations]:
        return list(self._records.values())

    @staticmethod
    def _compare(item: _Item, record: SharedGenerations) -> None:
        if item.compared or item.outcome is None or item.again_outcome is None:
            return
        item.compared = True
        one, two = item.outcome, item.again_outcome
        record.regenerated += 1
        if _output(one) != _output(two):
            record.outputs_different += 1
            record.different.append(item.first.prompt.external_id)
        record.verdicts_different += one.verdict.status != two.verdict.status


def _output(outcome: Outcome) -> tuple[object, ...]:
    """What a model generated: the text, and its calls (one reply's, or a conversation's)."""
    return (outcome.response, outcome.detail.get("tool_calls"), outcome.detail.get("turns"))
