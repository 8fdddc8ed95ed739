"""Benchmarks, each one object in one folder (catalog/<name>/): its spec, prompt,
solver and scorer; the registry that finds them and what their verdicts measure."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.faces import lazy_face

if TYPE_CHECKING:
    from app.benchmarks import index
    from app.benchmarks.answer_fields import (
        AnswerFields,
        ToolCallIn,
        answers_model,
        merge_answer_fields,
    )
    from app.benchmarks.base import loglikelihood_capable, prompt_sha256
    from app.benchmarks.catalog_tables import rewrite
    from app.benchmarks.data_files import KnownFiles, Layout, PackagedFiles
    from app.benchmarks.derived import ItemChange, derive_benchmark
    from app.benchmarks.hub_source import HubSource
    from app.benchmarks.index import component_name, mobile_index
    from app.benchmarks.measure import measure as measure_benchmark
    from app.benchmarks.outcome import Outcome
    from app.benchmarks.preparation import PreparationUnavailable
    from app.benchmarks.prompt_builders import Style, build_prompt
    from app.benchmarks.prompt_types import BuiltPrompt, PromptItem, PromptUnavailable
    from app.benchmarks.protocol import Benchmark, GraderUse
    from app.benchmarks.reads import benchmark_read
    from app.benchmarks.registry import (
        answer_models,
        benchmarks,
        by_key,
        mobile_device_set,
        preparations,
        ranked,
    )
    from app.benchmarks.registry import catalog as catalog_specs
    from app.benchmarks.roles import Bound, Models, Scorer, Task
    from app.benchmarks.schemas import BenchmarkName, BenchmarkRead
    from app.benchmarks.self_check import broken_scorers, log_broken_scorers
    from app.benchmarks.service import (
        benchmark_of,
        choose_split,
        get_benchmark,
        seed_catalog,
        spec_of,
    )
    from app.benchmarks.spec import BenchmarkSpec, PublishedItems
    from app.benchmarks.suites import DEVICE_SET

__all__ = [
    "AnswerFields", "Benchmark", "BenchmarkName", "BenchmarkRead", "BenchmarkSpec", "Bound",
    "BuiltPrompt", "DEVICE_SET", "GraderUse", "HubSource", "ItemChange", "KnownFiles", "Layout",
    "Models", "Outcome", "PackagedFiles", "PreparationUnavailable", "PromptItem",
    "PromptUnavailable", "PublishedItems", "Scorer", "Style", "Task", "ToolCallIn", "answer_models",
    "answers_model", "benchmark_of", "benchmark_read", "benchmarks", "broken_scorers",
    "build_prompt", "by_key", "catalog_specs", "choose_split", "component_name", "derive_benchmark",
    "get_benchmark", "index", "log_broken_scorers", "loglikelihood_capable", "measure_benchmark",
    "merge_answer_fields", "mobile_device_set", "mobile_index", "preparations", "prompt_sha256",
    "ranked", "rewrite", "seed_catalog", "spec_of",
]

if not TYPE_CHECKING:
    __getattr__ = lazy_face(__name__, __file__)
