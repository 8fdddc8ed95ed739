"""Bulk lane: requests that cost many times an item page wait for one of a few slots per
process before they take any CPU.

One process serves every request under one GIL. When run lists, results, score batches and
imports run side by side with the cheap reads, every request waits its turn for the
interpreter, and an item page that needs 2 ms takes as long as the queue is deep. Queued
heavy requests cost nothing while they wait, so the cheap reads (item pages, one run's
status, /health) keep their latency and the heavy ones are served in arrival order, a few at
a time (`POCKETEVAL_BULK_REQUESTS` per process). Heavy reads declare `BulkLaneDep`; score
and import batches and run lists take their slot in `Transactions.batch`, after their body
is read (a slow upload holds no slot), and are carried out in a worker process
(app.server_pools.bulk_processes).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import anyio
from fastapi import Depends, Request


async def bulk_lane(request: Request) -> AsyncIterator[None]:
    slots: anyio.Semaphore = request.app.state.bulk_slots
    async with slots:
        yield


# held until the endpoint returns (its response is serialised afterwards, outside the slot)
BulkLaneDep = Depends(bulk_lane, scope="function")
