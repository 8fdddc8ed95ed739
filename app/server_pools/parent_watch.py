"""A worker process of the serving process's pools (the bulk lane's, the isolated scorers')
leaves as soon as it is orphaned. A serving process killed outright (SIGKILL, out of memory)
cannot stop its workers, and their pipes never close (each end of a multiprocessing queue
lives in both processes), so without this they would wait for work forever. Work in
progress is dropped: an uncommitted batch is rolled back by the database, and nobody was
told it was done."""

from __future__ import annotations

import os
import threading
import time

POLL_S = 0.5


def watch_parent(parent: int) -> None:
    """Called first in a worker process (a pool's initializer), with the pid of the process
    that made the pool: a worker whose parent died while it was still starting (its imports
    take a second) leaves at once, rather than taking its new parent for its own."""
    threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True,
                     name="parent-watch").start()


def _exit_with_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(POLL_S)
    os._exit(0)
