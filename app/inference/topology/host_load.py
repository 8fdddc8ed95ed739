"""How busy the host's CPUs were with other work while something was measured: a probe taken
while a test suite or a build ran beside it would measure that moment, not the host, and
decide every later run's topology. Linux only (/proc); elsewhere the figure is unknown."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def usable_cpus() -> set[int]:
    try:
        return set(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return set(range(os.cpu_count() or 1))


def busy_seconds(cpus: set[int]) -> float | None:
    """CPU seconds the given CPUs have spent busy since boot (all but idle and I/O wait)."""
    try:
        lines = (PROC / "stat").read_text().splitlines()
    except OSError:
        return None
    busy = 0
    for line in lines:
        name, *ticks = line.split()
        if not name.startswith("cpu") or name == "cpu" or int(name[3:]) not in cpus:
            continue
        user, nice, system, _idle, _iowait, irq, softirq, steal = map(int, ticks[:8])
        busy += user + nice + system + irq + softirq + steal
    return busy / TICK


def _stat(pid: int | str) -> tuple[int, float] | None:
    """(parent pid, CPU seconds used: user and system, all threads) of a live process."""
    try:
        stat = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None  # not there, or ended meanwhile
    fields = stat[stat.rindex(")") + 2:].split()  # the name may hold spaces and brackets
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def process_seconds(pid: int) -> float | None:
    """CPU seconds a live process has used (user and system, all its threads)."""
    found = _stat(pid)
    return None if found is None else found[1]


@dataclass
class OtherLoad:
    """Started before a measurement; `share` after it: the part of the usable CPUs' time
    spent on anything but the measurement's own processes (0 idle host, 1 fully taken)."""

    cpus: set[int]
    start_busy: float | None
    start_wall: float

    @classmethod
    def start(cls, now: float) -> OtherLoad:
        cpus = usable_cpus()
        return cls(cpus, busy_seconds(cpus), now)

    def share(self, now: float, own_seconds: float | None) -> float | None:
        end_busy = busy_seconds(self.cpus)
        if self.start_busy is None or end_busy is None or own_seconds is None:
            return None
        capacity = (now - self.start_wall) * len(self.cpus)
        if capacity <= 0:
            return None
        other = end_busy - self.start_busy - own_seconds
        return round(min(1.0, max(0.0, other / capacity)), 3)


def tree_seconds(root: int) -> dict[int, float]:
    """CPU seconds of a live process and of each of its live descendants, by pid."""
    parents: dict[int, int] = {}
    seconds: dict[int, float] = {}
    for entry in PROC.iterdir() if PROC.is_dir() else ():
        if entry.name.isdigit() and (found := _stat(entry.name)) is not None:
            parents[int(entry.name)], seconds[int(entry.name)] = found
    tree, frontier = {root}, [root]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, ppid in parents.items() if ppid == parent and pid not in tree]
        tree.update(children)
        frontier.extend(children)
    return {pid: seconds[pid] for pid in tree if pid in seconds}


@dataclass
class RunLoad:
    """Other work's share of the CPUs while a run went on: this process and its children
    (the model's workers, a llama-server) are the run's own. A child that ended meanwhile
    takes its seconds with it, so the share errs high, never hiding a busy host."""

    other: OtherLoad
    own_before: dict[int, float]

    @classmethod
    def start(cls, now: float) -> RunLoad:
        return cls(OtherLoad.start(now), tree_seconds(os.getpid()))

    def share(self, now: float) -> float | None:
        own_after = tree_seconds(os.getpid())
        if not own_after:
            return self.other.share(now, None)
        own = sum(s - self.own_before.get(pid, 0.0) for pid, s in own_after.items())
        return self.other.share(now, own)
