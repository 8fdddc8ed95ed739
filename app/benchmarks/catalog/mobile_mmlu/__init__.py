"""Mobile-MMLU (MBZUAI): four-option questions about everyday, on-the-phone life, 80 fields."""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.benchmarks.base import MULTIPLE_CHOICE, Composed
from app.benchmarks.catalog.mobile_mmlu.layouts import LAYOUTS
from app.benchmarks.data_files import Source
from app.benchmarks.hub_source import HubFiles, HubSource
from app.benchmarks.prompt_builders import chat_turn, options_text
from app.benchmarks.prompt_types import BuiltPrompt, PromptItem
from app.benchmarks.prompts import MCQ_LOGLIKELIHOOD, MCQ_OPTION_LINE, template_text
from app.benchmarks.solvers import ChoiceSolver
from app.benchmarks.spec import BenchmarkSpec
from app.scoring import choice_payload

# The authors' zero-shot prompt (note the full-width colon at the end).
GENERATIVE = (
    "Answer the following multiple choice question and provide only letter of the correct "
    "answer.\n{question}\n{options}\nAnswer\uff1a\n"
)


@dataclass(frozen=True)
class MobileSolver(ChoiceSolver):
    """Multiple choice asked with the authors' own zero-shot chat prompt, unless the run's
    methodology asks every multiple-choice eval with its own prompt."""

    def chat_prompt(self, item: PromptItem, repeat: int) -> BuiltPrompt:
        if self.at.methodology.mcq.everywhere:
            return super().chat_prompt(item, repeat)
        read = choice_payload(item.payload)
        return chat_turn(GENERATIVE.format(
            question=read.question, options=options_text(read.choices, MCQ_OPTION_LINE)))


MOBILE_MULTIPLE_CHOICE = replace(MULTIPLE_CHOICE, solver=MobileSolver)


SPEC = BenchmarkSpec(
    name="mobile-mmlu",
    version="mbzuai-2025",
    kind="mcq",
    description=(
        "Mobile-MMLU: 16,186 zero-shot multiple-choice questions across 80 mobile-life "
        "fields. The public test files carry no answer key: import them without one and "
        "export a leaderboard submission, or import a key you hold."
    ),
    scoring=(
        "0/1 per item against the answer key where one was imported; accuracy is micro over "
        "keyed items and macro over fields. Without a key, predictions are stored and "
        "exported as question_id,predicted_answer."
    ),
    prompt_template=template_text(GENERATIVE, MCQ_LOGLIKELIHOOD,
                                  MCQ_OPTION_LINE),
    subject_label="field",
    answer_key_required=False,
    layouts=("mobile-mmlu-csv", "jsonl", "csv", "parquet"),
    default_layouts={"csv": "mobile-mmlu-csv"},
    hub=HubSource(
        "MBZUAI-LLM/Mobile-MMLU", licence="CC BY-NC-ND 4.0",
        files=(HubFiles("test/*.csv", "mobile-mmlu-csv"),),
        note="the public test files carry no answer key: predictions are for the "
             "authors' leaderboard; non-commercial, no derivatives"),
)

BENCHMARK = Composed(SPEC, MOBILE_MULTIPLE_CHOICE, source=Source(LAYOUTS))
