"""Option-length audits of a stored benchmark and of a run's choices."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.audits.schemas import (
    BenchmarkLengthAudit,
    LengthRead,
    RunLengthAudit,
    SubjectLengthRead,
    UnitLengthRead,
)
from app.benchmarks import Benchmark as BenchmarkObject
from app.benchmarks import PromptItem, benchmark_of, choose_split, get_benchmark
from app.gguf import resolve_model_path
from app.http import Conflict, InvalidInput, NotFound
from app.inference import count_tokens
from app.records import Interval
from app.scoring import (
    LETTERS,
    ChoicePayload,
    LengthUnit,
    OptionItem,
    option_length_stats,
    read_payload,
)
from app.tables import Benchmark, Item, Model, Run, Sample

DEFINITIONS = {
    "length": "of the option's text with surrounding white space stripped",
    "longest": "strictly longest in the unit (a tie for longest counts as no longest option)",
    "rule": "the length rule: every distractor at least as long as the key",
    "chars": "Unicode characters",
    "words": "whitespace-separated words",
    "tokens": "tokens of the named GGUF's own tokenizer (no BOS, special-token text read "
    "as text)",
    "ci95": "Wilson score intervals",
}


@dataclass(frozen=True)
class Tokenizer:
    """A GGUF whose tokenizer counts tokens: its name as asked, and its file."""

    name: str
    path: Path

    def counts(self, texts: Iterable[str]) -> dict[str, int]:
        unique = sorted({t.strip() for t in texts})
        return dict(zip(unique, count_tokens(self.path, unique), strict=True))


def tokenizer_named(session: Session, raw: str | None, model_dirs: Sequence[Path]
                    ) -> Tokenizer | None:
    """A registered GGUF model's name, or a GGUF path inside the model folders."""
    if raw is None:
        return None
    model = session.scalar(select(Model).where(Model.name == raw, Model.kind == "gguf"))
    path = str(model.settings.get("path", "")) if model is not None else raw
    return Tokenizer(raw, resolve_model_path(path, model_dirs, field="tokenizer"))


def _option_item(item: Item, repeat: int, benchmark: BenchmarkObject | None = None
                 ) -> OptionItem | None:
    """The item's options as the prompt of that repeat showed them (some benchmarks shuffle
    them per repeat), with the key's index."""
    read = read_payload(item.payload)
    if not isinstance(read, ChoicePayload):
        return None
    choices, answers = list(read.choices), read.answers
    if not choices or not answers or answers[0] not in LETTERS[:len(choices)]:
        return None
    if benchmark is not None:
        shown = benchmark.solver.prompt(
            PromptItem(item.external_id, item.subject, item.payload, item.meta), "chat",
            repeat).options
        if shown is None or not shown.answers:
            return None
        return OptionItem(item.subject, shown.choices, LETTERS.index(shown.answers[0]))
    return OptionItem(item.subject, list(choices), LETTERS.index(answers[0]))


def _length_read(items: Sequence[OptionItem],
                 units: dict[LengthUnit, option_length_stats.Measure]) -> dict[str, object]:
    summaries = {s.unit: s for s in option_length_stats.summarize(items, units)}
    chars, words = summaries[LengthUnit.CHARS], summaries[LengthUnit.WORDS]
    return {"n_items": len(items), "key_longest_rate": chars.key_longest_rate,
            "key_shortest_rate": chars.key_shortest_rate, "key_mean_chars": chars.key_mean,
            "distractor_mean_chars": chars.distractor_mean, "key_mean_words": words.key_mean,
            "distractor_mean_words": words.distractor_mean,
            "rule_satisfied_rate": chars.rule_satisfied_rate,
            "satisfies_rule": chars.satisfies_rule,
            "units": [UnitLengthRead.model_validate(asdict(s)) for s in summaries.values()]}


