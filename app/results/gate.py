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

from app.results.compare_schemas import (
    BenchmarkComparisonRead,
    ComparisonRead,
    IndexNonInferiorityRead,
    SideRead,
)
from app.run_records.runtime import Interval
from app.scoring.noninferiority import Decision

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
                                      "difference, held against -margin")
    retention: float | None
    retention_ci95: Interval | None
    items_needed: int | None = Field(description="Paired items that would decide it (80% "
                                     "power), where it is not decided")
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
    return GateCheck(name=row.benchmark, verdict=ni.verdict, reference=row.accuracy_a,
                     build=row.accuracy_b, difference=row.difference,
                     lower_bound=ni.lower_bound, retention=ni.retention,
                     retention_ci95=ni.retention_ci95,
                     items_needed=None if ni.verdict is not Decision.INCONCLUSIVE
                     else ni.items_needed,
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
                     lower_bound=index.lower_bound, retention=index.retention,
                     retention_ci95=index.retention_ci95, items_needed=None)


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
          GateOutcome.UNDECIDED: "not decided: more items would decide it"}


def _points(value: float | None, signed: bool = False) -> str:
    if value is None:
        return "-"
    return f"{100 * value:+.1f}" if signed else f"{100 * value:.1f}"


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
             "| Check | Verdict | Reference | Build | Build − reference | Lower bound | "
             "Retention | Decided by |",
             "|---|---|---|---|---|---|---|---|"]
    for c in result.checks:
        retention = "-" if c.retention is None else f"{c.retention:.3f}" + (
            "" if c.retention_ci95 is None
            else f" [{c.retention_ci95.low:.3f}, {c.retention_ci95.high:.3f}]")
        needed = f"{c.items_needed} paired items" if c.items_needed is not None else "-"
        lines.append(f"| {c.name} | {c.verdict or c.note} | {_points(c.reference)} | "
                     f"{_points(c.build)} | {_points(c.difference, True)} | "
                     f"{_points(c.lower_bound, True)} | {retention} | {needed} |")
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
        detail = (f"build {_points(c.build)} vs reference {_points(c.reference)}; lower "
                  f"bound {_points(c.lower_bound, True)} against -{_points(result.margin)}")
        if c.verdict is Decision.INFERIOR:
            ElementTree.SubElement(case, "failure", message=f"inferior: {detail}")
            counts["failures"] += 1
        elif c.verdict is Decision.INCONCLUSIVE:
            needed = "" if c.items_needed is None else f"; {c.items_needed} paired items " \
                "would decide it"
            ElementTree.SubElement(case, "error", message=f"not decided: {detail}{needed}")
            counts["errors"] += 1
        elif c.verdict is None:
            ElementTree.SubElement(case, "skipped", message=c.note or "not checked")
            counts["skipped"] += 1
    for name, count in counts.items():
        suite.set(name, str(count))
    return ElementTree.tostring(suite, encoding="unicode", xml_declaration=True) + "\n"
