"""The llama.cpp worker process's loop: load the model
(app.inference.llama_cpp.worker_model), report, then answer commands from the pipe until
`close`."""

from __future__ import annotations

import atexit
import faulthandler
import functools
import resource
import sys
import traceback
from multiprocessing.connection import Connection
from typing import IO, Any

from app.inference.llama_cpp.worker_model import Worker
from app.inference.llama_cpp.worker_prefill_lane import PrefillLane

MODEL_WORK = ("loglikelihood",)  # commands timed as model time, beside generation steps


def _answer(conn: Connection, request_id: int, work: Any, address_space: int | None,
            log: IO[str] | None, later: bool = False) -> None:
    """Run `work` and send its result, or the error it raised, tagged with the request.
    later: a queued chat request, answered when its generation finishes, unless `work`
    already returned its answer."""
    try:
        result = work()
    except MemoryError:
        conn.send((request_id, "error", "MemoryError: the command needed more memory than "
                   f"the worker's address-space limit ({address_space} bytes)"))
        return
    except Exception as exc:
        if log is not None:  # the traceback stays in the log; errors carry no server paths
            traceback.print_exc(file=log)
        conn.send((request_id, "error", f"{type(exc).__name__}: {exc}"))
        return
    if result is not None or not later:
        conn.send((request_id, "ok", result))


def serve(conn: Connection, path: str, n_ctx: int, n_threads: int | None,
          log_path: str | None = None, address_space: int | None = None,
          flash_attn: bool = True, n_seq: int = 1, kv_per_sequence: bool = False,
          prefill_lane: str | None = None, lookup: int = 0) -> None:
    """Process entry point: load, report, then answer commands until `close`. Messages are
    (request id, command, args) and answers (request id, status, payload): chat requests
    join the batched generator and are answered as they finish, in any order, while other
    commands (loglikelihood, stats) wait until no generation is running. llama.cpp's log goes
    to `log_path` and, on a fatal signal, Python's fault report to `log_path`.fault: files,
    so they outlive a crash."""
    log = open(log_path, "a", buffering=1, encoding="utf-8") if log_path else None  # noqa: SIM115
    if log_path:
        faulthandler.enable(file=open(f"{log_path}.fault", "w"))  # noqa: SIM115
    if address_space is not None and sys.platform == "linux":
        resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
    try:
        worker = Worker(path, n_ctx, n_threads, log, flash_attn, n_seq, kv_per_sequence)
        worker.generator.lane = PrefillLane(prefill_lane)
        worker.generator.lookup = lookup
        # free llama.cpp's context while the log callback it calls still exists
        atexit.register(worker.llm.close)
        conn.send(("ok", worker.stats()))
    except Exception as exc:
        conn.send(("error", f"cannot load the model: {exc}"))
        return
    generator = worker.generator
    deferred: list[tuple[int, str, tuple[Any, ...]]] = []
    while True:
        # a waiting command stops new generations from starting, so it is not starved
        generator.paused = bool(deferred)
        try:
            if generator.busy and not conn.poll(0):
                with worker.clock.modelling():
                    finished = generator.step()
                for done in finished:
                    _answer(conn, done.request_id, lambda d=done: worker.finished(d),
                            address_space, log)
                continue
            if not generator.busy and deferred:
                request_id, command, args = deferred.pop(0)
            else:
                request_id, command, args = conn.recv()
        except EOFError:
            return
        if command == "close":
            generator.close()
            worker.llm.close()  # while the log callback it calls is still alive
            conn.send((request_id, "ok", None))
            return
        if command == "chat":
            _answer(conn, request_id, lambda i=request_id, a=args: worker.submit_chat(i, *a),
                    address_space, log, later=True)
        elif command == "threads":  # between two steps, without waiting for generations
            _answer(conn, request_id, lambda a=args: worker.set_threads(*a), address_space, log)
        elif generator.busy:
            deferred.append((request_id, command, args))
        else:
            generator.foreign_state = True
            work = functools.partial(getattr(worker, command), *args)
            _answer(conn, request_id, worker.clock.timed(work) if command in MODEL_WORK
                    else work, address_space, log)
