"""Serialised item pages, reused until the benchmark's items change.

Item pages are what clients read most (SDKs and runners page through whole benchmarks) and
they change only when an import writes to the benchmark, which moves `updated_at`. A page is
keyed by the benchmark, that timestamp and the query, so a cached body is never stale: a
reader whose transaction already sees the import sees the new timestamp too. The same key
gives the page's ETag, so a client holding it gets 304 without a body. The cache is per
process and bounded in bytes (least recently used first out).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from app.server_pools import BoundedCache


@dataclass(frozen=True, slots=True)
class PageKey:
    benchmark_id: int
    items_changed_at: datetime
    split: str | None
    subject: str | None
    cursor: str | None
    limit: int

    @property
    def etag(self) -> str:
        digest = hashlib.sha256(repr(self).encode()).hexdigest()[:32]
        return f'"{digest}"'


class PageCache(BoundedCache[PageKey, bytes]):
    """Page bodies, bounded in bytes."""
