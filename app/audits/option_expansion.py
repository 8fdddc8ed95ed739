"""Option expansion of a stored benchmark from a file of extra distractors, and a model's
accuracy on the original against the expanded version."""

from __future__ import annotations

import json
from collections import Counter

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.audits.content_schemas import ExpansionReportRead, ExpansionValidationRead, LeftOutRead
from app.audits.distractor_generator import Request
from app.benchmarks import ItemChange, choose_split, derive_benchmark, get_benchmark
from app.http import Conflict, InvalidInput, NotFound
from app.records import Derivation, DerivationMethod, Interval
from app.results import item_scores, latest_run
from app.scoring import (
    LETTERS,
    ChoicePayload,
    ItemPayload,
    option_expansion_stats,
    paired_difference,
    read_payload,
)
from app.tables import Benchmark, Item

DEFINITIONS = {"expansion": (option_expansion_stats.__doc__ or "").strip(),
               "file": "JSONL, one object per line: {\"id\": external id, \"options\": "
               "[extra options, in order of preference]}"}


def extras_file(data: bytes, filename: str) -> dict[str, list[str]]:
    extras: dict[str, list[str]] = {}
    for number, line in enumerate(data.splitlines(), 1):
        if not line.strip():
            continue
        where = f"{filename} line {number}"
        try:
            row = json.loads(line)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
            raise InvalidInput(f"{where}: not JSON", field="file") from None
        if not isinstance(row, dict) or not isinstance(row.get("id"), str | int) or \
                not isinstance(row.get("options"), list) or \
                not all(isinstance(o, str) for o in row["options"]):
            raise InvalidInput(f"{where}: expected {{\"id\": ..., \"options\": [strings]}}",
                               field="file")
        extras.setdefault(str(row["id"]), []).extend(row["options"])
    if not extras:
        raise InvalidInput(f"{filename} has no extra options", field="file")
    return extras


def _rows(session: Session, name: str, split: str | None) -> tuple[Benchmark, str | None,
                                                                   list[Item]]:
    parent = get_benchmark(session, name)
    chosen = choose_split(session, parent, split)
    stmt = select(Item).where(Item.benchmark_id == parent.id)
    if chosen is not None:
        stmt = stmt.where(Item.split == chosen)
    rows = list(session.scalars(stmt.order_by(Item.id)))
    if not rows:
        raise Conflict(f"{name} has no items to expand", field="name")
    return parent, chosen, rows


def generation_requests(session: Session, name: str, split: str | None, target: int,
                        limit: int | None) -> list[Request]:
    """What the generator is asked for: the keyed items short of `target` options."""
    _parent, _split, rows = _rows(session, name, split)
    out = []
    for row in rows:
        read = read_payload(row.payload)
        choices, answers = _keyed_options(read)
        if choices and answers and len(choices) < target:
            out.append(Request(row.external_id, read.question,
                               choices, choices[LETTERS.index(answers[0])],
                               target - len(choices) + 2))  # two spare, some are discarded
    return out[:limit]


def _keyed_options(read: ItemPayload) -> tuple[list[str], list[str]]:
    """A choice item's options and the key letters among them (none for other items)."""
    if not isinstance(read, ChoicePayload):
        return [], []
    choices = list(read.choices)
    return choices, [a for a in read.answers if a in LETTERS[:len(choices)]]


