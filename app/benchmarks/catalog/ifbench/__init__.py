"""IFBench (AllenAI, 2025): precise instruction following on new, unseen constraints.

Two versions are kept apart because published numbers differ by version: the original
294-prompt release (2025-07-02) and the 300-row revision of 2026-04-11."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from app.benchmarks.base import Composed, Roles
from app.benchmarks.catalog.ifbench.known import known_answers
from app.benchmarks.catalog.ifbench.layouts import LAYOUTS
from app.benchmarks.catalog.ifbench.nltk_data import NLTK_DATA
from app.benchmarks.catalog.ifbench.scoring import DEFINITIONS, ifbench_summary, judge_ifbench
from app.benchmarks.data_files import KnownFiles, PackagedFiles, Source
from app.benchmarks.hub_source import HubFiles, HubSource
from app.benchmarks.protocol import About
from app.benchmarks.roles import Check, Summary
from app.benchmarks.scorers import TextScorer
from app.benchmarks.solvers import ChatSolver
from app.benchmarks.spec import BenchmarkSpec, PublishedItems
from app.benchmarks.summaries import AccuracyMetrics
from app.scoring import KeyedItem, Prediction, Scope, Verdict

PROMPT = "{question}"  # the prompt is sent as the only user message, as IFBench does

DESCRIPTION = (
    "IFBench single-turn test: prompts carrying 1-2 verifiable output constraints from 58 "
    "instruction types (counting, formatting, ratios, sentence and word rules...). {which}"
)
SCORING = (
    "Each instruction is checked by the official IFBench checker classes. Headline: prompt-"
    "level loose accuracy (all instructions pass the loose check); also prompt-level strict "
    "and instruction-level loose / strict."
)

SPEC = BenchmarkSpec(
    name="ifbench",
    version="allenai-2025-07-02-294",
    kind="instructions",
    description=DESCRIPTION.format(which="The original 294-prompt release."),
    scoring=SCORING,
    prompt_template=PROMPT,
    subject_label="set",
    layouts=("ifbench-jsonl",),
    default_layouts={"jsonl": "ifbench-jsonl"},
    published=PublishedItems(sizes={"test": 294}),
)

REVISION = BenchmarkSpec(
    name="ifbench-300",
    version="allenai-2026-04-11-300",
    kind="instructions",
    description=DESCRIPTION.format(which="The 300-row revision of the test file (six "
                                   "prompts added, four fixed), as the Hub's "
                                   "allenai/IFBench_test holds it too."),
    scoring=SCORING,
    prompt_template=PROMPT,
    subject_label="set",
    layouts=("ifbench-jsonl", "ifbench-parquet"),
    default_layouts={"jsonl": "ifbench-jsonl", "parquet": "ifbench-parquet"},
    # the Hub repository publishes the 300 rows as one Parquet file
    hub=HubSource(
        "allenai/IFBench_test", licence="ODC-BY-1.0",
        revision="2e8a48de45ff3bf41242f927254ca81b59ca3ae2",
        files=(HubFiles("data/train-*.parquet", "ifbench-parquet"),)),
    published=PublishedItems(sizes={"test": 300}),
)


@dataclass(frozen=True)
class InstructionScorer(TextScorer):
    """Each instruction checked by the official checker classes; they run regular
    expressions and NLTK over model text: bounded, in the worker."""

    check: ClassVar[Check] = Check.INSTRUCTIONS

    isolated: bool = True

    def judge(self, item: KeyedItem, prediction: Prediction) -> Verdict:
        return judge_ifbench(item, prediction)


@dataclass(frozen=True)
class InstructionMetrics(AccuracyMetrics):
    index_metric: str = "accuracy (prompt-level loose)"

    def summarize(self, items: Sequence[KeyedItem], verdicts: Sequence[Verdict],
                  scope: Scope) -> Summary | None:
        return ifbench_summary(items, verdicts, scope)


# the prompt is sent as is
ROLES = Roles(ChatSolver, InstructionScorer, InstructionMetrics())
ABOUT = About(definitions=DEFINITIONS, packages=("if-verifiable", "nltk"),
              known_answers=known_answers)


ORIGINAL_ROWS = 294


def _holds_original(path: Path) -> bool:
    """IFBench_test.jsonl holds the 294-prompt release or the 300-row revision depending on
    when it was fetched: its row count decides which version it feeds."""
    if path.name != "IFBench_test.jsonl":
        return True
    with path.open("rb") as fh:
        return sum(1 for line in fh if line.strip()) == ORIGINAL_ROWS


BENCHMARK = Composed(
    SPEC, ROLES, about=ABOUT,
    source=Source(LAYOUTS, known_files=KnownFiles(
        ("ifbench/IFBench_test_v2025-07-02_294.jsonl", "ifbench/IFBench_test.jsonl"),
        first_match_only=True, accepts=lambda path: _holds_original(path)),
        packaged_files=PackagedFiles("ifbench", ("data/IFBench_test.jsonl",)),
        preparation=NLTK_DATA))
# the revision gives the same component where the original is not run
REVISED = Composed(
    REVISION, ROLES, about=ABOUT,
    source=Source(LAYOUTS, known_files=KnownFiles(
        ("ifbench/IFBench_test.jsonl",), accepts=lambda path: not _holds_original(path)),
        preparation=NLTK_DATA))
