"""MATH-500 (Lightman et al. 2023): the 500-problem PRM800K test split of MATH."""

from app.benchmarks.hub_source import HubFiles, HubSource
from app.benchmarks.prompts import MATH_BOXED
from app.benchmarks.spec import BenchmarkSpec, JudgeUse, benchmark

SPEC = benchmark(
    BenchmarkSpec(
        name="math-500",
        version="prm800k-2023",
        kind="freeform",
        scorer="math",
        judge=JudgeUse.SECOND_OPINION,
        index_component="math_500",
        mobile_device_set_rank=5,
        description=(
            "MATH-500: 500 competition problems in seven subjects and five levels, from the "
            "PRM800K split (problem, solution, answer, subject, level, unique_id)."
        ),
        scoring=(
            "The last \\boxed{} of the response is checked against the reference with "
            "math-verify (symbolic equivalence, gold first); the path that decided each item "
            "is recorded. Accuracy micro and macro over subjects; pass@1 over repeats."
        ),
        prompt_template=MATH_BOXED,
        layouts=("math500-jsonl", "jsonl"),
        default_layouts={"jsonl": "math500-jsonl"},
        hub=HubSource(
            "HuggingFaceH4/MATH-500", licence="MIT",
            files=(HubFiles("test.jsonl", "math500-jsonl"),)),
    )
)
