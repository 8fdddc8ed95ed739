"""GPQA Diamond (Rein et al. 2023): 198 graduate-level science questions, 4 options."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from app.benchmarks.base import Composed, Roles
from app.benchmarks.catalog.gpqa.layouts import LAYOUTS
from app.benchmarks.catalog.gpqa.scoring import PERMUTATION_RULE, judge_gpqa, shuffled_options
from app.benchmarks.data_files import KnownFiles, Source
from app.benchmarks.hub_source import HubFiles, HubSource
from app.benchmarks.prompt_builders import chat_turn, generative_mcq
from app.benchmarks.prompt_types import BuiltPrompt, PromptItem, ShownOptions, Style
from app.benchmarks.protocol import About
from app.benchmarks.roles import Check
from app.benchmarks.scorers import ChoiceScorer
from app.benchmarks.solvers import ChoiceSolver
from app.benchmarks.spec import BenchmarkSpec, PublishedItems
from app.benchmarks.summaries import ChoiceMetrics
from app.methodology import DEFAULT
from app.scoring import KeyedItem, Prediction, Verdict, choice_payload

SPEC = BenchmarkSpec(
    name="gpqa-diamond",
    version="idavidrein-2023-diamond",
    kind="mcq",
    description=(
        "GPQA Diamond: 198 'Google-proof' biology, chemistry and physics questions. Import "
        "the official CSV or its password-protected zip as published."
    ),
    scoring=(
        "The four options are shuffled by a seeded permutation of (item, repeat), recorded "
        "on each sample; the letter the run's methodology reads from the response is "
        "compared with the correct option's shuffled letter. pass@1 over repeats; macro "
        "over the high-level domains."
    ),
    prompt_template=DEFAULT.mcq.template.text,
    subject_label="domain",
    layouts=("gpqa-zip", "gpqa-csv", "jsonl"),
    default_layouts={"zip": "gpqa-zip", "csv": "gpqa-csv"},
    hub=HubSource(
        "Idavidrein/gpqa", licence="CC BY 4.0", gated=True,
        files=(HubFiles("gpqa_diamond.csv", "gpqa-csv"),),
        note="the authors ask that the questions are not shown in plain text online"),
    published=PublishedItems(sizes={"test": 198}),
    prompt_varies_by_repeat=True,
)


@dataclass(frozen=True)
class ShuffledSolver(ChoiceSolver):
    """Options shown in a seeded order per (item, repeat); no loglikelihood form."""

    @property
    def styles(self) -> Sequence[Style]:
        return ("chat",)

    def chat_prompt(self, item: PromptItem, repeat: int) -> BuiltPrompt:
        read = choice_payload(item.payload)
        shown, correct, order = shuffled_options(list(read.choices), item.external_id, repeat)
        built = chat_turn(generative_mcq(self.at.methodology.mcq, read.question, shown))
        built.detail.update({"permutation": order, "correct_letter": correct})
        built.options = ShownOptions(shown, [correct])
        return built


@dataclass(frozen=True)
class ShuffledScorer(ChoiceScorer):
    """The letter read is compared with the correct option's shuffled letter."""

    check: ClassVar[Check] = Check.SHUFFLED_CHOICE

    def judge(self, item: KeyedItem, prediction: Prediction) -> Verdict:
        return judge_gpqa(item, prediction, self.at.methodology.reader)


BENCHMARK = Composed(
    SPEC, Roles(ShuffledSolver, ShuffledScorer, ChoiceMetrics()),
    about=About(definitions={"gpqa.permutation": PERMUTATION_RULE}),
    source=Source(LAYOUTS, known_files=KnownFiles(("gpqa_diamond/gpqa_diamond.zip",))))
