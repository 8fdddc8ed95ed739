"""Bounding one piece of scoring work by wall-clock time.

SIGALRM works only on a process's main thread; isolated scorers run on the main thread of the
scoring worker process (app.server_pools.isolation), where the limit applies. Elsewhere (in-process
unit use) the block runs unbounded.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType


class TimeLimitExceeded(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def _expire(signum: int, frame: FrameType | None) -> None:
        raise TimeLimitExceeded(f"exceeded {seconds} s")

    previous = signal.signal(signal.SIGALRM, _expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