def expand_benchmark(session: Session, name: str, new_name: str, target: int, seed: int,
                     split: str | None, extras: dict[str, list[str]], source: str,
                     reasons: dict[str, str] | None = None
                     ) -> tuple[Benchmark, ExpansionValidationRead]:
    """reasons: why an item has no extras (the generator failed on it, or was not asked)."""
    parent, chosen, rows = _rows(session, name, split)
    changes: dict[int, ItemChange] = {}
    left_out: list[LeftOutRead] = []
    discarded: Counter[str] = Counter()
    shorter = breaking = 0
    for row in rows:
        choices, answers = _keyed_options(read_payload(row.payload))
        if not choices or not answers:
            left_out.append(LeftOutRead(external_id=row.external_id,
                                        reason="not a keyed multiple-choice item"))
            continue
        if len(choices) >= target:
            left_out.append(LeftOutRead(external_id=row.external_id,
                                        reason=f"has {len(choices)} options already"))
            continue
        if row.external_id not in extras and reasons is not None:
            left_out.append(LeftOutRead(external_id=row.external_id,
                                        reason=reasons.get(row.external_id, "not generated")))
            continue
        got = option_expansion_stats.expand(choices, answers, extras.get(row.external_id, []),
                                            target, row.external_id, seed)
        discarded.update(str(reason) for _o, reason in got.discarded)
        if got.missing:
            left_out.append(LeftOutRead(external_id=row.external_id,
                                        reason=f"{got.missing} valid extra option(s) short"))
            continue
        shorter += len(got.shorter_than_key)
        breaking += bool(got.shorter_than_key)
        changes[row.id] = ItemChange(
            n_choices=target, payload={**row.payload, "choices": got.choices,
                                       "answers": got.answers},
            meta={**row.meta, "expansion": {"order": got.order, "from": len(choices),
                                            "shorter_than_key": got.shorter_than_key}})
    if not changes:
        raise InvalidInput(f"no item of {name} could be expanded: none got enough valid "
                           "extra options", field="name")
    validation = ExpansionValidationRead(
        items=len(rows), expanded=len(changes), left_out=left_out, discarded=dict(discarded),
        shorter_than_key=shorter, items_breaking_rule=breaking, random_baseline=1 / target)
    dropped = {row.id for row in rows if row.id not in changes}
    child = derive_benchmark(
        session, parent, new_name, chosen, dropped,
        Derivation(parent=name, parent_version=parent.version, method=DerivationMethod.EXPANDED,
                   rules=[f"expanded to {target} options from {source}, shuffled with seed "
                          f"{seed}; items without enough valid extras left out"],
                   split=chosen, validation={"expanded": len(changes),
                                             "left_out": len(left_out),
                                             "discarded": sum(discarded.values()),
                                             "shorter_than_key": shorter}),
        changes)
    return child, validation


def expansion_report(session: Session, name: str, model: str) -> ExpansionReportRead:
    expanded = get_benchmark(session, name)
    derivation = expanded.derivation
    if derivation is None or derivation.method is not DerivationMethod.EXPANDED:
        raise NotFound(f"{name} is not an option-expanded version", field="name")
    original = get_benchmark(session, derivation.parent)
    runs = {b.name: latest_run(session, model, b.name, "model") for b in (original, expanded)}
    scores = []
    single = True
    for bench in (original, expanded):
        got = item_scores(session, runs[bench.name], bench.id)
        single = single and all(n == 1 for n in got.counts.values())
        ids = dict(session.execute(select(Item.id, Item.external_id)
                                   .where(Item.id.in_(got.means))).all())
        scores.append({ids[i]: score for i, score in got.means.items()})
    common = sorted(set(scores[0]) & set(scores[1]))
    if not common:
        raise InvalidInput("the two runs share no items", field="model")
    diff = paired_difference([scores[0][i] for i in common], [scores[1][i] for i in common],
                             single_repeat=single)
    baselines = [_baseline(session, bench.id, common) for bench in (original, expanded)]
    return ExpansionReportRead(
        model=model, original=original.name, expanded=name, runs=runs, n_items=len(common),
        accuracy_original=diff.accuracy_a, accuracy_expanded=diff.accuracy_b,
        difference=diff.difference,
        ci95=None if diff.ci95 is None else Interval(low=diff.ci95[0], high=diff.ci95[1],
                                                     method="normal"),
        p_value=diff.p_value, p_method=diff.p_method, random_baseline_original=baselines[0],
        random_baseline_expanded=baselines[1])


def _baseline(session: Session, benchmark_id: int, external_ids: list[str]) -> float:
    counts = list(session.scalars(select(Item.n_choices).where(
        Item.benchmark_id == benchmark_id, Item.external_id.in_(external_ids))))
    return sum(1 / n for n in counts if n) / len(counts)
