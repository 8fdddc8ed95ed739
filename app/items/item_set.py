"""The version of a benchmark's item set: a content hash of one split's ids, subjects and
payloads (inputs and answer keys), whatever order or database ids they were stored with.
Every run records the version it ran over, and numbers are put side by side only when
their versions agree: a stray import, a replaced key or a removed import is a new version."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime

from sqlalchemy.orm import Session

from app.items.keys import load_keys
from app.run_records.reproducibility import ItemSetVersion
from app.scoring.verdicts import KeyedItem
from app.server_pools.bounded_cache import BoundedCache
from app.tables import Benchmark

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
