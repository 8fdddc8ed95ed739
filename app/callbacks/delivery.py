"""Delivering run callbacks: each serving process looks at the outbox every
POCKETEVAL_CALLBACK_POLL_S and sends what is due, a few at a time, through the same guarded
client as model endpoints (so an address refused for a model is refused here too, whatever
its name resolves to by then). A receiver that hangs or fails costs its own delivery a
timeout and a later try, never a run or a request."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from datetime import UTC, datetime

import anyio
import httpx

from app import telemetry
from app.callbacks.outbox import Due, Retries, record, take_due
from app.callbacks.schemas import AttemptRead
from app.callbacks.signing import HEADER, signature
from app.config import Settings
from app.db import Transactions
from app.inference import EndpointRefused
from app.records import CallbackState

log = logging.getLogger("pocketeval.callbacks")
AT_ONCE = 8  # deliveries in flight per process


class Deliverer:
    def __init__(self, transactions: Transactions, http: httpx.AsyncClient,
                 settings: Settings) -> None:
        self.transactions, self.http, self.settings = transactions, http, settings
        self.retries = Retries(settings.callback_retry_base_s, settings.callback_retry_most_s,
                               settings.callback_retry_for_s)
        self._slots = anyio.Semaphore(AT_ONCE)
        self._task: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()
        self._sending: set[asyncio.Task[None]] = set()
        self._trying: set[anyio.CancelScope] = set()

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="callback-delivery")

    async def stop(self) -> None:
        """Tries in flight are abandoned (their leases run out and another try is made);
        database work under way is finished first, so no connection outlives the engine."""
        self._stopping.set()
        for scope in list(self._trying):
            scope.cancel()
        await asyncio.gather(*[t for t in [self._task, *self._sending] if t is not None],
                             return_exceptions=True)

    async def _loop(self) -> None:
        while not self._stopping.is_set():
            try:
                await self._send_what_is_due()
            except Exception:  # the database away a moment: the next look tries again
                log.exception("looking for due callbacks failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), self.settings.callback_poll_s)

    async def _send_what_is_due(self) -> None:
        lease = self.settings.callback_timeout_s + self.settings.callback_lease_margin_s
        while not self._stopping.is_set():
            await self._slots.acquire()
            try:
                due = None if self._stopping.is_set() else await self.transactions.run(
                    take_due, datetime.now(UTC), lease)
            except BaseException:
                self._slots.release()
                raise
            if due is None:
                self._slots.release()
                return
            task = asyncio.create_task(self._deliver(due))
            self._sending.add(task)
            task.add_done_callback(self._sending.discard)

    async def _deliver(self, due: Due) -> None:
        try:
            with anyio.CancelScope() as trying:  # stop() cancels the send, never the record
                self._trying.add(trying)
                attempt = await self._try(due)
            self._trying.discard(trying)
            if trying.cancelled_caught:
                return
            state = await self.transactions.run(record, due, attempt, self.retries)
            telemetry.CALLBACKS.labels(state.value if state is not CallbackState.PENDING
                                       else "retrying").inc()
            log.info("run %s callback try %s: %s (%s)", due.run_id, due.attempt,
                     attempt.status_code or attempt.error, state.value)
        except Exception:  # not recorded: the lease runs out and the try is made again
            log.exception("run %s callback try %s", due.run_id, due.attempt)
        finally:
            self._slots.release()

    async def _try(self, due: Due) -> AttemptRead:
        headers = {"Content-Type": "application/json", "User-Agent": "PocketEval",
                   "PocketEval-Delivery": f"{due.run_id}.{due.attempt}"}
        if due.secret is not None:
            headers[HEADER] = signature(due.secret, due.payload, int(time.time()))
        started, at = time.perf_counter(), datetime.now(UTC)
        status, error = None, None
        limit = self.settings.callback_timeout_s
        try:
            with anyio.fail_after(limit):  # the whole try, not each read: within its lease
                async with self.http.stream("POST", due.url, content=due.payload,
                                            headers=headers, timeout=limit) as response:
                    status = response.status_code  # the receiver's body is not read
        except TimeoutError:
            error = f"no answer within {limit:g} s"
        except (httpx.HTTPError, EndpointRefused) as exc:
            error = f"{type(exc).__name__}: {exc}"[:500]
        return AttemptRead(attempted_at=at, status_code=status, error=error,
                           duration_ms=(time.perf_counter() - started) * 1000)
