"""`pocketeval verify FILE [--public-key K]` (also `python -m pocketeval_verify`).

Exit 0 only when every check holds; 1 when something does not, each mismatch printed with
its place and both values; 2 when some samples could not be judged again (named), so the
bundle is not fully verified.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pocketeval_verify.archive import open_bundle
from pocketeval_verify.comparison import COMPARISON, verify_comparison
from pocketeval_verify.report import Report
from pocketeval_verify.run_bundle import verify_run


def verify(path: Path | bytes, public_key: bytes | None) -> tuple[Report, list[str]]:
    """Every finding, and the samples not judged again, of a run's or a comparison's
    bundle."""
    report = Report()
    unjudged: list[str] = []
    bundle = open_bundle(path, public_key, report)
    if bundle.manifest.get("format") == COMPARISON:
        verify_comparison(bundle, public_key, report, unjudged)
    else:
        verify_run(bundle, report, unjudged)
    return report, unjudged


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pocketeval verify", description=__doc__)
    parser.add_argument("bundle", type=Path)
    parser.add_argument("--public-key", type=Path, help="the server's public key (PEM), as "
                        "GET /signing-key serves it; without it the bundle's own key is used")
    args = parser.parse_args(argv)
    key = args.public_key.read_bytes() if args.public_key else None
    report, unjudged = verify(args.bundle, key)
    for mismatch in report.mismatches:
        print(f"MISMATCH {mismatch}")
    for line in unjudged:
        print(f"NOT JUDGED AGAIN {line}")
    checked = ", ".join(f"{n} {what}" for what, n in sorted(report.checked.items()))
    print(f"checked: {checked}")
    if key is None:
        print("the signature was checked against the bundle's own key; give --public-key "
              "to check who made it")
    if not report.ok:
        print(f"FAILED: {len(report.mismatches)} mismatch(es)")
        return 1
    if unjudged:
        print(f"INCOMPLETE: {len(unjudged)} sample(s) not judged again")
        return 2
    print("OK: every check holds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
