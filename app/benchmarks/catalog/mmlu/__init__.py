"""MMLU (Hendrycks et al.): 57 subjects, 4 options, 5-shot from the subject's dev split."""

from app.benchmarks.base import MULTIPLE_CHOICE, Composed
from app.benchmarks.catalog.mmlu.layouts import LAYOUTS
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

# the 57 subjects of the published files (Hendrycks et al., `data/test/<subject>_test.csv`)
SUBJECTS = frozenset("""
    abstract_algebra anatomy astronomy business_ethics clinical_knowledge
    college_biology college_chemistry college_computer_science college_mathematics
    college_medicine college_physics computer_security conceptual_physics econometrics
    electrical_engineering elementary_mathematics formal_logic global_facts
    high_school_biology high_school_chemistry high_school_computer_science
    high_school_european_history high_school_geography
    high_school_government_and_politics high_school_macroeconomics
    high_school_mathematics high_school_microeconomics high_school_physics
    high_school_psychology high_school_statistics high_school_us_history
    high_school_world_history human_aging human_sexuality international_law
    jurisprudence logical_fallacies machine_learning management marketing
    medical_genetics miscellaneous moral_disputes moral_scenarios nutrition philosophy
    prehistory professional_accounting professional_law professional_medicine
    professional_psychology public_relations security_studies sociology
    us_foreign_policy virology world_religions
""".split())

SPEC = BenchmarkSpec(
    name="mmlu",
    version="hendrycks-2021",
    kind="mcq",
    description=(
        "Massive Multitask Language Understanding: 14,042 four-option test questions in 57 "
        "subjects, evaluated 5-shot with the subject's dev examples."
    ),
    scoring=(
        "0/1 per item: correct when the chosen letter is the key. Accuracy is micro over "
        "items; macro is the mean of the 57 per-subject accuracies. Random baseline 0.25."
    ),
    prompt_template=template_text(MCQ_LOGLIKELIHOOD, MCQ_SHOT, MCQ_OPTION_LINE,
                                  DEFAULT.mcq.template.text),
    layouts=("mmlu-csv", "mmlu-hub-parquet", "jsonl", "csv", "parquet"),
    fewshot_split="dev",
    fewshot_count=5,
    default_layouts={"csv": "mmlu-csv"},
    hub=HubSource(
        "cais/mmlu", licence="MIT",
        revision="c30699e8356da336a370243923dbaf21066bb9fe",
        files=(HubFiles("all/test-*.parquet", "mmlu-hub-parquet"),
               HubFiles("all/dev-*.parquet", "mmlu-hub-parquet"))),
    published=PublishedItems(subjects=SUBJECTS, sizes={"test": 14_042, "dev": 285}),
)

BENCHMARK = Composed(
    SPEC, MULTIPLE_CHOICE, source=Source(LAYOUTS, known_files=KnownFiles(
        ("mmlu/dev/*_dev.csv", "mmlu/test/*_test.csv"))))
