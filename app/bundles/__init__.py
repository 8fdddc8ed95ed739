"""Signed bundles of runs: what a third party needs to re-check every number offline."""

from __future__ import annotations

from app.bundles.contents import run_bundle
from app.bundles.signing import load_or_create

__all__ = ["load_or_create", "run_bundle"]
