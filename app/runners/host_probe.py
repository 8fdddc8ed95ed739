"""The host probe: how fast this host runs this model file in each candidate topology
(app.runners.topology), measured once per host and model file and cached.

For each threads × sequences pair, two probe processes (app.runners.probe_process) load the
model; both prefill at once, then one alone; both decode at once, then one alone. Figures
are summed over the processes that ran together, and each is the best of two rounds. With a
small model the whole probe takes seconds; a larger one, a minute at most.
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

from app.run_records.topology import Probe, ProbeFigure
from app.runners.host_load import OtherLoad, process_seconds, usable_cpus
from app.runners.topology import candidates

ROUNDS = 2
# a probe that saw the host this busy with other work is measured again by a run that finds
# it older than this: often enough to leave a busy moment behind, seldom enough that a host
# busy all the time is not probed before every run
RETRY_DISTURBED_S = 600.0


def usable_cores() -> int:
    return len(usable_cpus())


def host_key() -> str:
    """What the figures depend on besides the model: the CPUs this process may use and the
    llama.cpp build (its version and the CPU arguments it was built with)."""
    from app.native.cmake_args import build_key
    from app.runners.llama_server_build import host_args, llama_cpp_version

    cpu = ""
    try:
        cpu = next((line for line in Path("/proc/cpuinfo").read_text().splitlines()
                    if line.startswith("model name")), "")
    except OSError:
        pass
    return f"{cpu.split(':')[-1].strip()}|{usable_cores()} cores|" + build_key(
        llama_cpp_version(), host_args())


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
        [sys.executable, "-m", "app.runners.probe_process", str(path), str(threads),
         str(sequences)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True))


def _rate(figures: list[dict[str, float]]) -> float:
    return sum(f["tokens"] / f["seconds"] for f in figures)


def _measure(path: Path, threads: int, sequences: int,
             workers: list[int]) -> tuple[list[ProbeFigure], float | None]:
    """Each figure is the best of ROUNDS: a shared host's neighbours only ever slow a phase
    down, and one slowed phase would otherwise decide the run's topology. Also the CPU
    seconds the probe processes used (None where the host does not say)."""
    processes = [_spawn(path, threads, sequences) for _ in range(max(workers))]
    used: float | None = None
    try:
        for p in processes:
            p.ready()
        rates: dict[tuple[int, str], float] = {}
        for _round in range(ROUNDS):
            for phase in ("prefill", "decode"):
                for n in sorted(workers, reverse=True):
                    for p in processes[:n]:
                        p.ask(phase)
                    rate = _rate([p.answer() for p in processes[:n]])
                    rates[n, phase] = max(rate, rates.get((n, phase), 0.0))
        each = [process_seconds(p.proc.pid) for p in processes]
        used = None if None in each else sum(s for s in each if s is not None)
    finally:
        for p in processes:
            p.close()
    return [ProbeFigure(workers=n, threads=threads, sequences=sequences,
                        prefill_tok_s=round(rates[n, "prefill"], 1),
                        decode_tok_s=round(rates[n, "decode"], 1)) for n in workers], used


def run_probe(path: Path, sequences: int) -> Probe:
    started, own = time.perf_counter(), time.thread_time()
    other = OtherLoad.start(started)
    cores = usable_cores()
    pairs: dict[tuple[int, int], list[int]] = {}
    for c in candidates(cores, sequences):
        pairs.setdefault((c.threads, c.sequences), []).append(c.workers)
    figures: list[ProbeFigure] = []
    used: float | None = 0.0  # the probe processes' CPU seconds, then this thread's
    for (threads, seqs), workers in pairs.items():
        measured, seconds = _measure(path, threads, seqs, workers)
        figures += measured
        used = None if used is None or seconds is None else used + seconds
    if used is not None:
        used += time.thread_time() - own
    ended = time.perf_counter()
    return Probe(host=host_key(), model=model_key(path), seconds=round(ended - started, 2),
                 figures=figures, taken_at=datetime.now(UTC),
                 other_load=other.share(ended, used))


def probe_file(path: Path, sequences: int, folder: Path) -> Path:
    """Where the probe of this host, model file and sequence count is cached."""
    key = hashlib.sha256(f"{host_key()}|{model_key(path)}|{sequences}".encode()).hexdigest()
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


def cached_probe(path: Path, sequences: int, folder: Path,
                 again: bool = False) -> tuple[Probe, bool]:
    """The probe of this host and model file: (probe, whether it came from the cache).
    Probes on one host take turns (a lock file in `folder`): two at once, say the Ray actors
    of one node, would each measure the host while the other loads it, and both would be
    wrong. The one that waited finds the other's figures in the cache. A probe that saw the
    host busy with other work is measured again once RETRY_DISTURBED_S old. again: measure anew
    and replace the cached figures (at once, not only once a disturbed probe is old),
    the one-sequence ones loglikelihood runs read included."""
    file = probe_file(path, sequences, folder)
    if not again and (probe := _usable(file)) is not None:
        return probe, True
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "probe.lock", "a+b") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not again and (probe := _usable(file)) is not None:
            return probe, True
        probe = run_probe(path, sequences)
        _store(probe, file)
        if again and sequences != 1:  # loglikelihood runs read the one-sequence figures
            _store(probe.model_copy(update={"figures": [
                f for f in probe.figures if f.sequences == 1]}), probe_file(path, 1, folder))
    return probe, False


def _store(probe: Probe, file: Path) -> None:
    partial = file.with_suffix(f".{os.getpid()}.part")
    partial.write_text(probe.model_dump_json(indent=1))
    partial.replace(file)
