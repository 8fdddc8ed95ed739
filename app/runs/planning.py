"""Turning a run request into a stored, resumable plan: which items, how often, where.

Every refusal is a 4xx naming the request field, made before anything is stored."""

from __future__ import annotations

import os
from datetime import UTC, datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.benchmarks.base import loglikelihood_capable, prompt_sha256
from app.benchmarks.protocol import GraderUse
from app.benchmarks.registry import mobile_device_set
from app.benchmarks.service import benchmark_of, choose_split, get_benchmark
from app.benchmarks.spec import BenchmarkSpec
from app.benchmarks.suites import DEVICE_SET
from app.config import Settings
from app.http.errors import Conflict, InvalidInput, NotFound
from app.inference.openai.urls import check_endpoint_url
from app.records.run_enums import RunKind, RunState, SampleStyle, ToolChoice
from app.records.run_plan import (
    BenchmarkPlan,
    EndpointPlan,
    GGUFPlan,
    MethodologyPin,
    ModelPlan,
    RunLimits,
    RunPlan,
    plan_sha256,
)
from app.records.run_runtime import RunRuntime
from app.runs import reproducibility
from app.runs.audit_planning import audit_plan, audited_items
from app.runs.gguf_planning import gguf_plan, sequences
from app.runs.item_order import item_ids, unit_order
from app.runs.methodology_planning import (
    benchmark_deviations,
    choose_methodology,
    generation_deviations,
    judge_plan,
    temperature_for,
)
from app.runs.model_records import get_or_create_model
from app.runs.reference_planning import paired_with_reference
from app.runs.repeat_sharing import shared_repeats
from app.runs.schemas import EndpointModelIn, GGUFModelIn, RunCreate
from app.tables import Item, Run


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


def _require_shots(session: Session, spec: BenchmarkSpec, benchmark_id: int, ids: list[int],
                   field: str) -> None:
    """k-shot prompts need k examples of every subject in the few-shot split."""
    if not spec.fewshot_count or spec.fewshot_split is None:
        return
    subjects = set(session.scalars(select(Item.subject).where(Item.id.in_(ids)).distinct()))
    have = dict(session.execute(
        select(Item.subject, func.count()).where(Item.benchmark_id == benchmark_id,
                                                 Item.split == spec.fewshot_split)
        .group_by(Item.subject)).all())
    short = sorted(s for s in subjects if have.get(s, 0) < spec.fewshot_count)
    if short:
        raise Conflict(f"{spec.name} is {spec.fewshot_count}-shot from the "
                           f"{spec.fewshot_split!r} split, which lacks examples for "
                           f"{', '.join(short[:5])}; import it first", field=field)


def plan_run(session: Session, req: RunCreate, settings: Settings,
             created_by: str | None = None) -> Run:
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
    judge = judge_plan(settings, methodology)
    plans: list[BenchmarkPlan] = []
    generative: list[str] = []  # benchmarks answered by generation, not loglikelihood
    for index, name in enumerate(expand_benchmarks(req.benchmarks)):
        field = f"benchmarks[{index}]"
        try:
            bench = get_benchmark(session, name)
        except NotFound:
            raise NotFound(f"benchmark {name!r} does not exist", field=field) from None
        benchmark = benchmark_of(bench)
        spec = benchmark.spec
        if gguf is not None and spec.kind == "tool_calls" and not gguf.tool_format:
            raise InvalidInput(f"{name} needs native tool calls and this model's chat template "
                               "has no tool support: it is unsupported, not scored as zero",
                               field=field)
        if benchmark.about.grader is GraderUse.GRADES and judge is None:
            raise Conflict(f"{name} answers are graded by a judge model: set "
                               "POCKETEVAL_JUDGE_BASE_URL (and _MODEL)", field=field)
        split = choose_split(session, bench, req.split)
        drawn = item_ids(session, bench.id, split, req, stratified=spec.stratified)
        ids, strata = drawn.ids, drawn.strata
        if not ids:
            raise Conflict(f"{name} has no items to run; import them first", field=field)
        by_likelihood = (gguf is not None and gguf.by_likelihood
                         and loglikelihood_capable(benchmark))
        if by_likelihood:
            _require_shots(session, spec, bench.id, ids, field)
        elif gguf is not None and gguf.runtime == "in-process" and not gguf.chat_template:
            raise InvalidInput(f"{name} is answered in chat messages and this model's file "
                               "has no chat template (tokenizer.chat_template): use a chat "
                               "model, or a benchmark scored by loglikelihood", field=field)
        # loglikelihood choices are deterministic: one repeat says it all
        repeats = 1 if by_likelihood else \
            spec.repeats(req.repeats or methodology.repeats_for(name))
        if req.audit is None:
            deviations += benchmark_deviations(methodology, benchmark, by_likelihood, repeats,
                                               judged=judge is not None)
            if not by_likelihood:
                generative.append(name)
            if spec.kind == "tool_calls" and req.model.tool_choice is ToolChoice.REQUIRED:
                deviations.append(f"{name}: tool_choice required forces a call on every item, "
                                  "where declining one can be the right answer")
        arrangements: list[str] = []
        n_options = None
        if req.audit is not None:
            audited = audited_items(session, req.audit, benchmark, ids, field)
            ids, arrangements, n_options = (audited.item_ids, audited.treatments,
                                            audited.n_options)
            repeats = len(arrangements)
        style = SampleStyle.LOGLIKELIHOOD if by_likelihood else SampleStyle.CHAT
        shared = shared_repeats(gguf, spec, style, repeats, ids, req.seed, methodology,
                                audited=req.audit is not None)
        if shared is not None:
            deviations.append(shared.deviation)
        plans.append(BenchmarkPlan(
            name=name, benchmark_id=bench.id, split=split, repeats=repeats, item_ids=ids,
            shared_repeats=shared is not None,
            regenerated=[] if shared is None else shared.regenerated,
            style=style,
            prompt_template_sha256=prompt_sha256(benchmark.variant(methodology=methodology)),
            arrangements=arrangements, n_options=n_options, strata=strata,
            notes=[] if drawn.note is None else [drawn.note]))
    deviations += generation_deviations(gguf.stop_loops if gguf else None,
                                        req.model.max_output_tokens, generative)
    if gguf is not None:
        assert isinstance(req.model, GGUFModelIn)
        likelihood = any(p.style is SampleStyle.LOGLIKELIHOOD for p in plans)
        gguf = model_plan = gguf.model_copy(update={
            "parallel": sequences(req.model, plans, settings),
            "topology": gguf.topology.model_copy(update={"likelihood": likelihood})})
    plans = paired_with_reference(session, req, plans)
    model = get_or_create_model(session, req.model.name,
                                kind=RunKind.GGUF if gguf is not None else "openai")
    model.variant = req.model.variant
    if gguf is not None:
        model.settings = {"path": gguf.path}
        model.eligibility = gguf.eligibility.model_dump(mode="json")
    else:
        model.settings = model_plan.model_dump(mode="json", exclude={"kind", "inline_api_key"})
    plan = RunPlan(
        benchmarks=plans, model=model_plan, judge=judge,
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
    run = Run(kind=plan.kind, status=RunState.QUEUED,
              benchmark_id=plans[0].benchmark_id if len(plans) == 1 else None,
              model_id=model.id, repeats=max(p.repeats for p in plans),
              config=plan, config_sha256=plan_sha256(plan), runtime=RunRuntime(),
              reproducibility=reproducibility.record(session, plan),
              created_at=datetime.now(UTC), created_by=created_by)
    session.add(run)
    session.flush()
    return run
