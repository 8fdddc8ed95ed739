"""GPQA Diamond (Rein et al. 2023): 198 graduate-level science questions, 4 options."""

from app.benchmarks.hub_source import HubFiles, HubSource
from app.benchmarks.prompts import MCQ_GENERATIVE, MCQ_GENERATIVE_OPTION_LINE, template_text
from app.benchmarks.spec import BenchmarkSpec, benchmark

SPEC = benchmark(
    BenchmarkSpec(
        name="gpqa-diamond",
        version="idavidrein-2023-diamond",
        kind="mcq",
        scorer="gpqa",
        index_component="gpqa_diamond",
        mobile_device_set_rank=4,
        description=(
            "GPQA Diamond: 198 'Google-proof' biology, chemistry and physics questions. Import "
            "the official CSV or its password-protected zip as published."
        ),
        scoring=(
            "The four options are shuffled by a seeded permutation of (item, repeat), recorded "
            "on each sample; the last 'Answer: X' of the response is compared with the correct "
            "option's shuffled letter. pass@1 over repeats; macro over the high-level domains."
        ),
        prompt_template=template_text(MCQ_GENERATIVE, MCQ_GENERATIVE_OPTION_LINE),
        subject_label="domain",
        layouts=("gpqa-zip", "gpqa-csv", "jsonl"),
        default_layouts={"zip": "gpqa-zip", "csv": "gpqa-csv"},
        hub=HubSource(
            "Idavidrein/gpqa", licence="CC BY 4.0", gated=True,
            files=(HubFiles("gpqa_diamond.csv", "gpqa-csv"),),
            note="the authors ask that the questions are not shown in plain text online"),
    )
)
