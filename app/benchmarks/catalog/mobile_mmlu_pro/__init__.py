"""Mobile-MMLU-Pro (MBZUAI): the harder Mobile-MMLU subset, same CSV layout."""

from app.benchmarks.base import Composed
from app.benchmarks.catalog.mobile_mmlu import GENERATIVE, MOBILE_MULTIPLE_CHOICE
from app.benchmarks.catalog.mobile_mmlu.layouts import LAYOUTS
from app.benchmarks.data_files import Source
from app.benchmarks.hub_source import HubFiles, HubSource
from app.benchmarks.prompts import MCQ_LOGLIKELIHOOD, MCQ_OPTION_LINE, template_text
from app.benchmarks.spec import BenchmarkSpec

SPEC = BenchmarkSpec(
    name="mobile-mmlu-pro",
    version="mbzuai-2025",
    kind="mcq",
    description=(
        "Mobile-MMLU-Pro: 9,497 harder mobile-life multiple-choice questions "
        "(question_id,Question,A,B,C,D,Field). Published without an answer key."
    ),
    scoring=(
        "0/1 per item against an imported key; micro and per-field macro accuracy. "
        "Without a key, predictions are exported as question_id,predicted_answer."
    ),
    prompt_template=template_text(GENERATIVE, MCQ_LOGLIKELIHOOD,
                                  MCQ_OPTION_LINE),
    subject_label="field",
    answer_key_required=False,
    layouts=("mobile-mmlu-csv", "jsonl", "csv", "parquet"),
    default_layouts={"csv": "mobile-mmlu-csv"},
    hub=HubSource(
        "MBZUAI-LLM/Mobile-MMLU-Pro", licence="CC BY-ND 4.0",
        files=(HubFiles("*.csv", "mobile-mmlu-csv"),),
        note="the public file carries no answer key; no derivatives"),
)

BENCHMARK = Composed(SPEC, MOBILE_MULTIPLE_CHOICE, source=Source(LAYOUTS))
