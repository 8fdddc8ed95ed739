"""Turning a run request into a stored, resumable plan: which items, how often, where.

Every refusal is a 4xx naming the request field, made before anything is stored."""

from __future__ import annotations

import os
from datetime import UTC, datetime

from sqlalchemy.orm import Session

from app.benchmarks import DEVICE_SET, mobile_device_set
from app.config import Settings
from app.http import Conflict, InvalidInput
from app.inference import check_endpoint_url
from app.records import (
    EndpointPlan,
    GGUFPlan,
    MethodologyPin,
    ModelPlan,
    RunKind,
    RunLimits,
    RunPlan,
    RunRuntime,
    RunState,
    SampleStyle,
    plan_sha256,
)
from app.runs import reproducibility
from app.runs.audit_planning import audit_plan
from app.runs.benchmark_planning import BenchmarkPlanner
from app.runs.gguf_planning import gguf_plan, sequences
from app.runs.item_order import unit_order
from app.runs.methodology_planning import (
    choose_methodology,
    generation_deviations,
    judge_plan,
    temperature_for,
)
from app.runs.model_records import get_or_create_model
from app.runs.reference_planning import paired_with_reference
from app.runs.schemas import EndpointModelIn, GGUFModelIn, RunCreate
from app.tables import Model, Run


def expand_benchmarks(names: list[str]) -> list[str]:
    out: list[str] = []
    for name in names:
        for expanded in (mobile_device_set() if name == DEVICE_SET else (name,)):
            if expanded not in out:
                out.append(expanded)
    return out


def endpoint_plan(m: EndpointModelIn, settings: Settings, temperature: float | None
                  ) -> EndpointPlan:
    check_endpoint_url(m.base_url, settings.endpoint_allowlist)
    if m.api_key_env is not None and not settings.key_env_allowed(m.api_key_env):
        # the same answer whether or not the variable exists: no oracle for server secrets
        raise Conflict(f"api_key_env must start with {settings.endpoint_key_env_prefix} or "
                           "be listed in POCKETEVAL_ENDPOINT_KEY_ENVS",
                           field="model.api_key_env")
    if m.api_key_env is not None and m.api_key_env not in os.environ:
        raise Conflict(f"environment variable {m.api_key_env} is not set on the server",
                           field="model.api_key_env")
    if m.api_key is not None and m.api_key_env is not None:
        raise InvalidInput("give api_key or api_key_env, not both", field="model.api_key")
    sampling = dict(m.sampling)
    if temperature is not None:
        sampling["temperature"] = temperature
    return EndpointPlan(base_url=m.base_url, model=m.model, api_key_env=m.api_key_env,
                        inline_api_key=m.api_key is not None, variant=m.variant,
                        max_output_tokens=m.max_output_tokens, sampling=sampling,
                        stream=m.stream, tool_choice=m.tool_choice)


def plan_run(session: Session, req: RunCreate, settings: Settings,
             created_by: str | None = None) -> Run:
    """The run, queued, with its plan: every refusal made before anything is stored."""
    if isinstance(req.model, GGUFModelIn) and req.audit is not None and \
            req.audit.kind == "vision-only":
        raise InvalidInput("a vision-only audit sends images: it needs an endpoint model "
                           "that reads them", field="audit")
    methodology = choose_methodology(req.methodology)
    temperature, deviations = temperature_for(methodology, req.model)
    model_plan: ModelPlan = gguf_plan(req.model, settings, temperature) \
        if isinstance(req.model, GGUFModelIn) \
        else endpoint_plan(req.model, settings, temperature)
    gguf = model_plan if isinstance(model_plan, GGUFPlan) else None
    planner = BenchmarkPlanner(session, req, methodology, gguf,
                               judge_plan(settings, methodology), deviations)
    plans = [planner.plan(index, name)
             for index, name in enumerate(expand_benchmarks(req.benchmarks))]
    deviations += generation_deviations(gguf.stop_loops if gguf else None,
                                        req.model.max_output_tokens, planner.generative)
    if gguf is not None:
        assert isinstance(req.model, GGUFModelIn)
        likelihood = any(p.style is SampleStyle.LOGLIKELIHOOD for p in plans)
        gguf = model_plan = gguf.model_copy(update={
            "parallel": sequences(req.model, plans, settings),
            "topology": gguf.topology.model_copy(update={"likelihood": likelihood})})
    plan = RunPlan(
        benchmarks=paired_with_reference(session, req, plans), model=model_plan,
        judge=planner.judge,
        limits=RunLimits(context_window=req.context_window, time_limit_s=req.time_limit_s,
                         request_timeout_s=req.request_timeout_s),
        # as many samples at a time as the workers decode together (the topology chosen at
        # the run's start may take fewer workers or sequences: its runtime record says)
        concurrency=(gguf.workers or 1) * gguf.parallel if gguf is not None
        else min(req.concurrency, settings.run_concurrency_max),  # the plan says which
        limit=req.limit, sample=req.sample, seed=req.seed, order=unit_order(req, gguf),
        stop_when=req.stop_when,
        audit=None if req.audit is None else audit_plan(req.audit),
        methodology=MethodologyPin.of(methodology, deviations), reference_run=req.reference_run)
    return _queued(session, plan, _model_row(session, req, model_plan), created_by)


def _model_row(session: Session, req: RunCreate, model_plan: ModelPlan) -> Model:
    """The model's row, with the settings and eligibility of this run's model."""
    gguf = model_plan if isinstance(model_plan, GGUFPlan) else None
    model = get_or_create_model(session, req.model.name,
                                kind=RunKind.GGUF if gguf is not None else "openai")
    model.variant = req.model.variant
    if gguf is not None:
        model.settings = {"path": gguf.path}
        model.eligibility = gguf.eligibility.model_dump(mode="json")
    else:
        model.settings = model_plan.model_dump(mode="json", exclude={"kind", "inline_api_key"})
    return model


def _queued(session: Session, plan: RunPlan, model: Model, created_by: str | None) -> Run:
    plans = plan.benchmarks
    run = Run(kind=plan.kind, status=RunState.QUEUED,
              benchmark_id=plans[0].benchmark_id if len(plans) == 1 else None,
              model_id=model.id, repeats=max(p.repeats for p in plans),
              config=plan, config_sha256=plan_sha256(plan), runtime=RunRuntime(),
              reproducibility=reproducibility.record(session, plan),
              created_at=datetime.now(UTC), created_by=created_by)
    session.add(run)
    session.flush()
    return run
