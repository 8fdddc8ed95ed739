"""A comparison's bundle: the comparison as reported, and the bundle of every run it pairs,
each signed on its own, under one signed manifest. With a margin, each side's Index as the
comparison read it (index-a.json, index-b.json, as GET /index reports one) and the bundles
of the runs behind it."""

from __future__ import annotations

from typing import Literal

from sqlalchemy.orm import Session

from app import __version__
from app.bundles.contents import json_bytes, run_bundle, signed_zip
from app.bundles.signing import SigningKey
from app.results import compare_runs, index_read, side_runs
from app.runs import git_commit

FORMAT = "pocketeval-comparison-bundle"
FORMAT_VERSION = 1


def comparison_bundle(session: Session, a: str, b: str, benchmarks: list[str] | None, *,
                      allow_mismatch: bool, resamples: int, seed: int, key: SigningKey,
                      margin: float | None = None, reference: Literal["a", "b"] = "a"
                      ) -> bytes:
    """What GET /compare reports for the same query, with the runs it read."""
    read = compare_runs(session, a, b, benchmarks, allow_mismatch=allow_mismatch,
                   resamples=resamples, seed=seed, margin=margin, reference=reference)
    run_ids = {r.run_a for r in read.benchmarks} | {r.run_b for r in read.benchmarks}
    files: dict[str, bytes] = {}
    if read.index_non_inferiority is not None:
        for label, side in (("a", read.a), ("b", read.b)):
            given = side_runs(session, side.runs)
            files[f"index-{label}.json"] = json_bytes(index_read(given).model_dump(mode="json"))
            run_ids |= {run_id for run_id, *_ in given}
    runs = {str(run_id): f"runs/run-{run_id}.zip" for run_id in sorted(run_ids)}
    files |= {path: run_bundle(session, int(run_id), key) for run_id, path in runs.items()}
    files["comparison.json"] = json_bytes(read.model_dump(mode="json"))
    manifest: dict[str, object] = {
        "format": FORMAT, "format_version": FORMAT_VERSION,
        "pocketeval": {"version": __version__, "commit": git_commit()},
        "query": {"a": a, "b": b, "benchmarks": benchmarks, "allow_mismatch": allow_mismatch,
                  "resamples": resamples, "seed": seed, "margin": margin,
                  "reference": reference},
        "runs": runs,
    }
    return signed_zip(manifest, files, key)
