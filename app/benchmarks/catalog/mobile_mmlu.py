"""Mobile-MMLU (MBZUAI): four-option questions about everyday, on-the-phone life, 80 fields."""

from app.benchmarks.hub_source import HubFiles, HubSource
from app.benchmarks.prompts import (
    MCQ_LOGLIKELIHOOD,
    MCQ_OPTION_LINE,
    MOBILE_MMLU_GENERATIVE,
    template_text,
)
from app.benchmarks.spec import BenchmarkSpec, PromptStyle, benchmark

SPEC = benchmark(
    BenchmarkSpec(
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
        prompt_template=template_text(MOBILE_MMLU_GENERATIVE, MCQ_LOGLIKELIHOOD,
                                      MCQ_OPTION_LINE),
        subject_label="field",
        answer_key_required=False,
        layouts=("mobile-mmlu-csv", "jsonl", "csv", "parquet"),
        chat_style=PromptStyle.MOBILE_MMLU,
        default_layouts={"csv": "mobile-mmlu-csv"},
        hub=HubSource(
            "MBZUAI-LLM/Mobile-MMLU", licence="CC BY-NC-ND 4.0",
            files=(HubFiles("test/*.csv", "mobile-mmlu-csv"),),
            note="the public test files carry no answer key: predictions are for the "
                 "authors' leaderboard; non-commercial, no derivatives"),
    )
)
