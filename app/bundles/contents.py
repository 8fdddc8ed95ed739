"""A run's bundle: everything its numbers rest on, in one zip a third party re-checks offline.

manifest.json names the run, its plan, methodology, item sets, model and build, and the
sha256 of every other file; manifest.sig is the server's Ed25519 signature over the
manifest's bytes, public-key.pem the key that made it. items.jsonl holds each item as asked,
samples.jsonl each sample as sent and answered, results.json every figure as reported, and
methodology/ the methodology's description (what its hash covers) and each of its texts.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from app import __version__
from app.benchmarks import benchmark_of, component_name
from app.bundles.signing import ALGORITHM, SigningKey
from app.http import Conflict, NotFound
from app.items import keyed_item
from app.records import EndpointPlan, MethodologyPin, PostedPlan, RunPlan, RunState
from app.results import index_read, runs_by_id
from app.runs import git_commit
from app.tables import Benchmark, Item, Model, Result, Run, Sample

FORMAT = "pocketeval-bundle"
FORMAT_VERSION = 1
BUNDLED = frozenset({RunState.FINISHED, RunState.FAILED, RunState.CANCELLED})
CHUNK = 500  # item ids read at a time


def _jsonl(rows: Iterable[object]) -> bytes:
    return b"".join(json.dumps(row, ensure_ascii=False, sort_keys=True).encode() + b"\n"
                    for row in rows)


def json_bytes(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, indent=1).encode() + b"\n"


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class BenchmarkPart:
    row: Benchmark
    split: str | None
    repeats: int
    item_ids: list[int]


def _parts(session: Session, run: Run) -> tuple[list[BenchmarkPart], MethodologyPin]:
    plan = run.config
    if isinstance(plan, RunPlan):
        return [BenchmarkPart(session.get_one(Benchmark, b.benchmark_id), b.split, b.repeats,
                              b.item_ids) for b in plan.benchmarks], plan.methodology
    if isinstance(plan, PostedPlan):
        bench = session.scalars(select(Benchmark).where(Benchmark.name == plan.benchmark)
                                ).one()
        # scored against every item of the split: one without a prediction is missing
        query = select(Item.id).where(Item.benchmark_id == bench.id).order_by(Item.id)
        if plan.split is not None:
            query = query.where(Item.split == plan.split)
        return [BenchmarkPart(bench, plan.split, run.repeats, list(session.scalars(query)))], \
            plan.methodology
    raise Conflict(f"run {run.id} is a {run.kind} run: it scored nothing to bundle",
                   field="run_id")


def _item_line(bench: str, row: Item) -> dict[str, object]:
    key = keyed_item(row.id, row.external_id, row.subject, row.n_choices, row.payload)
    return {"benchmark": bench, "item_id": row.id, "external_id": row.external_id,
            "split": row.split, "subject": row.subject, "n_choices": row.n_choices,
            "payload": row.payload,
            "key": None if key.payload_keyed else sorted(key.answers)}


def _sample_line(bench: str, s: Sample) -> dict[str, object]:
    return {"benchmark": bench, "item_id": s.item_id, "repeat": s.repeat, "prompt": s.prompt,
            "response": s.response, "answer": s.answer, "verdict": s.verdict,
            "score": s.score, "detail": s.detail, "latency_ms": s.latency_ms,
            "ttft_ms": s.ttft_ms, "prompt_tokens": s.prompt_tokens,
            "completion_tokens": s.completion_tokens,
            "reasoning_tokens": s.reasoning_tokens, "finish_reason": s.finish_reason}


def _model(session: Session, run: Run) -> dict[str, object]:
    plan = run.config
    name = session.scalar(select(Model.name).where(Model.id == run.model_id))
    out: dict[str, object] = {"name": name}
    if isinstance(plan, RunPlan) and isinstance(plan.model, EndpointPlan):
        out["endpoint_model"] = plan.model.model
    elif isinstance(plan, RunPlan):
        out["gguf_sha256"] = run.reproducibility.gguf_sha256 if run.reproducibility else None
    return out


def _texts(description: dict[str, object]) -> dict[str, str]:
    """Each text of a methodology under the name its description (and so its hash) gives
    it; the multiple-choice template is "mcq.template"."""
    out = {key: str(value["text"]) for key, value in description.items()
           if isinstance(value, dict) and "text" in value}
    mcq = description["mcq"]
    assert isinstance(mcq, dict)
    out["mcq.template"] = str(mcq["template"]["text"])
    return out


def run_bundle(session: Session, run_id: int, key: SigningKey) -> bytes:
    """The zip of a finished (or failed, or cancelled) run; 409 while it is under way."""
    run = session.get(Run, run_id)
    if run is None:
        raise NotFound(f"run {run_id} does not exist", field="run_id")
    if run.status not in BUNDLED:
        raise Conflict(f"run {run_id} is {run.status}: its bundle is made once it has ended",
                       field="run_id")
    parts, pin = _parts(session, run)
    methodology = pin.resolve()
    description = methodology.describe()
    files: dict[str, bytes] = {}
    items: list[dict[str, object]] = []
    samples: list[dict[str, object]] = []
    benchmarks: list[dict[str, object]] = []
    records = {b.name: b for b in (run.reproducibility.benchmarks if run.reproducibility
                                   else [])}
    for part in parts:
        name = part.row.name
        rows: dict[int, Item] = {}
        for start in range(0, len(part.item_ids), CHUNK):  # some databases cap parameters
            rows |= {r.id: r for r in session.scalars(select(Item).where(
                Item.id.in_(part.item_ids[start:start + CHUNK])))}
        items += [_item_line(name, rows[i]) for i in part.item_ids if i in rows]
        samples += [_sample_line(name, s) for s in session.scalars(
            select(Sample).join(Item, Item.id == Sample.item_id)
            .where(Sample.run_id == run.id, Item.benchmark_id == part.row.id)
            .order_by(Sample.item_id, Sample.repeat)) if s.item_id in rows]
        record = records.get(name)
        behaviour = benchmark_of(part.row)
        benchmarks.append({
            "name": name, "version": part.row.version, "split": part.split,
            "repeats": part.repeats, "check": behaviour.scorer.check.value,
            "rules": dict(behaviour.about.definitions), "items": len(part.item_ids),
            "item_set": record.item_set.model_dump(mode="json")
            if record is not None and record.item_set is not None else None})
    results = {name: metrics for name, metrics in session.execute(
        select(Benchmark.name, Result.metrics).join(Benchmark, Benchmark.id == Result.benchmark_id)
        .where(Result.run_id == run.id).order_by(Benchmark.name))}
    files["items.jsonl"] = _jsonl(items)
    files["samples.jsonl"] = _jsonl(samples)
    files["results.json"] = json_bytes({"benchmarks": results})
    if any(component_name(name) is not None for name in results):
        # the Mobile Intelligence Index of the components the run gives (GET /index?runs=)
        files["index.json"] = json_bytes(
            index_read(runs_by_id(session, [run.id])).model_dump(mode="json"))
    files["methodology/description.json"] = json_bytes(description)
    for name, text in _texts(description).items():
        files[f"methodology/texts/{name}.txt"] = text.encode()
    manifest = {
        "format": FORMAT, "format_version": FORMAT_VERSION,
        "pocketeval": {"version": __version__, "commit": git_commit()},
        "run": {"id": run.id, "kind": str(run.kind), "status": str(run.status),
                "created_at": run.created_at.isoformat(),
                "finished_at": run.finished_at.isoformat() if run.finished_at else None,
                "retracted": run.retracted_at is not None},
        "plan": run.config.model_dump(mode="json"), "plan_sha256": run.config_sha256,
        "methodology": {**pin.model_dump(mode="json"),
                        "description": "methodology/description.json"},
        "benchmarks": benchmarks,
        "model": _model(session, run),
        "reproducibility": run.reproducibility.model_dump(mode="json")
        if run.reproducibility else None,
    }
    return signed_zip(manifest, files, key)


def signed_zip(manifest: dict[str, object], files: dict[str, bytes], key: SigningKey) -> bytes:
    """The zip of `files` beside their manifest (which lists their sha256), its signature
    and the key that made it."""
    manifest = {**manifest, "signature": {"algorithm": ALGORITHM,
                                          "public_key_fingerprint": key.fingerprint},
                "files": {path: _sha256(data) for path, data in sorted(files.items())}}
    manifest_bytes = json_bytes(manifest)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.json", manifest_bytes)
        archive.writestr("manifest.sig", base64.b64encode(key.sign(manifest_bytes)) + b"\n")
        archive.writestr("public-key.pem", key.public_pem)
        for path, data in sorted(files.items()):
            archive.writestr(path, data)
    return out.getvalue()
