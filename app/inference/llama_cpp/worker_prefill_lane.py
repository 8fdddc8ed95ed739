"""The prefill lane: on hosts where prompt evaluations slow each other down (two processes
prefilling at once each drop to a quarter of their speed on some hosts) while decodes do
not, the workers of every run on the host take turns for batches that hold prompt tokens
and decode side by side. The lane is an exclusive lock on one file (flock), so it spans
processes and runs, and a process that dies lets go of it."""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager


class PrefillLane:
    def __init__(self, path: str | None) -> None:
        self.path = path
        self._fd: int | None = None
        self.waited_s = 0.0  # time spent waiting for the lane

    @contextmanager
    def held(self, prefill: bool) -> Iterator[None]:
        """The lane around one batch; batches without prompt tokens pass freely."""
        if self.path is None or not prefill:
            yield
            return
        if self._fd is None:
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        started = time.perf_counter()
        fcntl.flock(self._fd, fcntl.LOCK_EX)
        self.waited_s += time.perf_counter() - started
        try:
            yield
        finally:
            fcntl.flock(self._fd, fcntl.LOCK_UN)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
