"""The llama.cpp worker process's loop: load the model
(app.inference.llama_cpp.worker_model), report, then answer commands from the pipe
(app.inference.llama_cpp.worker_commands) until `Close`."""

from __future__ import annotations

import atexit
import faulthandler
import functools
import resource
import sys
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import IO, Any

from app.inference.llama_cpp.worker_commands import (
    LOAD_REPLY_ID,
    Chat,
    Close,
    Loglikelihood,
    ReadStats,
    Reply,
    Request,
    SetThreads,
    WorkerLaunch,
)
from app.inference.llama_cpp.worker_model import Worker
from app.inference.llama_cpp.worker_prefill_lane import PrefillLane


def _answer(conn: Connection, request_id: int, work: Callable[[], Any],
            address_space: int | None, log: IO[str] | None, later: bool = False) -> None:
    """Run `work` and send its result, or the error it raised, tagged with the request.
    later: a queued chat request, answered when its generation finishes, unless `work`
    already returned its answer."""
    try:
        result = work()
    except MemoryError:
        conn.send(Reply(request_id, error="MemoryError: the command needed more memory than "
                        f"the worker's address-space limit ({address_space} bytes)"))
        return
    except Exception as exc:
        if log is not None:  # the traceback stays in the log; errors carry no server paths
            traceback.print_exc(file=log)
        conn.send(Reply(request_id, error=f"{type(exc).__name__}: {exc}"))
        return
    if result is not None or not later:
        conn.send(Reply(request_id, result))


def _load(conn: Connection, launch: WorkerLaunch, log: IO[str] | None) -> Worker | None:
    """Load the model and report its stats, or why it could not be loaded (then None)."""
    try:
        worker = Worker(launch.path, launch.n_ctx, launch.n_threads, log, launch.flash_attn,
                        launch.n_seq, launch.kv_per_sequence)
        worker.generator.lane = PrefillLane(launch.prefill_lane)
        worker.generator.lookup = launch.lookup
        # free llama.cpp's context while the log callback it calls still exists
        atexit.register(worker.llm.close)
    except Exception as exc:
        conn.send(Reply(LOAD_REPLY_ID, error=f"cannot load the model: {exc}"))
        return None
    conn.send(Reply(LOAD_REPLY_ID, worker.stats()))
    return worker


def _waiting_work(worker: Worker, command: Loglikelihood | ReadStats) -> Callable[[], Any]:
    """A command that waits until no generation runs; loglikelihood counts as model time,
    beside generation steps."""
    if isinstance(command, ReadStats):
        return worker.stats
    return worker.clock.timed(functools.partial(
        worker.loglikelihood, command.context, command.continuations, command.shared_prefix,
        command.reuse))


def serve(conn: Connection, launch: WorkerLaunch) -> None:
    """Process entry point: load, report, then answer requests until `Close`. Chat
    requests join the batched generator and are answered as they finish, in any order;
    thread changes are taken between two steps; other commands (loglikelihood, stats) wait
    until no generation is running. llama.cpp's log goes to `log_path` and, on a fatal
    signal, Python's fault report to `log_path`.fault: files, so they outlive a crash."""
    log = open(launch.log_path, "a", buffering=1, encoding="utf-8") if launch.log_path else None  # noqa: SIM115
    if launch.log_path:
        faulthandler.enable(file=open(f"{launch.log_path}.fault", "w"))  # noqa: SIM115
    if launch.address_space is not None and sys.platform == "linux":
        resource.setrlimit(resource.RLIMIT_AS, (launch.address_space, launch.address_space))
    worker = _load(conn, launch, log)
    if worker is None:
        return
    answer = functools.partial(_answer, conn, address_space=launch.address_space, log=log)
    generator = worker.generator
    deferred: list[Request] = []
    while True:
        # a waiting command stops new generations from starting, so it is not starved
        generator.paused = bool(deferred)
        try:
            if generator.busy and not conn.poll(0):
                with worker.clock.modelling():
                    finished = generator.step()
                for done in finished:
                    answer(done.request_id, functools.partial(worker.finished, done))
                continue
            request: Request = deferred.pop(0) if not generator.busy and deferred \
                else conn.recv()
        except EOFError:
            return
        match request.command:
            case Close():
                generator.close()
                worker.llm.close()  # while the log callback it calls is still alive
                conn.send(Reply(request.request_id))
                return
            case Chat() as chat:
                answer(request.request_id,
                       functools.partial(worker.submit_chat, request.request_id, chat),
                       later=True)
            case SetThreads(n_threads):
                answer(request.request_id, functools.partial(worker.set_threads, n_threads))
            case Loglikelihood() | ReadStats() as waiting:
                if generator.busy:
                    deferred.append(request)
                else:
                    generator.foreign_state = True
                    answer(request.request_id, _waiting_work(worker, waiting))
            case unknown:  # a runner of another version: refused, the worker goes on
                conn.send(Reply(request.request_id,
                                error=f"unknown worker command {type(unknown).__name__}"))
