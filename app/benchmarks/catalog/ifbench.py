"""IFBench (AllenAI, 2025): precise instruction following on new, unseen constraints.

Two versions are kept apart because published numbers differ by version: the original
294-prompt release (2025-07-02) and the 300-row revision of 2026-04-11."""

from app.benchmarks.hub_source import HubFiles, HubSource
from app.benchmarks.spec import BenchmarkSpec, benchmark

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

SPEC = benchmark(
    BenchmarkSpec(
        name="ifbench",
        version="allenai-2025-07-02-294",
        kind="instructions",
        scorer="ifbench",
        index_component="ifbench",
        mobile_device_set_rank=2,
        description=DESCRIPTION.format(which="The original 294-prompt release."),
        scoring=SCORING,
        prompt_template=PROMPT,
        subject_label="set",
        layouts=("ifbench-jsonl",),
        default_layouts={"jsonl": "ifbench-jsonl"},
    )
)

REVISION = benchmark(
    BenchmarkSpec(
        name="ifbench-300",
        version="allenai-2026-04-11-300",
        kind="instructions",
        scorer="ifbench",
        index_component="ifbench",
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
    )
)
