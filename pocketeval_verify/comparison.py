"""A comparison's bundle: its two (or more) runs' bundles, each verified in full, and the
paired figures recomputed from their verdicts."""

from __future__ import annotations

from typing import Any

from pocketeval_verify.archive import Bundle, open_bundle
from pocketeval_verify.figures import Compare
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
        cmp.close("ci95", _interval(read["ci95"]), got["ci95"])
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
            sub.close("ci95", _interval(subject["ci95"]), mine["ci95"])
        if got["p_value"] is not None:
            p_values[name] = got["p_value"]
        if read.get("non_inferiority") is not None:
            unjudged.append(f"comparison.json: {name}: non_inferiority is not recomputed")
    adjusted = holm(p_values)
    for read in compared["benchmarks"]:
        cmp = Compare(report, read["benchmark"], "comparison.json")
        cmp.close("holm_p", read["holm_p"], adjusted.get(read["benchmark"]))
