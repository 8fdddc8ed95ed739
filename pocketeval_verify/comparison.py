"""A comparison's bundle: its two (or more) runs' bundles, each verified in full, and the
paired figures recomputed from their verdicts; with a margin, the non-inferiority figures,
and each side's Index from its runs' checked results."""

from __future__ import annotations

from typing import Any

from pocketeval_verify.archive import Bundle, open_bundle
from pocketeval_verify.figures import Compare
from pocketeval_verify.index import check_index
from pocketeval_verify.margin import check_benchmark_margin, check_index_margin
from pocketeval_verify.paired import bootstrap, difference, holm, item_scores, side_interval
from pocketeval_verify.report import Report
from pocketeval_verify.run_bundle import RunData, verify_run

COMPARISON = "pocketeval-comparison-bundle"


def _interval(read: dict[str, Any] | None) -> tuple[float, float] | None:
    return None if read is None else (read["low"], read["high"])


def verify_comparison(bundle: Bundle, public_key: bytes | None, report: Report,
                      unjudged: list[str]) -> None:
    runs: dict[int, RunData] = {}
    for run_id, path in bundle.manifest["runs"].items():
        inner = Report()
        data = verify_run(open_bundle(bundle.files[path], public_key, inner), inner, unjudged)
        report.merge(inner, f"{path}: ")
        runs[int(run_id)] = data
    compared = bundle.json("comparison.json")
    p_values: dict[str, float] = {}
    margin_p: dict[str, float] = {}
    for read in compared["benchmarks"]:
        name = read["benchmark"]
        cmp = Compare(report, name, "comparison.json")
        sides = []
        for run_id in (read["run_a"], read["run_b"]):
            data = runs[run_id]
            subjects = {it["item_id"]: it["subject"] for it in data.items.get(name, [])}
            sides.append(item_scores(data.judged.get(name, []), subjects))
        a, b = sides
        ids = sorted(a.means.keys() & b.means.keys())
        single = all(a.counts[i] == 1 and b.counts[i] == 1 for i in ids)
        xs, ys = [a.means[i] for i in ids], [b.means[i] for i in ids]
        got = difference(xs, ys, single)
        cmp.exact("n_paired", read["n_paired"], len(ids))
        cmp.exact("dropped", read["dropped"], {"only_a": len(a.means.keys() - b.means.keys()),
                                               "only_b": len(b.means.keys() - a.means.keys())})
        cmp.exact("single_repeat", read["single_repeat"], single)
        for field in ("accuracy_a", "accuracy_b", "difference"):
            cmp.exact(field, read[field], got[field])
        cmp.exact("table", read["table"], got["table"])
        for field in ("paired_se", "unpaired_se", "mdd_80", "p_value"):
            cmp.close(field, read[field], got[field])
        newcombe = got["table"] is not None
        cmp.close_widths("ci95", _interval(read["ci95"]), got["ci95"], got["difference"],
                         newcombe)
        cmp.close("ci95_a", _interval(read["ci95_a"]),
                  side_interval(xs, [a.counts[i] for i in ids]))
        cmp.close("ci95_b", _interval(read["ci95_b"]),
                  side_interval(ys, [b.counts[i] for i in ids]))
        if len(ids) > 1:
            boot = compared["bootstrap"]
            cmp.close("bootstrap_ci95", _interval(read["bootstrap_ci95"]),
                      bootstrap(xs, ys, boot["resamples"], boot["seed"]))
        for subject in read["subjects"]:
            members = [i for i in ids if a.subjects.get(i, b.subjects.get(i))
                       == subject["subject"]]
            mine = difference([a.means[i] for i in members], [b.means[i] for i in members],
                              single)
            sub = Compare(report, f"{name}: subject {subject['subject']}", "comparison.json")
            for field in ("n", "accuracy_a", "accuracy_b", "difference"):
                sub.exact(field, subject[field], mine[field])
            sub.close("paired_se", subject["paired_se"], mine["paired_se"])
            sub.close_widths("ci95", _interval(subject["ci95"]), mine["ci95"],
                             mine["difference"], mine["table"] is not None)
        if got["p_value"] is not None:
            p_values[name] = got["p_value"]
        margin = read.get("non_inferiority")
        if margin is not None:
            asked = len(runs[read[f"run_{margin['reference']}"]].items.get(name, []))
            got_p = check_benchmark_margin(
                Compare(report, f"{name}: non_inferiority", "comparison.json"), margin, ids,
                xs, ys, single, asked)
            if got_p is not None:
                margin_p[name] = got_p
    adjusted, margin_adjusted = holm(p_values), holm(margin_p)
    for read in compared["benchmarks"]:
        cmp = Compare(report, read["benchmark"], "comparison.json")
        cmp.close("holm_p", read["holm_p"], adjusted.get(read["benchmark"]))
        if read.get("non_inferiority") is not None:
            Compare(report, f"{read['benchmark']}: non_inferiority", "comparison.json").close(
                "holm_p", read["non_inferiority"]["holm_p"],
                margin_adjusted.get(read["benchmark"]))
    if compared.get("index_non_inferiority") is not None:
        check_index_sides(bundle, report, runs, compared["index_non_inferiority"])


def check_index_sides(bundle: Bundle, report: Report, runs: dict[int, RunData],
                      read: dict[str, Any]) -> None:
    """Each side's Index (index-a.json, index-b.json) against the results of the runs it
    names, then the Index's non-inferiority from the two."""
    sides = {}
    for label in ("a", "b"):
        path = f"index-{label}.json"
        if path not in bundle.files:
            report.add(path, "index_non_inferiority", "present", "missing", "with a margin")
            return
        side = bundle.json(path)
        results: dict[str, Any] = {}
        for comp in side["components"]:
            run = runs.get(comp["run_id"])
            if run is None:
                report.add(path, f"component {comp['component']}", "run_id", comp["run_id"],
                           "not among the bundle's runs")
                continue
            if comp["benchmark"] in run.results:
                results[comp["benchmark"]] = run.results[comp["benchmark"]]
        check_index(report, side, results, path)
        sides[label] = side
    check_index_margin(Compare(report, "index_non_inferiority", "comparison.json"), read,
                       sides)
