"""The version of a benchmark's item set: a content hash of one split's ids, subjects and
payloads (inputs and answer keys), whatever order or database ids they were stored with.
Every run records the version it ran over, and numbers are put side by side only when
their versions agree: a stray import, a replaced key or a removed import is a new version."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.items.keys import load_keys
from app.records import ItemSetVersion
from app.scoring import KeyedItem
from app.server_pools import BoundedCache
from app.tables import Benchmark, Run

_VERSIONS: BoundedCache[tuple[str, int, datetime, str | None], ItemSetVersion] = \
    BoundedCache(10_000)


def version_of(split: str | None, items: list[KeyedItem]) -> ItemSetVersion:
    digest = hashlib.sha256()
    for item in sorted(items, key=lambda i: i.external_id):
        digest.update(json.dumps([item.external_id, item.subject, item.payload],
                                 sort_keys=True, ensure_ascii=False).encode())
        digest.update(b"\n")
    return ItemSetVersion(split=split, sha256=digest.hexdigest(), n_items=len(items))


def item_set_version(session: Session, bench: Benchmark, split: str | None) -> ItemSetVersion:
    """The split's current version (cached until the benchmark's items change, as the keys)."""
    key = (str(session.get_bind().engine.url), bench.id, bench.updated_at, split)
    cached = _VERSIONS.get(key)
    if cached is not None:
        return cached
    items, _external = load_keys(session, bench, split)
    version = version_of(split, list(items.values()))
    _VERSIONS.put(key, version, 1)
    return version


class CurrentItemSets:
    """The benchmarks' current item-set versions, each read once (a version is cached until
    its benchmark's items change)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._current: dict[tuple[str, str | None], ItemSetVersion | None] = {}

    def current(self, benchmark: str, split: str | None) -> ItemSetVersion | None:
        key = (benchmark, split)
        if key not in self._current:
            bench = self.session.scalar(select(Benchmark).where(Benchmark.name == benchmark))
            self._current[key] = None if bench is None else \
                item_set_version(self.session, bench, split)
        return self._current[key]

    def stale(self, run: Run, benchmark: str) -> str | None:
        """Why `run` is not over `benchmark`'s current item set; None when it is (or when the
        run recorded no version, as runs stored before versions were kept)."""
        record = run.reproducibility
        ran = None if record is None else next(
            (b.item_set for b in record.benchmarks if b.name == benchmark), None)
        if ran is None:
            return None
        now = self.current(benchmark, ran.split)
        if now is None or now.sha256 == ran.sha256:
            return None
        return (f"ran over another version of {benchmark}'s {ran.split or 'all'} items "
                f"({ran.n_items} items, sha256 {ran.sha256[:12]}); it now holds "
                f"{now.n_items} items (sha256 {now.sha256[:12]})")
