"""Every built-in benchmark, as a plain list that the registry reads (no folder globbing,
no registration by importing)."""

from app.benchmarks.catalog import (
    bfcl,
    gpqa,
    ifbench,
    math500,
    mmlu,
    mmlu_pro,
    mobile_mmlu,
    mobile_mmlu_pro,
    omniscience,
)
from app.benchmarks.protocol import Benchmark

CATALOG: tuple[Benchmark, ...] = (
    bfcl.BENCHMARK,
    gpqa.BENCHMARK,
    ifbench.BENCHMARK,
    ifbench.REVISED,
    math500.BENCHMARK,
    mmlu.BENCHMARK,
    mmlu_pro.BENCHMARK,
    mobile_mmlu.BENCHMARK,
    mobile_mmlu_pro.BENCHMARK,
    omniscience.BENCHMARK,
)
