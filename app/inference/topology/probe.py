"""The host probe: how fast this host runs this model file in each candidate topology
(app.inference.topology.choice), measured once per host and model file and cached.

For each sequence count, two probe processes (app.inference.topology.probe_worker) load the model
once; for each thread count, both prefill at once, then one alone; both decode at once, then
one alone. Figures are summed over the processes that ran together, and each is the best of
two rounds. A loglikelihood run's probe measures prompt evaluation alone, all it does, in one
round of shorter phases. With a small model the whole probe takes seconds; a larger one, a
minute at most.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from app.inference.topology.choice import candidates
from app.inference.topology.host_load import OtherLoad, process_seconds, usable_cpus
from app.inference.topology.probe_worker import PHASE_S  # unless gguf_probe_phase_s says
from app.records import Probe, ProbeFigure, ProbeKind

# each figure is the best of this many rounds; a loglikelihood probe takes one: it is paid
# by a run whose whole work may take half a minute, its candidates all use every core (their
# prompt rates differ by little where they are close), and a phase slowed by other work shows
# in the probe's other_load, which has it measured again later
ROUNDS = {ProbeKind.GENERATION: 2, ProbeKind.LOGLIKELIHOOD: 1}
# a probe that saw the host this busy with other work is measured again by a run that finds
# it older than this: often enough to leave a busy moment behind, seldom enough that a host
# busy all the time is not probed before every run
RETRY_DISTURBED_S = 600.0


def usable_cores() -> int:
    return len(usable_cpus())


def host_key() -> str:
    """What the figures depend on besides the model: the CPUs this process may use and the
    llama.cpp build the workers run (the installed build's key: its version and the CPU
    arguments it was built with; the version alone where no build was recorded)."""
    from app.inference.llama_server.build import llama_cpp_version
    from app.native import read_record

    record = read_record()  # the build the workers run; it names its CPU arguments
    build = record.key if record is not None else llama_cpp_version()
    cpu = ""
    try:
        cpu = next((line for line in Path("/proc/cpuinfo").read_text().splitlines()
                    if line.startswith("model name")), "")
    except OSError:
        pass
    return f"{cpu.split(':')[-1].strip()}|{usable_cores()} cores|{build}"


SAMPLE_CHUNKS, CHUNK_BYTES = 16, 64 * 1024


def model_key(path: Path) -> str:
    """The model's content, not the file's name or times: its size and a sha256 of its
    first megabyte (the header: architecture, shapes, types) and of 16 chunks spread over
    the tensors. A copy of a file is the same model (it is not probed again); a file
    changed in place is another. Reads about 2 MB, whatever the file's size."""
    size = path.stat().st_size
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        digest.update(fh.read(1024 * 1024))
        for k in range(SAMPLE_CHUNKS):
            fh.seek(size * k // SAMPLE_CHUNKS)
            digest.update(fh.read(CHUNK_BYTES))
    return f"{size}|{digest.hexdigest()[:32]}"


@dataclass
class _Process:
    proc: subprocess.Popen[str]

    def ask(self, command: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()

    def answer(self) -> dict[str, float]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"a probe process ended with status {self.proc.wait()}")
        figure: dict[str, float] = json.loads(line)
        return figure

    def ready(self) -> None:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline().strip()
        if line != "ready":
            raise RuntimeError(f"a probe process could not load the model (status "
                               f"{self.proc.wait()})")

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.ask("exit")
                self.proc.wait(30)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None:
                pipe.close()


def _spawn(path: Path, threads: int, sequences: int) -> _Process:
    return _Process(subprocess.Popen(
        [sys.executable, "-m", "app.inference.topology.probe_worker", str(path), str(threads),
         str(sequences)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True))


def _rate(figures: list[dict[str, float]]) -> float:
    return sum(f["tokens"] / f["seconds"] for f in figures)


def _measure(path: Path, sequences: int, workers_by_threads: dict[int, list[int]],
             kind: ProbeKind, phase_s: float) -> tuple[list[ProbeFigure], float | None]:
    """The figures of every threads x workers candidate with `sequences` sequences, from
    one set of processes that switch thread counts (the model is loaded once). Each figure
    is the best of its ROUNDS: a shared host's neighbours only ever slow a phase down, and one
    slowed phase would otherwise decide the run's topology. Also the CPU seconds the probe
    processes used (None where the host does not say)."""
    most = max(n for workers in workers_by_threads.values() for n in workers)
    processes = [_spawn(path, max(workers_by_threads), sequences) for _ in range(most)]
    used: float | None = None
    rates: dict[tuple[int, int, str], float] = {}
    try:
        for p in processes:
            p.ready()
        for _round in range(ROUNDS[kind]):
            for threads, workers in sorted(workers_by_threads.items()):
                for p in processes:
                    p.ask(f"threads {threads}")
                    if p.answer() != {"threads": threads, "threads_batch": threads}:
                        raise RuntimeError(f"a probe process could not use {threads} threads")
                for phase, share in PHASES[kind]:
                    for n in sorted(workers, reverse=True):
                        for p in processes[:n]:
                            p.ask(f"{phase} {phase_s * share:g}")
                        rate = _rate([p.answer() for p in processes[:n]])
                        key = (threads, n, phase)
                        rates[key] = max(rate, rates.get(key, 0.0))
        each = [process_seconds(p.proc.pid) for p in processes]
        used = None if None in each else sum(s for s in each if s is not None)
    finally:
        for p in processes:
            p.close()

    def best(threads: int, n: int, phase: str) -> float | None:
        return round(rates[threads, n, phase], 1) if (threads, n, phase) in rates else None

    return [ProbeFigure(workers=n, threads=t, sequences=sequences,
                        prefill_tok_s=best(t, n, "prefill") or 0.0,
                        decode_tok_s=best(t, n, "decode"))
            for t, workers in workers_by_threads.items() for n in workers], used


# each phase's command and its share of the phase time; a loglikelihood probe's prompt
# phases last half as long: that probe is paid by a run whose whole work may take seconds,
# and a prompt figure settles sooner than a decode one (each 128-token batch is many tokens)
PHASES = {ProbeKind.GENERATION: (("prefill", 1.0), ("decode", 1.0)),
          ProbeKind.LOGLIKELIHOOD: (("prefill", 0.5),)}


def run_probe(path: Path, sequences: int, kind: ProbeKind = ProbeKind.GENERATION,
              phase_s: float = PHASE_S) -> Probe:
    started, own = time.perf_counter(), time.thread_time()
    other = OtherLoad.start(started)
    cores = usable_cores()
    # sequences -> threads -> worker counts
    plan: dict[int, dict[int, list[int]]] = {}
    for c in candidates(cores, 1 if kind is ProbeKind.LOGLIKELIHOOD else sequences):
        plan.setdefault(c.sequences, {}).setdefault(c.threads, []).append(c.workers)
    figures: list[ProbeFigure] = []
    used: float | None = 0.0  # the probe processes' CPU seconds, then this thread's
    for seqs, workers_by_threads in plan.items():
        measured, seconds = _measure(path, seqs, workers_by_threads, kind, phase_s)
        figures += measured
        used = None if used is None or seconds is None else used + seconds
    if used is not None:
        used += time.thread_time() - own
    ended = time.perf_counter()
    return Probe(host=host_key(), model=model_key(path), kind=kind,
                 seconds=round(ended - started, 2), figures=figures,
                 taken_at=datetime.now(UTC), other_load=other.share(ended, used))


def probe_file(path: Path, sequences: int, folder: Path,
               kind: ProbeKind = ProbeKind.GENERATION) -> Path:
    """Where the probe of this host, model file, sequence count and kind is cached (a
    loglikelihood probe measures one sequence: its count is always 1)."""
    if kind is ProbeKind.LOGLIKELIHOOD:
        sequences = 1
    key = hashlib.sha256(f"{host_key()}|{model_key(path)}|{sequences}|{kind}".encode()
                         ).hexdigest()
    return folder / f"probe-{key[:24]}.json"


def _cached(file: Path) -> Probe | None:
    try:
        return Probe.model_validate_json(file.read_text())
    except (OSError, ValueError):
        return None


def _usable(file: Path) -> Probe | None:
    """The cached probe, unless it saw the host busy with other work and is old enough to
    be measured again."""
    probe = _cached(file)
    if probe is None or not probe.disturbed or probe.taken_at is None:
        return probe
    age = (datetime.now(UTC) - probe.taken_at).total_seconds()
    return probe if age < RETRY_DISTURBED_S else None


def usable_probe(path: Path, folder: Path, kind: ProbeKind) -> Probe | None:
    """The cached probe of this host and model file, if any, without measuring one (a
    loglikelihood run measures its own: app.inference.topology.trial)."""
    return _usable(probe_file(path, 1, folder, kind))


def keep(probe: Probe, path: Path, folder: Path) -> None:
    """Cache a probe measured elsewhere (a loglikelihood run's trial) for later runs."""
    folder.mkdir(parents=True, exist_ok=True)
    _store(probe, probe_file(path, 1, folder, probe.kind))


def cached_probe(path: Path, sequences: int, folder: Path, again: bool = False,
                 kind: ProbeKind = ProbeKind.GENERATION, phase_s: float = PHASE_S
                 ) -> tuple[Probe, bool]:
    """The probe of this host and model file: (probe, whether it came from the cache).
    Probes on one host take turns (a lock file in `folder`): two at once, say the Ray actors
    of one node, would each measure the host while the other loads it, and both would be
    wrong. The one that waited finds the other's figures in the cache. A probe that saw the
    host busy with other work is measured again once RETRY_DISTURBED_S old. again: measure anew
    and replace the cached figures (at once, not only once a disturbed probe is old),
    the loglikelihood probe's included (a generation probe holds its figures). kind: what
    the run needs measured (a loglikelihood run, prompt evaluation alone). phase_s: each
    timed phase."""
    file = probe_file(path, sequences, folder, kind)
    if not again and (probe := _usable(file)) is not None:
        return probe, True
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "probe.lock", "a+b") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not again and (probe := _usable(file)) is not None:
            return probe, True
        probe = run_probe(path, sequences, kind, phase_s)
        _store(probe, file)
        if again and kind is ProbeKind.GENERATION:  # its one-sequence prefills are those
            _store(probe.model_copy(update={"kind": ProbeKind.LOGLIKELIHOOD, "figures": [
                f.model_copy(update={"decode_tok_s": None}) for f in probe.figures
                if f.sequences == 1]}), probe_file(path, 1, folder, ProbeKind.LOGLIKELIHOOD))
    return probe, False


def _store(probe: Probe, file: Path) -> None:
    partial = file.with_suffix(f".{os.getpid()}.part")
    partial.write_text(probe.model_dump_json(indent=1))
    partial.replace(file)
