"""Every built-in benchmark, imported explicitly so the registry never globs folders."""

from app.benchmarks.catalog import mmlu, mmlu_pro, mobile_mmlu, mobile_mmlu_pro

__all__ = ["mmlu", "mmlu_pro", "mobile_mmlu", "mobile_mmlu_pro"]