def benchmark_audit(session: Session, name: str, split: str | None,
                    tokenizer: Tokenizer | None = None) -> BenchmarkLengthAudit:
    bench = get_benchmark(session, name)
    chosen = choose_split(session, bench, split)
    stmt = select(Item).where(Item.benchmark_id == bench.id)
    if chosen is not None:
        stmt = stmt.where(Item.split == chosen)
    items = [o for it in session.scalars(stmt.order_by(Item.id))
             if (o := _option_item(it, 0)) is not None]
    if not items:
        raise Conflict(f"{name} has no keyed multiple-choice items to audit", field="name")
    counts = None if tokenizer is None else tokenizer.counts(
        o for it in items for o in it.options)
    units = option_length_stats.measures(counts)
    groups: dict[str, list[OptionItem]] = defaultdict(list)
    for it in items:
        groups[it.subject].append(it)
    return BenchmarkLengthAudit(
        benchmark=name, split=chosen, tokenizer=None if tokenizer is None else tokenizer.name,
        overall=LengthRead.model_validate(_length_read(items, units)),
        subjects=[SubjectLengthRead(subject=s, **_length_read(g, units))
                  for s, g in sorted(groups.items())],
        definitions=DEFINITIONS)


def _interval(bounds: tuple[float, float] | None) -> Interval | None:
    return None if bounds is None else Interval(low=bounds[0], high=bounds[1])


def run_audit(session: Session, run_id: int, benchmark: str | None,
              unit: LengthUnit = LengthUnit.CHARS, tokenizer: Tokenizer | None = None
              ) -> RunLengthAudit:
    if session.get(Run, run_id) is None:
        raise NotFound(f"run {run_id} does not exist", field="run_id")
    if (unit is LengthUnit.TOKENS) != (tokenizer is not None):
        raise InvalidInput("name a tokenizer exactly when the unit is tokens",
                           field="tokenizer")
    rows = session.execute(
        select(Sample, Item, Benchmark).join(Item, Item.id == Sample.item_id)
        .join(Benchmark, Benchmark.id == Item.benchmark_id).where(Sample.run_id == run_id)
        .order_by(Sample.id)).all()
    names = sorted({b.name for _s, _i, b in rows})
    name = benchmark or (names[0] if len(names) == 1 else None)
    if benchmark is not None and benchmark not in names:
        raise NotFound(f"run {run_id} scored no item of {benchmark} (it scored "
                       f"{', '.join(names) or 'none'})", field="benchmark")
    if not names:
        raise Conflict(f"run {run_id} has no scored samples to audit", field="run_id")
    if name is None:
        raise InvalidInput(f"name one of the run's benchmarks: {', '.join(names)}",
                           field="benchmark")
    items: list[OptionItem] = []
    picks: list[int | None] = []
    shows = next((benchmark_of(b) for _s, _i, b in rows if b.name == name), None)
    for sample, item, bench in rows:
        if bench.name != name:
            continue
        option = _option_item(item, sample.repeat, shows)
        if option is None:
            continue
        items.append(option)
        answer = sample.answer or ""
        picks.append(LETTERS.index(answer) if len(answer) == 1
                     and answer in LETTERS[:len(option.options)] else None)
    if not items:
        raise InvalidInput(f"run {run_id} has no multiple-choice samples of {name}",
                           field="run_id")
    counts = None if tokenizer is None else tokenizer.counts(
        o for it in items for o in it.options)
    got = option_length_stats.choices(items, picks, unit,
                                      option_length_stats.measures(counts)[unit])
    return RunLengthAudit(
        run_id=run_id, benchmark=name, unit=unit,
        tokenizer=None if tokenizer is None else tokenizer.name, n_samples=got.n_samples,
        longest_pick_rate=got.longest_pick_rate, key_longest_rate=got.key_longest_rate,
        accuracy_key_longest=got.accuracy_key_longest,
        ci95_key_longest=_interval(got.ci95_key_longest), n_key_longest=got.n_key_longest,
        accuracy_rest=got.accuracy_rest, ci95_rest=_interval(got.ci95_rest),
        n_rest=got.n_rest, definitions=DEFINITIONS)
