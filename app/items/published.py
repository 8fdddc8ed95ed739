"""A catalog benchmark's items are its published files: an import may bring them in again,
never change or add to them. What a user adds is a benchmark of their own, so the item set
that published numbers were measured on cannot drift under them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from app.benchmarks import PublishedItems
from app.http import Conflict
from app.item_files import ItemRecord

HOW = ("import your items into a benchmark of your own (POST /benchmarks, then "
       "POST /benchmarks/{{name}}/items:import), or derive a version of {benchmark} "
       "(docs/audits.md, derived subsets)")


def refuse_drift(benchmark: str, published: PublishedItems, added: Sequence[ItemRecord],
                 changed: Sequence[ItemRecord], stored: Mapping[str, int],
                 max_errors: int) -> None:
    """`added`: records of ids the benchmark lacks; `changed`: records whose content differs
    from the stored item of their id; `stored`: items per split now."""
    problems: list[dict[str, str | int | None]] = [
        {"file": r.file, "line": r.line, "field": "id",
         "message": f"item {r.external_id!r} differs from the published item"}
        for r in changed]
    said = [f"changes {len(changed)} published item(s), first {changed[0].external_id!r}"] \
        if changed else []
    foreign = Counter(r.subject for r in added
                      if published.subjects and r.subject not in published.subjects)
    for split, n in sorted(Counter(r.split for r in added).items()):
        size = published.sizes.get(split)
        if size is None or stored.get(split, 0) + n <= size:
            continue
        said.append(f"brings its {split} split to {stored.get(split, 0) + n} items; the "
                    f"published files hold {size}")
        problems += [{"file": r.file, "line": r.line, "field": "subject",
                      "message": f"subject {r.subject!r} is not a published subject"}
                     for r in added if r.split == split and r.subject in foreign]
    if foreign and said:  # what the extra items are, where they are refused
        said.append("it adds " + ", ".join(f"subject {s!r} ({n} items)" for s, n in
                                           sorted(foreign.items()))
                    + " that the published files do not have")
    if said:
        raise Conflict(
            f"{benchmark} is a catalog benchmark whose items are its published files; this "
            f"import {'; '.join(said)}. Nothing was imported: "
            + HOW.format(benchmark=benchmark),
            errors=problems[:max_errors], error_count=len(problems))
