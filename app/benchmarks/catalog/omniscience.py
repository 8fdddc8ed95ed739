"""AA-Omniscience-Public (Artificial Analysis): 600 knowledge questions that reward abstaining."""

from app.benchmarks.hub_source import HubFiles, HubSource
from app.benchmarks.prompts import OMNISCIENCE_QUESTION
from app.benchmarks.spec import BenchmarkSpec, JudgeUse, benchmark

SPEC = benchmark(
    BenchmarkSpec(
        name="aa-omniscience",
        version="aa-2025-public",
        kind="freeform",
        scorer="omniscience",
        judge=JudgeUse.GRADES,
        max_repeats=1,
        index_component="aa_omniscience",
        mobile_device_set_rank=3,
        description=(
            "AA-Omniscience-Public: 600 short-answer questions across domains and topics "
            "(CSV: question, answer, domain, topic). Answers are graded CORRECT, PARTIAL, "
            "INCORRECT or NOT_ATTEMPTED by a judge or by an uploaded grade."
        ),
        scoring=(
            "accuracy = CORRECT/N; hallucination rate = INCORRECT/(N - CORRECT); component "
            "score = mean(accuracy, 1 - hallucination rate); Omniscience Index = "
            "100 (CORRECT - INCORRECT)/N."
        ),
        prompt_template=OMNISCIENCE_QUESTION,
        subject_label="domain",
        layouts=("omniscience-csv", "jsonl"),
        default_layouts={"csv": "omniscience-csv"},
        hub=HubSource(
            "ArtificialAnalysis/AA-Omniscience-Public", licence="Apache-2.0",
            files=(HubFiles("*.csv", "omniscience-csv"),)),
    )
)
