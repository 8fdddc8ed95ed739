"""The CI gate: is a build non-inferior to its reference on every benchmark and the Index?
From a comparison with a margin (app.results.compare), an outcome with the exit code a CI job
takes (0 pass, 1 inferior, 2 not decided), a Markdown summary for a pull request or a job
summary, and a JUnit report with one case per benchmark."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal
from urllib.parse import urlencode
from xml.etree import ElementTree

from pydantic import BaseModel, Field

from app.records import Interval
from app.results.compare_schemas import (
    BenchmarkComparisonRead,
    ComparisonRead,
    IndexNonInferiorityRead,
    SideRead,
)
from app.scoring import Bound, Decision

INDEX = "Mobile Intelligence Index"
SHOWN_ITEMS = 20  # items lost or gained listed by id in the Markdown, per benchmark


class GateOutcome(StrEnum):
    PASS = "pass"  # non-inferior on every benchmark and on the Index
    FAIL = "fail"  # inferior on at least one
    UNDECIDED = "undecided"  # none inferior, at least one not decided

    @property
    def exit_code(self) -> Literal[0, 1, 2]:
        codes: dict[GateOutcome, Literal[0, 1, 2]] = {
            GateOutcome.PASS: 0, GateOutcome.FAIL: 1, GateOutcome.UNDECIDED: 2}
        return codes[self]


class GateCheck(BaseModel):
    """One benchmark (or the Index): the build against the reference."""

    name: str
    verdict: Decision | None = Field(description="None for an Index one side lacks "
                                     "components of: not checked")
    reference: float | None
    build: float | None
    difference: float | None = Field(description="build - reference")
    lower_bound: float | None = Field(description="Lower end of the 95% interval of the "
                                      "difference: above -margin, non-inferior")
    upper_bound: float | None = Field(default=None, description="Upper end of the 95% "
                                      "interval: below -margin, inferior")
    deciding_bound: Bound | None = Field(default=None, description="The bound the verdict "
                                         "rests on; none when not decided")
    p_value: float | None = Field(default=None, description="One-sided p of H0 build - "
                                  "reference <= -margin")
    retention: float | None
    retention_ci95: Interval | None
    items_needed: int | None = Field(description="Paired items that would decide it (80% "
                                     "power), where it is not decided")
    benchmark_items: int | None = Field(default=None, description="The items of the "
                                        "benchmark's split")
    needed_exceeds_benchmark: bool = Field(default=False, description="items_needed is more "
                                           "than the benchmark has: it cannot decide it")
    lost: list[int] = Field(default_factory=list, description="Items the reference got "
                            "right and the build wrong")
    gained: list[int] = Field(default_factory=list)
    runs: tuple[int, int] | None = Field(default=None, description="The reference's and the "
                                         "build's run")
    note: str | None = None


class GateRead(BaseModel):
    outcome: GateOutcome
    exit_code: Literal[0, 1, 2]
    margin: float
    reference: SideRead
    build: SideRead
    checks: list[GateCheck] = Field(description="One per benchmark both scored, then the "
                                    "Index")
    compare_url: str = Field(description="The comparison's page")


def _benchmark_check(row: BenchmarkComparisonRead) -> GateCheck:
    ni = row.non_inferiority
    if ni is None:
        raise ValueError("the comparison was made without a margin")
    undecided = ni.verdict is Decision.INCONCLUSIVE
    return GateCheck(name=row.benchmark, verdict=ni.verdict, reference=row.accuracy_a,
                     build=row.accuracy_b, difference=row.difference,
                     lower_bound=ni.lower_bound, upper_bound=ni.upper_bound,
                     deciding_bound=ni.deciding_bound, p_value=ni.p_value,
                     retention=ni.retention, retention_ci95=ni.retention_ci95,
                     items_needed=ni.items_needed if undecided else None,
                     benchmark_items=ni.benchmark_items,
                     needed_exceeds_benchmark=undecided and ni.needed_exceeds_benchmark,
                     lost=ni.lost, gained=ni.gained, runs=(row.run_a, row.run_b))


def _index_check(index: IndexNonInferiorityRead | None) -> GateCheck:
    if index is None or index.verdict is None:
        missing = ", ".join(index.missing) if index is not None else "every component"
        return GateCheck(name=INDEX, verdict=None, reference=None, build=None,
                         difference=None, lower_bound=None, retention=None,
                         retention_ci95=None, items_needed=None,
                         note=f"not checked: a side lacks {missing}")
    return GateCheck(name=INDEX, verdict=index.verdict, reference=index.index_reference,
                     build=index.index_build, difference=index.difference,
                     lower_bound=index.lower_bound, upper_bound=index.upper_bound,
                     deciding_bound=index.deciding_bound, p_value=index.p_value,
                     retention=index.retention, retention_ci95=index.retention_ci95,
                     items_needed=None)


def outcome_of(verdicts: list[Decision | None]) -> GateOutcome:
    if Decision.INFERIOR in verdicts:
        return GateOutcome.FAIL
    if Decision.INCONCLUSIVE in verdicts:
        return GateOutcome.UNDECIDED
    return GateOutcome.PASS


def gate(comparison: ComparisonRead, margin: float) -> GateRead:
    """`comparison`: a = the reference, b = the build, made with `margin`."""
    checks = [_benchmark_check(row) for row in comparison.benchmarks]
    checks.append(_index_check(comparison.index_non_inferiority))
    outcome = outcome_of([c.verdict for c in checks])
    query = urlencode({"a": comparison.a.ref, "b": comparison.b.ref, "margin": margin,
                       "reference": "a"})
    return GateRead(outcome=outcome, exit_code=outcome.exit_code, margin=margin,
                    reference=comparison.a, build=comparison.b, checks=checks,
                    compare_url=f"/ui/compare?{query}")


_SHOWN = {GateOutcome.PASS: "passed: the build is non-inferior everywhere",
          GateOutcome.FAIL: "failed: the build is inferior",
          GateOutcome.UNDECIDED: "not decided: a 95% interval holds −margin"}


def _points(value: float | None, signed: bool = False) -> str:
    if value is None:
        return "-"
    return f"{100 * value:+.1f}" if signed else f"{100 * value:.1f}"


def _against(bound: float, margin: float) -> tuple[str, str]:
    """A bound and -margin in points, with the decimals that tell them apart."""
    for digits in range(1, 5):
        shown = f"{100 * bound:+.{digits}f}", f"{-100 * margin:+.{digits}f}"
        if shown[0] != shown[1]:
            break
    return shown


def bound_text(c: GateCheck, margin: float) -> str:
    """The bound the verdict rests on, against -margin; where none does, both, each with
    the verdict it misses."""
    if c.lower_bound is None or c.upper_bound is None:
        return "-"
    low, against = _against(c.lower_bound, margin)
    high, against_high = _against(c.upper_bound, margin)
    if c.deciding_bound is Bound.LOWER:
        return f"lower bound {low} > {against}"
    if c.deciding_bound is Bound.UPPER:
        return f"upper bound {high} < {against_high}"
    return (f"lower bound {low} not above {against} (non-inferiority not shown); upper bound "
            f"{high} not below {against_high} (inferiority not shown)")


def needed_text(c: GateCheck) -> str:
    """What would decide a check that is not decided."""
    if c.items_needed is None:
        return "-"
    if c.needed_exceeds_benchmark:
        return (f"cannot be decided on this benchmark's {c.benchmark_items:,} items at the "
                "observed difference")
    return f"{c.items_needed} paired items"


def _items(ids: list[int], run: int, base: str) -> str:
    shown = ", ".join(f"[{i}]({base}/runs/{run}/samples?item_id={i})"
                      for i in ids[:SHOWN_ITEMS])
    more = f" and {len(ids) - SHOWN_ITEMS} more" if len(ids) > SHOWN_ITEMS else ""
    return shown + more


def _side(side: SideRead) -> str:
    return f"`{side.ref}`" + (f" ({side.model})" if side.model and side.model != side.ref
                              else "")


def markdown(result: GateRead, base_url: str) -> str:
    """A summary fit for a pull-request comment or a CI job summary; links start at
    `base_url` (the server's address as the reader reaches it)."""
    base = base_url.rstrip("/")
    lines = [f"## PocketEval gate: {_SHOWN[result.outcome]}", "",
             f"Build {_side(result.build)} against reference {_side(result.reference)}, "
             f"margin {_points(result.margin)} points "
             f"([comparison]({base}{result.compare_url})).", "",
             "| Check | Verdict | Reference | Build | Build − reference | 95% bound against "
             "−margin | p against margin | Retention | Decided by |",
             "|---|---|---|---|---|---|---|---|---|"]
    for c in result.checks:
        retention = "-" if c.retention is None else f"{c.retention:.3f}" + (
            "" if c.retention_ci95 is None
            else f" [{c.retention_ci95.low:.3f}, {c.retention_ci95.high:.3f}]")
        p = "-" if c.p_value is None else f"{c.p_value:.3g}"
        lines.append(f"| {c.name} | {c.verdict or c.note} | {_points(c.reference)} | "
                     f"{_points(c.build)} | {_points(c.difference, True)} | "
                     f"{bound_text(c, result.margin)} | {p} | {retention} | {needed_text(c)} |")
    for c in result.checks:
        if c.runs is not None and (c.lost or c.gained):
            lines += ["", f"**{c.name}**: {len(c.lost)} item(s) lost, {len(c.gained)} gained."]
            if c.lost:
                lines.append(f"- lost: {_items(c.lost, c.runs[1], base)}")
            if c.gained:
                lines.append(f"- gained: {_items(c.gained, c.runs[1], base)}")
    return "\n".join(lines) + "\n"


def junit_report(result: GateRead) -> str:
    """JUnit XML: one case per check; inferior is a failure, not decided an error, an Index
    that could not be checked is skipped."""
    suite = ElementTree.Element("testsuite", name="pocketeval-gate", tests=str(
        len(result.checks)))
    counts = {"failures": 0, "errors": 0, "skipped": 0}
    for c in result.checks:
        case = ElementTree.SubElement(suite, "testcase", classname="pocketeval.gate",
                                      name=c.name)
        detail = (f"build {_points(c.build)} vs reference {_points(c.reference)}; "
                  f"{bound_text(c, result.margin)}")
        if c.verdict is Decision.INFERIOR:
            ElementTree.SubElement(case, "failure", message=f"inferior: {detail}")
            counts["failures"] += 1
        elif c.verdict is Decision.INCONCLUSIVE:
            needed = "" if c.items_needed is None else f"; {needed_text(c)}" + (
                "" if c.needed_exceeds_benchmark else " would decide it")
            ElementTree.SubElement(case, "error", message=f"not decided: {detail}{needed}")
            counts["errors"] += 1
        elif c.verdict is None:
            ElementTree.SubElement(case, "skipped", message=c.note or "not checked")
            counts["skipped"] += 1
    for name, count in counts.items():
        suite.set(name, str(count))
    return ElementTree.tostring(suite, encoding="unicode", xml_declaration=True) + "\n"
