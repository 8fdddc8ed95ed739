"""MMLU-Pro (TIGER-Lab): 12,032 test questions with 3 to 10 options, 14 categories."""

from app.benchmarks.base import MULTIPLE_CHOICE, Composed
from app.benchmarks.catalog.mmlu_pro.layouts import LAYOUTS
from app.benchmarks.data_files import KnownFiles, Source
from app.benchmarks.hub_source import HubFiles, HubSource
from app.benchmarks.prompts import (
    MCQ_LOGLIKELIHOOD,
    MCQ_OPTION_LINE,
    MCQ_SHOT,
    template_text,
)
from app.benchmarks.spec import BenchmarkSpec, PublishedItems
from app.methodology import DEFAULT

SPEC = BenchmarkSpec(
    name="mmlu-pro",
    version="tiger-lab-2024",
    kind="mcq",
    description=(
        "MMLU-Pro: harder, reasoning-focused multiple choice with up to ten options (A-J) "
        "across 14 categories."
    ),
    scoring=(
        "0/1 per item. Accuracy is micro over items and macro over categories; the random "
        "baseline is the mean of 1/K over items since K varies from 3 to 10."
    ),
    prompt_template=template_text(MCQ_LOGLIKELIHOOD, MCQ_SHOT, MCQ_OPTION_LINE,
                                  DEFAULT.mcq.template.text),
    subject_label="category",
    layouts=("mmlu-pro-parquet", "jsonl", "csv", "parquet"),
    fewshot_split="validation",
    fewshot_count=5,
    default_layouts={"parquet": "mmlu-pro-parquet"},
    hub=HubSource(
        "TIGER-Lab/MMLU-Pro", licence="MIT",
        revision="b189ec765aa7ed75c8acfea42df31fdae71f97be",
        files=(HubFiles("data/test-*.parquet", "mmlu-pro-parquet"),
               HubFiles("data/validation-*.parquet", "mmlu-pro-parquet"))),
    published=PublishedItems(sizes={"test": 12_032, "validation": 70}),
)

BENCHMARK = Composed(
    SPEC, MULTIPLE_CHOICE, source=Source(LAYOUTS, known_files=KnownFiles(
        ("mmlu_pro/test-*.parquet", "mmlu_pro/validation-*.parquet"))))
