"""Every built-in benchmark, imported explicitly so the registry never globs folders."""

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

__all__ = ["bfcl", "gpqa", "ifbench", "math500", "mmlu", "mmlu_pro", "mobile_mmlu",
           "mobile_mmlu_pro", "omniscience"]
