"""The one protocol every benchmark implements: what planning, the executor, results, the
index and the audits may ask of a benchmark. A benchmark is composed of small roles
(app.benchmarks.roles): where its items come from, a solver, a scorer and its metrics.
Each catalog folder provides one (app/benchmarks/catalog/<name>/); custom benchmarks get
their kind's (app.benchmarks.base.family). Nothing outside the catalog knows a benchmark by
its name."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from app.benchmarks.answer_fields import AnswerFields
from app.benchmarks.data_files import Source
from app.benchmarks.roles import Metrics, Scorer, Solver
from app.benchmarks.spec import BenchmarkSpec
from app.inference import ChatRunner
from app.methodology import Methodology
from app.scoring import KnownAnswer

# The grader port: a model that grades answers, injected by whoever runs the benchmark.
Grader = ChatRunner


class GraderUse(StrEnum):
    """What a configured grader model does for a benchmark's endpoint and GGUF runs."""

    NONE = "none"
    GRADES = "grades"  # every answer is graded by the grader
    SECOND_OPINION = "second-opinion"  # asked only when the symbolic check says wrong


@dataclass(frozen=True)
class About:
    """What records and planning read about a benchmark beside its roles."""

    # the metrics' definitions it adds to every run's
    definitions: Mapping[str, str] = field(default_factory=dict)
    # distributions its scoring depends on (versions go into reproducibility records)
    packages: Sequence[str] = ()
    # the prediction fields it reads beyond the shared ones (the posted request body takes
    # every registered benchmark's)
    answer_fields: type[AnswerFields] | None = None
    grader: GraderUse = GraderUse.NONE
    # the grader's template under a methodology (hashed into runs' judge plans)
    grader_prompt: Callable[[Methodology], str] | None = None
    # answers whose verdicts are known: doctor and start-up judge them to tell a scorer that
    # its environment broke (data files, libraries) from a weak model
    known_answers: Callable[[], Sequence[KnownAnswer]] | None = None


class Benchmark(Protocol):
    """A benchmark: its data (`spec`) and the roles that ask, score and summarize it."""

    @property
    def spec(self) -> BenchmarkSpec: ...
    @property
    def key(self) -> str:
        """The registered behaviour: derived versions and custom sets share a key."""
        ...
    @property
    def source(self) -> Source:
        """Where its items come from: import layouts, files found at start-up."""
        ...
    @property
    def methodology(self) -> Methodology:
        """The prompts, answer reading and grading its roles follow."""
        ...
    @property
    def about(self) -> About: ...
    @property
    def solver(self) -> Solver: ...
    @property
    def scorer(self) -> Scorer: ...
    @property
    def metrics(self) -> Metrics: ...

    def variant(self, *, spec: BenchmarkSpec | None = None,
                methodology: Methodology | None = None) -> Benchmark:
        """The same behaviour for another version (a derived set) or asked, read and graded
        by another methodology."""
        ...
