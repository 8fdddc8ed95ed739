"""A thread-safe least-recently-used cache bounded by a total size the caller measures."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class BoundedCache(Generic[K, V]):
    """Entries cost `size` units each (bytes, items); the least recently used go first once
    the total passes `max_size`, and one entry over a quarter of it is not kept at all (it
    would flush everything else)."""

    def __init__(self, max_size: int) -> None:
        self.max_size = max_size
        self._entries: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            self._entries.move_to_end(key)
            return entry[0]

    def put(self, key: K, value: V, size: int) -> None:
        if size > self.max_size // 4:
            return
        with self._lock:
            previous = self._entries.pop(key, None)
            if previous is not None:
                self._size -= previous[1]
            self._entries[key] = (value, size)
            self._size += size
            while self._size > self.max_size:
                _old, (_value, dropped) = self._entries.popitem(last=False)
                self._size -= dropped

    @property
    def size(self) -> int:
        return self._size
