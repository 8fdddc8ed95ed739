"""A loglikelihood run that finds no probe of its host and model file measures the candidate
topologies on its own first items instead of a separate probe. A probe loads the model in
processes of its own (seconds) before the run loads it again; the run's workers are loaded
anyway, and every item they score while measuring is an item of the run. What the trial
costs is only what switching candidates leaves idle: a worker finishing its last item while
the next candidate does not use it.

The pool (app.inference.llama_cpp.serving_pool) starts as many workers as the candidates
use at most. Each candidate in turn takes work on its first W workers with T threads each;
the prompt tokens each worker evaluated over the seconds it spent on them, summed over the
workers, is the candidate's figure, as the probe's figures are. A worker's first answer is
not counted (its first evaluation touches the weights). A candidate's items are those sent
once it holds: the workers it leaves out have finished, and its own have their threads.
The figures become the probe of the host and model, cached for later runs."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import UTC, datetime

from app.inference.topology.choice import Topology, choose
from app.inference.topology.host_load import RunLoad
from app.records import Probe, ProbeFigure, ProbeKind

# each worker of a candidate is measured until it spent this long on counted items, and at
# least MIN_ITEMS of them: a prompt rate settles within a few items (each is many tokens)
MEASURE_S, MIN_ITEMS = 0.5, 2


@dataclass
class _Tally:
    tokens: int = 0
    seconds: float = 0.0
    items: int = 0


@dataclass
class TopologyTrial:
    """Which candidate takes work now, and what each measured. `ready` is False between
    candidates, while the next one's conditions are being set (its items are not counted)."""

    candidates: list[Topology]
    host: str
    model: str
    measure_s: float = MEASURE_S
    min_items: int = MIN_ITEMS
    index: int = 0
    ready: bool = True
    chosen: Topology | None = None
    tallies: list[list[_Tally]] = field(default_factory=list)
    answered: set[int] = field(default_factory=set)  # workers past their first answer
    started: float = field(default_factory=time.perf_counter)
    load: RunLoad | None = None
    probe: Probe | None = None

    def __post_init__(self) -> None:
        # threads ascending, then workers descending: a thread count is set once, and the
        # first candidate uses every worker the pool started
        self.candidates = sorted(self.candidates, key=lambda c: (c.threads, -c.workers))
        self.tallies = [[_Tally() for _ in range(c.workers)] for c in self.candidates]
        self.load = RunLoad.start(self.started)

    @property
    def workers(self) -> int:
        """The most workers any candidate uses: what the pool starts."""
        return max(c.workers for c in self.candidates)

    @property
    def now(self) -> Topology:
        """The topology taking work now: the candidate measured, or the one chosen."""
        return self.chosen or self.candidates[self.index]

    def tag(self) -> int | None:
        """Sent now, an item counts for this candidate (its index), or for none."""
        return self.index if self.ready and self.chosen is None else None

    def count(self, tag: int | None, worker: int, tokens: int, seconds: float) -> None:
        first = worker not in self.answered
        self.answered.add(worker)
        if tag is None or tag != self.index or first or worker >= len(self.tallies[tag]):
            return
        tally = self.tallies[tag][worker]
        tally.tokens, tally.seconds, tally.items = (
            tally.tokens + tokens, tally.seconds + seconds, tally.items + 1)

    def measured(self) -> bool:
        """Whether the candidate measured now has what it needs."""
        return self.chosen is None and all(
            t.items >= self.min_items and t.seconds >= self.measure_s
            for t in self.tallies[self.index])

    def advance(self) -> None:
        """On to the next candidate (not ready until the pool has set it up), or, after
        the last, to the fastest: the probe is made then."""
        self.ready = False
        if self.index + 1 < len(self.candidates):
            self.index += 1
            return
        ended = time.perf_counter()
        figures = [ProbeFigure(workers=c.workers, threads=c.threads, sequences=1,
                               prefill_tok_s=round(sum(t.tokens / t.seconds for t in tallies), 1))
                   for c, tallies in zip(self.candidates, self.tallies, strict=True)]
        assert self.load is not None
        self.probe = Probe(host=self.host, model=self.model, kind=ProbeKind.LOGLIKELIHOOD,
                           seconds=round(ended - self.started, 2), figures=figures,
                           taken_at=datetime.now(UTC), other_load=self.load.share(ended))
        self.chosen = choose(self.probe, by_likelihood=True)
