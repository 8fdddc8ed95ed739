"""A run in lm-evaluation-harness's output layout (so tools that read lm-eval results read
PocketEval runs), and its samples as CSV.

lm-eval writes `<model>/results_<date>.json` (results, configs, versions, n-shot,
higher_is_better, n-samples, config) and `<model>/samples_<task>_<date>.jsonl` (doc, target,
arguments, resps, filtered_resps, the metric, and sha256 hashes of doc, prompt and target).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
import zipfile
from collections.abc import Iterator
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.benchmarks import spec_of
from app.records import Json, PostedPlan, RunPlan, SampleStyle
from app.runs.queries import get_run, require_run
from app.scoring import LETTERS, key_of
from app.tables import Benchmark, Item, Result, Run, Sample


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _sanitized(name: str) -> str:
    """lm-eval's own rule for model folder names."""
    return re.sub(r"[\"<>:/|\\?*\[\]]+", "__", name)


def _sample_line(index: int, sample: Sample, item: Item) -> dict[str, object]:
    payload = item.payload
    doc: dict[str, object] = {"id": item.external_id, "subject": item.subject,
                 **{k: payload[k] for k in ("question", "choices", "answers", "references")
                    if k in payload}}  # the stored JSON, exported as it is
    target = (key_of(payload) or ("",))[0]
    prompt = sample.prompt or ""
    logprobs = (sample.detail or {}).get("logprobs")
    if isinstance(logprobs, list):  # loglikelihood: one request per option, as lm-eval has
        options = [f" {letter}" for letter in LETTERS[:len(logprobs)]]
        arguments: dict[str, object] = {f"gen_args_{i}": {"arg_0": prompt, "arg_1": option}
                           for i, option in enumerate(options)}
        # as lm-eval writes them: every value a string (its sanitize_list)
        resps: list[object] = [[[str(lp), "False"]] for lp in logprobs]
        filtered: list[object] = [[str(lp), "False"] for lp in logprobs]
    else:
        arguments = {"gen_args_0": {"arg_0": prompt, "arg_1": {}}}
        resps = [[sample.response or ""]]
        filtered = [sample.answer or ""]
    return {"doc_id": index, "doc": doc, "target": target, "arguments": arguments,
            "resps": resps, "filtered_resps": filtered, "filter": "none", "metrics": ["acc"],
            "doc_hash": _hash(json.dumps(doc, indent=2, ensure_ascii=False)),
            "prompt_hash": _hash(prompt), "target_hash": _hash(target),
            "acc": sample.score, "repeat": sample.repeat, "verdict": sample.verdict}


def _task_block(bench: Benchmark, metrics: Json, shots: int, style: str) -> dict[str, Json]:
    name = bench.name
    acc, stderr = metrics.get("accuracy"), metrics.get("stderr")
    return {
        "results": {"alias": name, "acc,none": acc, "acc_stderr,none": stderr},
        "configs": {"task": name, "test_split": metrics.get("split"), "num_fewshot": shots,
                    "output_type": style, "metric_list": [
                        {"metric": "acc", "aggregation": "mean", "higher_is_better": True}],
                    "metadata": {"version": bench.version}},
        "n-samples": {"original": metrics.get("n_items"), "effective": metrics.get("n_items")},
    }


def lm_eval_archive(session: Session, run_id: int) -> tuple[str, bytes]:
    """(file name, zip bytes) of the run in lm-eval's layout."""
    run = get_run(session, run_id)
    row = session.get_one(Run, run_id)
    model = _sanitized(run.model or f"run-{run_id}")
    stamp = (run.finished_at or run.created_at or datetime.now(UTC)).replace(tzinfo=None)
    date_id = stamp.isoformat().replace(":", "-")
    results = session.execute(select(Result, Benchmark).join(
        Benchmark, Benchmark.id == Result.benchmark_id).where(Result.run_id == run_id)
        .order_by(Benchmark.name)).all()
    styles = {b.name: b.style for b in row.config.benchmarks} \
        if isinstance(row.config, RunPlan) else {}
    aggregated: dict[str, object] = {}
    tables: dict[str, Json] = {"results": {}, "group_subtasks": {}, "configs": {},
                                   "versions": {}, "n-shot": {}, "higher_is_better": {},
                                   "n-samples": {}}
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as archive:
        for result, bench in results:
            spec = spec_of(bench)
            style = "multiple_choice" if styles.get(bench.name) is SampleStyle.LOGLIKELIHOOD \
                else "generate_until"
            shots = spec.fewshot_count if style == "multiple_choice" else 0
            block = _task_block(bench, result.metrics, shots, style)
            for key in ("results", "configs", "n-samples"):
                tables[key][bench.name] = block[key]
            tables["group_subtasks"][bench.name] = []
            tables["versions"][bench.name] = bench.version
            tables["n-shot"][bench.name] = shots
            tables["higher_is_better"][bench.name] = {"acc": True}
            lines = "".join(json.dumps(_sample_line(i, s, it), ensure_ascii=False) + "\n"
                            for i, (s, it) in enumerate(_samples(session, run_id, bench.id)))
            archive.writestr(f"{model}/samples_{bench.name}_{date_id}.jsonl", lines)
        aggregated.update(tables)
        methodology = run.plan.methodology.model_dump(mode="json") \
            if isinstance(run.plan, RunPlan | PostedPlan) else None
        aggregated.update({
            "config": {"model": "pocketeval", "model_args": json.dumps(run.plan.model_dump(
                mode="json") if run.plan else {}), "batch_size": 1},
            "model_name": run.model, "model_name_sanitized": model, "date": stamp.timestamp(),
            "pocketeval": {"run_id": run_id, "config_sha256": run.config_sha256,
                           "methodology": methodology,
                           "reproducibility": None if run.reproducibility is None
                           else run.reproducibility.model_dump(mode="json")},
        })
        archive.writestr(f"{model}/results_{date_id}.json",
                         json.dumps(aggregated, indent=2, ensure_ascii=False))
    return f"run-{run_id}-lm-eval.zip", buf.getvalue()


def _samples(session: Session, run_id: int, benchmark_id: int) -> Iterator[tuple[Sample, Item]]:
    stmt = (select(Sample, Item).join(Item, Item.id == Sample.item_id)
            .where(Sample.run_id == run_id, Item.benchmark_id == benchmark_id)
            .order_by(Item.id, Sample.repeat))
    for row in session.execute(stmt):
        yield row[0], row[1]


SAMPLE_COLUMNS = ("benchmark", "item_id", "external_id", "subject", "repeat", "verdict", "score",
                  "answer", "latency_ms", "ttft_ms", "prompt_tokens", "completion_tokens",
                  "finish_reason")


def samples_csv(session: Session, run_id: int) -> str:
    require_run(session, run_id)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(SAMPLE_COLUMNS)
    stmt = (select(Sample, Item, Benchmark.name).join(Item, Item.id == Sample.item_id)
            .join(Benchmark, Benchmark.id == Item.benchmark_id).where(Sample.run_id == run_id)
            .order_by(Sample.id))
    for s, item, bench in session.execute(stmt):
        writer.writerow([bench, item.id, item.external_id, item.subject, s.repeat, s.verdict,
                         s.score, s.answer or "", s.latency_ms, s.ttft_ms, s.prompt_tokens,
                         s.completion_tokens, s.finish_reason or ""])
    return out.getvalue()
