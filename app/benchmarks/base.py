"""A benchmark composed of its roles: the one class every catalog entry and custom set is.
A catalog folder names its roles (Roles) and its data; the roles are made for its spec,
key and methodology on demand, so another version or methodology is a `variant`. Pure: no
database or HTTP."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, replace

from app.benchmarks.data_files import Source
from app.benchmarks.protocol import About, Benchmark
from app.benchmarks.roles import Bound, Metrics, Scorer, Solver
from app.benchmarks.scorers import ChoiceScorer, TextScorer
from app.benchmarks.solvers import ChatSolver, ChoiceSolver, TemplateSolver
from app.benchmarks.spec import BenchmarkSpec
from app.benchmarks.summaries import AccuracyMetrics, ChoiceMetrics
from app.methodology import DEFAULT, Methodology


@dataclass(frozen=True)
class Roles:
    """How a benchmark asks, scores and summarizes: a solver and a scorer made for a
    spec under a methodology, and its metrics."""

    solver: Callable[[Bound], Solver] = ChatSolver
    scorer: Callable[[Bound], Scorer] = TextScorer
    metrics: Metrics = AccuracyMetrics()


MULTIPLE_CHOICE = Roles(ChoiceSolver, ChoiceScorer, ChoiceMetrics())


@dataclass(frozen=True)
class Composed:
    """A benchmark: its data, where its items come from, its roles and what is said of it."""

    spec: BenchmarkSpec
    roles: Roles = Roles()
    key: str = ""  # the registered behaviour; default: the spec's name
    source: Source = Source()  # import layouts, files found at start-up
    about: About = About()
    # the prompts, answer reading and grading a run pins (app.methodology)
    methodology: Methodology = DEFAULT

    def __post_init__(self) -> None:
        if not self.key:
            object.__setattr__(self, "key", self.spec.name)

    @property
    def _bound(self) -> Bound:
        return Bound(self.spec, self.key, self.methodology)

    @property
    def solver(self) -> Solver:
        return self.roles.solver(self._bound)

    @property
    def scorer(self) -> Scorer:
        return self.roles.scorer(self._bound)

    @property
    def metrics(self) -> Metrics:
        return self.roles.metrics

    def variant(self, *, spec: BenchmarkSpec | None = None,
                methodology: Methodology | None = None) -> Benchmark:
        """Another version keeps the behaviour; under its own name it is in no suite and
        gives no index component (app.benchmarks.suites)."""
        return replace(self, spec=spec or self.spec,
                       methodology=methodology or self.methodology)


def prompt_sha256(benchmark: Benchmark) -> str:
    """What a run records of how its items were asked: the benchmark's own templates (its
    spec) and the texts of the methodology it asks them under."""
    both = f"{benchmark.spec.prompt_template_sha256}:{benchmark.methodology.sha256}"
    return hashlib.sha256(both.encode()).hexdigest()


def loglikelihood_capable(benchmark: Benchmark) -> bool:
    return "loglikelihood" in benchmark.solver.styles


def family(spec: BenchmarkSpec, templated: bool) -> Benchmark:
    """A custom benchmark: its kind's behaviour, asked with the user's own template where
    one was given."""
    roles = MULTIPLE_CHOICE if spec.kind == "mcq" else Roles()
    if templated:
        roles = replace(roles, solver=TemplateSolver)
    return Composed(spec, roles, key=f"custom-{spec.kind}")
