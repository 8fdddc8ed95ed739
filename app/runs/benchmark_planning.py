"""Planning one benchmark of a run: its items, repeats, prompt style and shared repeats,
each refusal a 4xx naming the request's `benchmarks[i]`; what it deviates from the
methodology is gathered for the run's pin."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.benchmarks import (
    Benchmark,
    BenchmarkSpec,
    GraderUse,
    benchmark_of,
    choose_split,
    get_benchmark,
    loglikelihood_capable,
    prompt_sha256,
)
from app.http import Conflict, InvalidInput, NotFound
from app.methodology import Methodology
from app.records import BenchmarkPlan, GGUFPlan, JudgePlan, SampleStyle, ToolChoice
from app.runs.audit_planning import audited_items
from app.runs.item_order import item_ids
from app.runs.methodology_planning import benchmark_deviations
from app.runs.repeat_sharing import shared_repeats
from app.runs.schemas import RunCreate
from app.tables import Benchmark as BenchmarkRow
from app.tables import Item


def require_shots(session: Session, spec: BenchmarkSpec, benchmark_id: int, ids: list[int],
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


@dataclass
class BenchmarkPlanner:
    """What planning each benchmark of one run shares, and what it gathers: the
    deviations from the methodology, and the benchmarks answered by generation."""

    session: Session
    req: RunCreate
    methodology: Methodology
    gguf: GGUFPlan | None
    judge: JudgePlan | None
    deviations: list[str]
    generative: list[str] = field(default_factory=list)

    def plan(self, index: int, name: str) -> BenchmarkPlan:
        where = f"benchmarks[{index}]"
        bench = self._row(name, where)
        benchmark = benchmark_of(bench)
        self._check(benchmark, name, where)
        spec, req = benchmark.spec, self.req
        split = choose_split(self.session, bench, req.split)
        drawn = item_ids(self.session, bench.id, split, req, stratified=spec.stratified)
        ids = drawn.ids
        if not ids:
            raise Conflict(f"{name} has no items to run; import them first", field=where)
        by_likelihood = self._by_likelihood(benchmark, name, bench.id, ids, where)
        # loglikelihood choices are deterministic: one repeat says it all
        repeats = 1 if by_likelihood else \
            spec.repeats(req.repeats or self.methodology.repeats_for(name))
        arrangements: list[str] = []
        n_options = None
        if req.audit is None:
            self._note(benchmark, name, by_likelihood, repeats)
        else:
            audited = audited_items(self.session, req.audit, benchmark, ids, where)
            ids, arrangements, n_options = (audited.item_ids, audited.treatments,
                                            audited.n_options)
            repeats = len(arrangements)
        style = SampleStyle.LOGLIKELIHOOD if by_likelihood else SampleStyle.CHAT
        shared = shared_repeats(self.gguf, spec, style, repeats, ids, req.seed,
                                self.methodology, audited=req.audit is not None)
        if shared is not None:
            self.deviations.append(shared.deviation)
        return BenchmarkPlan(
            name=name, benchmark_id=bench.id, split=split, repeats=repeats, item_ids=ids,
            shared_repeats=shared is not None,
            regenerated=[] if shared is None else shared.regenerated, style=style,
            prompt_template_sha256=prompt_sha256(benchmark.variant(
                methodology=self.methodology)),
            arrangements=arrangements, n_options=n_options, strata=drawn.strata,
            notes=[] if drawn.note is None else [drawn.note])

    def _row(self, name: str, where: str) -> BenchmarkRow:
        try:
            return get_benchmark(self.session, name)
        except NotFound:
            raise NotFound(f"benchmark {name!r} does not exist", field=where) from None

    def _check(self, benchmark: Benchmark, name: str, where: str) -> None:
        """What the model or the server lacks for the benchmark, refused before anything
        is stored."""
        spec = benchmark.spec
        if self.gguf is not None and spec.kind == "tool_calls" and not self.gguf.tool_format:
            raise InvalidInput(f"{name} needs native tool calls and this model's chat "
                               "template has no tool support: it is unsupported, not scored "
                               "as zero", field=where)
        if benchmark.about.grader is GraderUse.GRADES and self.judge is None:
            raise Conflict(f"{name} answers are graded by a judge model: set "
                           "POCKETEVAL_JUDGE_BASE_URL (and _MODEL)", field=where)

    def _by_likelihood(self, benchmark: Benchmark, name: str, benchmark_id: int,
                       ids: list[int], where: str) -> bool:
        """Whether the benchmark is answered by loglikelihood (a GGUF run that asks and a
        benchmark that can), with what each way needs checked."""
        gguf = self.gguf
        if gguf is not None and gguf.by_likelihood and loglikelihood_capable(benchmark):
            require_shots(self.session, benchmark.spec, benchmark_id, ids, where)
            return True
        if gguf is not None and gguf.runtime == "in-process" and not gguf.chat_template:
            raise InvalidInput(f"{name} is answered in chat messages and this "
                               "model's file has no chat template (tokenizer.chat_template): "
                               "use a chat model, or a benchmark scored by loglikelihood",
                               field=where)
        return False

    def _note(self, benchmark: Benchmark, name: str, by_likelihood: bool, repeats: int
              ) -> None:
        """The benchmark's deviations from the methodology, for the run's pin."""
        self.deviations += benchmark_deviations(self.methodology, benchmark, by_likelihood,
                                                repeats, judged=self.judge is not None)
        if not by_likelihood:
            self.generative.append(name)
        if benchmark.spec.kind == "tool_calls" and \
                self.req.model.tool_choice is ToolChoice.REQUIRED:
            self.deviations.append(f"{name}: tool_choice required forces a call on every "
                                   "item, where declining one can be the right answer")
