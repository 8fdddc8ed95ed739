"""The prompt an item is sent as: loads the few-shot examples, then renders (pure)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.benchmarks import (
    BenchmarkSpec,
    BuiltPrompt,
    PromptItem,
    PromptUnavailable,
    Style,
    benchmark_of,
    build_prompt,
    prompt_sha256,
)
from app.http import Conflict, InvalidInput, NotFound
from app.items.service import get_item
from app.methodology import DEFAULT, by_label
from app.tables import Benchmark, Item


def _prompt_item(item: Item) -> PromptItem:
    return PromptItem(item.external_id, item.subject, item.payload, item.meta)


def fewshot_rows(session: Session, spec: BenchmarkSpec, benchmark_id: int, item: Item
                 ) -> list[Item]:
    """The first `fewshot_count` items (import order) of the few-shot split, same subject."""
    if not spec.fewshot_count or spec.fewshot_split is None:
        return []
    return list(session.scalars(
        select(Item).where(Item.benchmark_id == benchmark_id, Item.split == spec.fewshot_split,
                           Item.subject == item.subject, Item.id != item.id)
        .order_by(Item.id).limit(spec.fewshot_count)))


def fewshot_items(session: Session, spec: BenchmarkSpec, benchmark_id: int, item: Item
                  ) -> list[PromptItem]:
    rows = fewshot_rows(session, spec, benchmark_id, item)
    if len(rows) < spec.fewshot_count:
        raise Conflict(f"{spec.name} prompts are {spec.fewshot_count}-shot from the "
                       f"{spec.fewshot_split!r} split; {item.subject!r} has {len(rows)} "
                       f"such items: import that split first", field="style")
    return [_prompt_item(r) for r in rows]


def item_prompt(session: Session, item_id: int, style: Style, repeat: int,
                methodology: str | None = None) -> tuple[BuiltPrompt, str]:
    item, bench_name = get_item(session, item_id)
    bench = session.scalars(select(Benchmark).where(Benchmark.name == bench_name)).one()
    try:
        chosen = DEFAULT if methodology is None else by_label(methodology)
    except KeyError as exc:
        raise NotFound(str(exc.args[0]), field="methodology") from None
    benchmark = benchmark_of(bench).variant(methodology=chosen)
    spec = benchmark.spec
    shots = fewshot_items(session, spec, bench.id, item) if style == "loglikelihood" else []
    try:
        built = build_prompt(benchmark, _prompt_item(item), style=style, repeat=repeat,
                             shots=shots)
    except PromptUnavailable as exc:
        raise InvalidInput(str(exc), field="style") from None
    return built, prompt_sha256(benchmark)
