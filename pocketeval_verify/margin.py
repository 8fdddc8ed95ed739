"""A comparison made with a margin, recomputed: per benchmark from the paired item scores,
and for the Index from each side's Index (itself recomputed from its runs' results).

The rules are the comparison's stated definitions (its `definitions.non_inferiority`):
- non-inferior when the 95% interval of mean(build - reference) lies above -margin,
  inferior when it lies below, inconclusive otherwise; the deciding bound is the lower for
  a non-inferior verdict and the upper for an inferior one;
- p = P(Z > (mean(d) + margin) / SE), one-sided;
- items needed: ceil((z_0.975 + z_0.8)^2 var(d) / (mean(d) + margin)^2), at least 2, none
  when mean(d) + margin <= 0;
- retention mean(build) / mean(reference), delta-method interval with the pairing kept;
- flips (single-repeat 0/1 scores): the items right for one side only;
- for the Index, unpaired: se = sqrt(se_ref^2 + se_build^2).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from scipy.stats import norm

from pocketeval_verify.figures import Compare
from pocketeval_verify.paired import Z80, Z975, difference


def _verdict(lower: float, upper: float, margin: float) -> str:
    return ("non-inferior" if lower > -margin else
            "inferior" if upper < -margin else "inconclusive")


def _deciding(verdict: str | None) -> str | None:
    return {"non-inferior": "lower", "inferior": "upper"}.get(verdict or "")


def _p(shift: float, se: float) -> float:
    if se > 0:
        return float(norm.sf(shift / se))
    return 0.0 if shift > 0 else 1.0


def _retention(ref: list[float], build: list[float]
               ) -> tuple[float | None, tuple[float, float] | None]:
    n, mean_ref, mean_build = len(ref), float(np.mean(ref)), float(np.mean(build))
    if mean_ref == 0:
        return None, None
    r = mean_build / mean_ref
    if n < 2:
        return r, None
    cov = np.cov(np.vstack([ref, build]), ddof=1)
    var = (cov[1, 1] + r * r * cov[0, 0] - 2 * r * cov[0, 1]) / (n * mean_ref ** 2)
    half = Z975 * math.sqrt(max(float(var), 0.0))
    return r, (max(0.0, r - half), r + half)


def _interval(read: dict[str, Any] | None) -> tuple[float, float] | None:
    return None if read is None else (read["low"], read["high"])


def check_benchmark_margin(cmp: Compare, read: dict[str, Any], ids: list[int],
                           xs: list[float], ys: list[float], single: bool,
                           items_asked: int) -> float | None:
    """One benchmark's non_inferiority; its p-value, for Holm's adjustment. `xs`, `ys` are
    a's and b's item scores over `ids`; `items_asked` the reference run's items."""
    margin, reference = read["margin"], read["reference"]
    ref, build = (xs, ys) if reference == "a" else (ys, xs)
    got = difference(ref, build, single)
    verdict, lower, upper, p, needed = "inconclusive", None, None, None, None
    if got["ci95"] is not None and got["paired_se"] is not None:
        lower, upper = got["ci95"]
        verdict = _verdict(lower, upper, margin)
        shift = got["difference"] + margin
        p = _p(shift, got["paired_se"])
        var_d = float(np.var(np.subtract(build, ref), ddof=1))
        needed = None if shift <= 0 else max(2, math.ceil((Z975 + Z80) ** 2 * var_d / shift ** 2))
    cmp.exact("verdict", read["verdict"], verdict)
    cmp.exact("deciding_bound", read["deciding_bound"], _deciding(verdict))
    bounds = None if read["lower_bound"] is None or read["upper_bound"] is None else \
        (read["lower_bound"], read["upper_bound"])
    cmp.close_widths("bounds", bounds, None if lower is None or upper is None else
                     (lower, upper), got["difference"], got["table"] is not None)
    cmp.close("p_value", read["p_value"], p)
    cmp.exact("items_needed", read["items_needed"], needed)
    # the split's size is the server's; the bundle holds the items the run asked
    if read["benchmark_items"] is None or read["benchmark_items"] < items_asked:
        cmp.exact("benchmark_items", read["benchmark_items"], f">= {items_asked}")
    cmp.exact("needed_exceeds_benchmark", read["needed_exceeds_benchmark"],
              needed is not None and read["benchmark_items"] is not None
              and needed > read["benchmark_items"])
    value, ci = _retention(ref, build)
    cmp.close("retention", read["retention"], value)
    cmp.close("retention_ci95", _interval(read["retention_ci95"]), ci)
    pairs = list(zip(ids, ref, build, strict=True))
    lost = [i for i, a, b in pairs if a == 1.0 and b == 0.0] if single else []
    gained = [i for i, a, b in pairs if a == 0.0 and b == 1.0] if single else []
    cmp.exact("lost", read["lost"], lost)
    cmp.exact("gained", read["gained"], gained)
    return p


def check_index_margin(cmp: Compare, read: dict[str, Any], sides: dict[str, dict[str, Any]]
                       ) -> None:
    """The Index's non-inferiority from each side's Index (index-a.json, index-b.json, each
    checked against its runs' results before)."""
    margin, reference = read["margin"], read["reference"]
    ref, build = sides[reference], sides["b" if reference == "a" else "a"]
    missing = sorted(set(sides["a"]["missing"]) | set(sides["b"]["missing"]))
    cmp.exact("missing", read["missing"], missing)
    cmp.exact("index_reference", read["index_reference"], ref["index"])
    cmp.exact("index_build", read["index_build"], build["index"])
    values = (ref["index"], ref["stderr"], build["index"], build["stderr"])
    if missing or None in values:
        for field in ("verdict", "difference", "stderr", "p_value", "retention"):
            cmp.exact(field, read[field], None)
        return
    diff, se = build["index"] - ref["index"], math.hypot(ref["stderr"], build["stderr"])
    lower, upper = diff - Z975 * se, diff + Z975 * se
    verdict = _verdict(lower, upper, margin)
    cmp.exact("verdict", read["verdict"], verdict)
    cmp.exact("deciding_bound", read["deciding_bound"], _deciding(verdict))
    cmp.close("difference", read["difference"], diff)
    cmp.close("stderr", read["stderr"], se)
    cmp.close("lower_bound", read["lower_bound"], lower)
    cmp.close("upper_bound", read["upper_bound"], upper)
    cmp.close("p_value", read["p_value"], _p(diff + margin, se))
    r = None if ref["index"] == 0 else build["index"] / ref["index"]
    ci = None
    if r is not None:
        half = Z975 * math.hypot(build["stderr"], r * ref["stderr"]) / ref["index"]
        ci = (max(0.0, r - half), r + half)
    cmp.close("retention", read["retention"], r)
    cmp.close("retention_ci95", _interval(read["retention_ci95"]), ci)
