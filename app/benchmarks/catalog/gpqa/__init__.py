"""GPQA Diamond (Rein et al. 2023): 198 graduate-level science questions, 4 options."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.benchmarks.base import MultipleChoice
from app.benchmarks.catalog.gpqa.layouts import LAYOUTS
from app.benchmarks.catalog.gpqa.scoring import PERMUTATION_RULE, judge_gpqa, shuffled_options
from app.benchmarks.data_files import KnownFiles, Source
from app.benchmarks.hub_source import HubFiles, HubSource
from app.benchmarks.prompt_builders import chat_turn, generative_mcq
from app.benchmarks.prompt_types import BuiltPrompt, PromptItem, PromptUnavailable
from app.benchmarks.protocol import ShownOptions
from app.benchmarks.registry import register
from app.benchmarks.spec import BenchmarkSpec
from app.methodology import DEFAULT
from app.scoring.predictions import Prediction
from app.scoring.verdicts import KeyedItem, Verdict

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
)


@dataclass(frozen=True)
class ShuffledMultipleChoice(MultipleChoice):
    """Options shown in a seeded order per (item, repeat); no loglikelihood form."""

    @property
    def loglikelihood_capable(self) -> bool:
        return False

    def loglikelihood_prompt(self, item: PromptItem, shots: Sequence[PromptItem]
                             ) -> BuiltPrompt:
        raise PromptUnavailable(f"{self.spec.name} has no loglikelihood form; use chat")

    def chat_prompt(self, item: PromptItem, repeat: int) -> BuiltPrompt:
        shown, correct, order = shuffled_options(list(item.payload["choices"]),
                                                 item.external_id, repeat)
        built = chat_turn(generative_mcq(self.methodology.mcq, item.payload["question"], shown))
        built.detail.update({"permutation": order, "correct_letter": correct})
        return built

    def shown_options(self, item: PromptItem, repeat: int) -> ShownOptions | None:
        choices = list(item.payload.get("choices") or [])
        if not choices:
            return None
        shown, correct, _order = shuffled_options(choices, item.external_id, repeat)
        return ShownOptions(shown, [correct])

    def judge(self, item: KeyedItem, prediction: Prediction) -> Verdict:
        return judge_gpqa(item, prediction, self.methodology.reader)


BENCHMARK = register(ShuffledMultipleChoice(
    SPEC, definitions={"gpqa.permutation": PERMUTATION_RULE},
    source=Source(LAYOUTS, known_files=KnownFiles(("gpqa_diamond/gpqa_diamond.zip",)))))
