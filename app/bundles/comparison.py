"""A comparison's bundle: the comparison as reported, and the bundle of every run it pairs,
each signed on its own, under one signed manifest."""

from __future__ import annotations

from sqlalchemy.orm import Session

from app import __version__
from app.bundles.contents import json_bytes, run_bundle, signed_zip
from app.bundles.signing import SigningKey
from app.results.compare import compare
from app.runs.reproducibility import git_commit

FORMAT = "pocketeval-comparison-bundle"
FORMAT_VERSION = 1


def comparison_bundle(session: Session, a: str, b: str, benchmarks: list[str] | None, *,
                      allow_mismatch: bool, resamples: int, seed: int, key: SigningKey
                      ) -> bytes:
    """What GET /compare reports for the same query (no margin: its non-inferiority figures
    are not in a bundle), with the runs it read."""
    read = compare(session, a, b, benchmarks, allow_mismatch=allow_mismatch,
                   resamples=resamples, seed=seed)
    run_ids = sorted({r.run_a for r in read.benchmarks} | {r.run_b for r in read.benchmarks})
    runs = {str(run_id): f"runs/run-{run_id}.zip" for run_id in run_ids}
    files = {path: run_bundle(session, int(run_id), key) for run_id, path in runs.items()}
    files["comparison.json"] = json_bytes(read.model_dump(mode="json"))
    manifest: dict[str, object] = {
        "format": FORMAT, "format_version": FORMAT_VERSION,
        "pocketeval": {"version": __version__, "commit": git_commit()},
        "query": {"a": a, "b": b, "benchmarks": benchmarks, "allow_mismatch": allow_mismatch,
                  "resamples": resamples, "seed": seed},
        "runs": runs,
    }
    return signed_zip(manifest, files, key)
