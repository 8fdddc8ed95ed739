"""A run's bundle checked: its methodology, each sample judged again, every figure."""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from pocketeval_verify.archive import Bundle
from pocketeval_verify.figures import Judged, check_benchmark, check_grades
from pocketeval_verify.index import check_bfcl, check_index
from pocketeval_verify.report import NotRejudged, Report
from pocketeval_verify.rescore import grade_of, judge_for

TEXTS = "methodology/texts/"
CUT = ("length", "loop")  # finish reasons of an answer that did not end by itself


def check_methodology(bundle: Bundle, report: Report) -> dict[str, Any]:
    """The description is the one the run pinned (its sha256), and each text file is the
    text the description holds."""
    pinned = bundle.manifest["methodology"]
    description: dict[str, Any] = bundle.json(pinned["description"])
    digest = hashlib.sha256(json.dumps(description, sort_keys=True).encode()).hexdigest()
    if digest != pinned["sha256"]:
        report.add(pinned["description"], "methodology", "sha256", pinned["sha256"], digest)
    report.count("methodology hash")
    texts = {key: value["text"] for key, value in description.items()
             if isinstance(value, dict) and "text" in value}
    texts["mcq.template"] = description["mcq"]["template"]["text"]
    held = {name.removeprefix(TEXTS).removesuffix(".txt"): data
            for name, data in bundle.files.items() if name.startswith(TEXTS)}
    for name in sorted(set(texts) | set(held)):
        path = f"{TEXTS}{name}.txt"
        if name not in held:
            report.add(path, "methodology", "present", "missing", "a text of the description")
        elif name not in texts:
            report.add(path, "methodology", "present", "a text the description lacks", name)
        elif held[name].decode() != texts[name]:
            report.add(path, "methodology", "text", held[name].decode()[:80],
                       f"the description's {name}: {texts[name][:80]}")
        report.count("methodology texts")
    return description


def _grade(sample: dict[str, Any], method: dict[str, Any], where: str, report: Report
           ) -> str | None:
    """The grade read again, checked against the one stored; the stored one where the
    reply rule is not known (that sample is then named as not judged again)."""
    stored = (sample.get("detail") or {}).get("grade")
    try:
        grade = grade_of(sample, method)
    except NotRejudged:
        return None if stored is None else str(stored)
    if grade != stored:
        report.add("samples.jsonl", where, "detail.grade", stored, grade)
    return grade


def check_samples(bundle: Bundle, report: Report, description: dict[str, Any],
                  unjudged: list[str]) -> dict[str, list[Judged]]:
    benchmarks = {b["name"]: b for b in bundle.manifest["benchmarks"]}
    # what a benchmark's samples are read by: the methodology, and the benchmark's own rules
    methods = {name: {**description, "rules": b.get("rules", {})}
               for name, b in benchmarks.items()}
    items = {(it["benchmark"], it["item_id"]): it for it in bundle.jsonl("items.jsonl")}
    judged: dict[str, list[Judged]] = defaultdict(list)
    for line, sample in enumerate(bundle.jsonl("samples.jsonl"), start=1):
        where = f"line {line}"
        item = items.get((sample["benchmark"], sample["item_id"]))
        if item is None:
            report.add("samples.jsonl", where, "item_id", sample["item_id"], "no such item")
            continue
        bench = benchmarks[sample["benchmark"]]
        method = methods[sample["benchmark"]]
        grade = _grade(sample, method, where, report) if bench["check"] == "grades" else None
        truncated = bool((sample.get("detail") or {}).get("truncated"))
        judged[sample["benchmark"]].append(Judged(sample["item_id"], sample["repeat"],
                                                  sample["verdict"], sample["latency_ms"],
                                                  grade, truncated))
        if sample["verdict"] == "error":
            report.count("errors (scorer raised; no verdict to check)")
            continue
        if sample.get("finish_reason") in CUT or truncated:
            # the method's limit: an answer cut by the output cap (or a stopped loop) before
            # it ended is wrong, whatever it holds
            if not truncated or sample.get("finish_reason") not in CUT:
                report.add("samples.jsonl", where, "detail.truncated", truncated,
                           f"finish_reason {sample.get('finish_reason')!r}")
            verdict, answer = "wrong", None
        else:
            try:
                verdict, answer = judge_for(bench["check"])(item, sample, method)
            except NotRejudged as exc:
                unjudged.append(f"samples.jsonl {where} ({sample['benchmark']}): {exc}")
                continue
        if verdict != sample["verdict"]:
            report.add("samples.jsonl", where, "verdict", sample["verdict"], verdict)
        if answer is not None and sample.get("answer") is not None \
                and answer != sample["answer"]:
            report.add("samples.jsonl", where, "answer", sample["answer"], answer)
        if sample["score"] != (1.0 if sample["verdict"] == "correct" else 0.0):
            report.add("samples.jsonl", where, "score", sample["score"],
                       1.0 if sample["verdict"] == "correct" else 0.0)
        report.count("verdicts")
    return judged


