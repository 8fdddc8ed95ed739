"""Turning a run request into a stored, resumable plan: which items, how often, where."""

from __future__ import annotations

import os
import random
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.benchmarks.service import get_benchmark, spec_of
from app.config import Settings
from app.errors import InvalidInput, NotFound
from app.models import Item, Run
from app.runs.job_schemas import MOBILE_DEVICE_SET, RunCreate
from app.runs.prediction_runs import choose_split, config_hash, get_or_create_model
from app.runs.urls import check_endpoint_url

DEFAULT_REPEATS = 5
SINGLE_REPEAT = {"aa-omniscience"}  # AA-Omniscience is run once per question
JUDGED = {"aa-omniscience"}


def expand_benchmarks(names: list[str]) -> list[str]:
    out: list[str] = []
    for name in names:
        for expanded in (MOBILE_DEVICE_SET if name == "mobile-device-set" else (name,)):
            if expanded not in out:
                out.append(expanded)
    return out


def _item_ids(session: Session, benchmark_id: int, split: str | None, req: RunCreate
              ) -> list[int]:
    stmt = select(Item.id).where(Item.benchmark_id == benchmark_id)
    if split is not None:
        stmt = stmt.where(Item.split == split)
    ids = list(session.scalars(stmt.order_by(Item.id)))
    if req.limit is not None:
        return ids[:req.limit]
    if req.sample is not None and req.sample < len(ids):
        return sorted(random.Random(req.seed).sample(ids, req.sample))
    return ids


def endpoint_config(req: RunCreate, settings: Settings) -> dict[str, Any]:
    m = req.model
    check_endpoint_url(m.base_url, settings.endpoint_allowlist)
    if m.api_key_env is not None and m.api_key_env not in os.environ:
        raise InvalidInput(f"environment variable {m.api_key_env} is not set on the server",
                           field="model.api_key_env")
    if m.api_key is not None and m.api_key_env is not None:
        raise InvalidInput("give api_key or api_key_env, not both", field="model.api_key")
    return {"base_url": m.base_url, "model": m.model, "api_key_env": m.api_key_env,
            "inline_api_key": m.api_key is not None, "variant": m.variant,
            "max_output_tokens": m.max_output_tokens, "sampling": m.sampling,
            "stream": m.stream}


def judge_config(settings: Settings) -> dict[str, Any] | None:
    if not settings.judge_base_url:
        return None
    from app.runners.judge import JUDGE_PROMPT_SHA256

    return {"base_url": settings.judge_base_url, "model": settings.judge_model or "default",
            "api_key_env": settings.judge_api_key_env or None,
            "prompt_sha256": JUDGE_PROMPT_SHA256}


def plan_run(session: Session, req: RunCreate, settings: Settings) -> Run:
    if req.concurrency > settings.run_concurrency_max:
        raise InvalidInput(f"concurrency is capped at {settings.run_concurrency_max}",
                           field="concurrency")
    endpoint = endpoint_config(req, settings)
    judge = judge_config(settings)
    plans: list[dict[str, Any]] = []
    for index, name in enumerate(expand_benchmarks(req.benchmarks)):
        try:
            bench = get_benchmark(session, name)
        except NotFound:
            raise NotFound(f"benchmark {name!r} does not exist",
                           field=f"benchmarks[{index}]") from None
        if name in JUDGED and judge is None:
            raise InvalidInput(f"{name} answers are graded by a judge model: set "
                               "POCKETEVAL_JUDGE_BASE_URL (and _MODEL)",
                               field=f"benchmarks[{index}]")
        split = choose_split(session, bench, req.split)
        ids = _item_ids(session, bench.id, split, req)
        if not ids:
            raise InvalidInput(f"{name} has no items to run; import them first",
                               field=f"benchmarks[{index}]")
        repeats = 1 if name in SINGLE_REPEAT else (req.repeats or DEFAULT_REPEATS)
        plans.append({"name": name, "benchmark_id": bench.id, "split": split,
                      "repeats": repeats, "item_ids": ids,
                      "prompt_template_sha256": spec_of(bench).prompt_template_sha256})
    model = get_or_create_model(session, req.model.name, kind="openai")
    model.variant = req.model.variant
    model.settings = {k: v for k, v in endpoint.items() if k != "inline_api_key"}
    config = {
        "benchmarks": plans, "endpoint": endpoint, "judge": judge,
        "limits": {"context_window": req.context_window, "time_limit_s": req.time_limit_s,
                   "request_timeout_s": req.request_timeout_s},
        "concurrency": req.concurrency, "limit": req.limit, "sample": req.sample,
        "seed": req.seed,
    }
    run = Run(kind="endpoint", status="queued",
              benchmark_id=plans[0]["benchmark_id"] if len(plans) == 1 else None,
              model_id=model.id, repeats=max(p["repeats"] for p in plans), config=config,
              config_sha256=config_hash(config),
              total=sum(len(p["item_ids"]) * p["repeats"] for p in plans),
              created_at=datetime.now(UTC))
    session.add(run)
    session.flush()
    return run
