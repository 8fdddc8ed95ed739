"""The serving process's own pools: the bulk lane for heavy requests, the worker processes
for score and import batches, the isolated process for scorers that may hang (both pools
kept by one supervisor), and bounded caches shared by threads."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.faces import lazy_face

if TYPE_CHECKING:
    from app.server_pools.bounded_cache import BoundedCache
    from app.server_pools.bulk_lane import BulkLaneDep
    from app.server_pools.bulk_processes import BulkProcesses
    from app.server_pools.isolation import IsolatedTimeout, run_isolated, shutdown, warm

__all__ = [
    "BoundedCache", "BulkLaneDep", "BulkProcesses", "IsolatedTimeout", "run_isolated", "shutdown",
    "warm",
]

if not TYPE_CHECKING:
    __getattr__ = lazy_face(__name__, __file__)