@dataclass
class RunData:
    """What a comparison reads of a verified run: its items, judged samples and reported
    figures (each checked), by benchmark."""

    items: dict[str, list[dict[str, Any]]]
    judged: dict[str, list[Judged]]
    results: dict[str, Any]


def check_shared(bundle: Bundle, report: Report) -> None:
    """A sample that took an earlier repeat's generation (temperature 0, repeats generated
    once) holds that repeat's answer and verdict, on a benchmark whose plan shares them."""
    shared = {b["name"] for b in bundle.manifest["plan"].get("benchmarks", [])
              if b.get("shared_repeats")}
    samples = list(bundle.jsonl("samples.jsonl"))
    by = {(s["benchmark"], s["item_id"], s["repeat"]): s for s in samples}
    for line, sample in enumerate(samples, start=1):
        source = (sample.get("detail") or {}).get("generation_of_repeat")
        if source is None:
            continue
        where = f"line {line}"
        if sample["benchmark"] not in shared:
            report.add("samples.jsonl", where, "detail.generation_of_repeat", source,
                       "a plan that generates every repeat")
            continue
        first = by.get((sample["benchmark"], sample["item_id"], source))
        for name in ("response", "verdict"):
            if first is None or first[name] != sample[name]:
                report.add("samples.jsonl", where, name, sample[name],
                           None if first is None else first[name])
        report.count("shared repeats")


def verify_run(bundle: Bundle, report: Report, unjudged: list[str]) -> RunData:
    description = check_methodology(bundle, report)
    judged = check_samples(bundle, report, description, unjudged)
    check_shared(bundle, report)
    plan = bundle.manifest["plan"]
    results = bundle.json("results.json")["benchmarks"]
    limit = (plan.get("limits") or {}).get("time_limit_s")
    items_by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for item in bundle.jsonl("items.jsonl"):
        items_by[item["benchmark"]].append(item)
    for bench in bundle.manifest["benchmarks"]:
        name = bench["name"]
        if name not in results:
            report.add("results.json", name, "benchmark", "missing", "planned")
            continue
        exclude = plan.get("missing") == "exclude"
        check_benchmark(report, name, results[name], items_by[name], judged[name],
                        bench["repeats"], exclude,
                        limit if bundle.manifest["run"]["kind"] != "predictions" else None)
        extra = results[name].get("extra") or {}
        if bench["check"] == "grades" and extra.get("grades") is not None:
            pairs = len(judged[name]) if exclude else len(items_by[name]) * bench["repeats"]
            check_grades(report, name, extra, judged[name], pairs)
        if bench["check"] == "tool-calls" and "categories" in extra:
            subject = {it["item_id"]: it["subject"] for it in items_by[name]}
            correct: defaultdict[str, int] = defaultdict(int)
            pairs_of: defaultdict[str, int] = defaultdict(int)
            for j in judged[name]:
                correct[subject[j.item_id]] += j.verdict == "correct"
                pairs_of[subject[j.item_id]] += exclude
            if not exclude:
                for it in items_by[name]:
                    pairs_of[it["subject"]] += bench["repeats"]
            check_bfcl(report, name, extra, correct, pairs_of)
    if "index.json" in bundle.files:
        check_index(report, bundle.json("index.json"), results)
    return RunData(dict(items_by), dict(judged), results)


