"""GGUF files: reading the header only, and whether a model fits a phone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.faces import lazy_face

if TYPE_CHECKING:
    from app.gguf.assessment import assess_file, header_of, report
    from app.gguf.eligibility import estimate
    from app.gguf.measured import measured_memory
    from app.gguf.paths import resolve_model_path

__all__ = [
    "assess_file", "estimate", "header_of", "measured_memory", "report", "resolve_model_path",
]

if not TYPE_CHECKING:
    __getattr__ = lazy_face(__name__, __file__)
