"""What a run takes from its methodology: which one, the temperature per variant, the
grader prompts it hashes, and where a plan departs from it (recorded as deviations)."""

from __future__ import annotations

from app.benchmarks import Benchmark, GraderUse, ranked
from app.config import Settings
from app.http import InvalidInput, NotFound
from app.methodology import DEFAULT, Methodology, Variant, find
from app.records import JudgePlan, LoopStop
from app.runs.schemas import EndpointModelIn, GGUFModelIn, MethodologyIn


def choose_methodology(asked: MethodologyIn | None) -> Methodology:
    if asked is None:
        return DEFAULT
    try:
        return find(asked.name, asked.version)
    except KeyError as exc:
        raise NotFound(str(exc.args[0]), field="methodology") from None


def temperature_for(methodology: Methodology, model: EndpointModelIn | GGUFModelIn
                    ) -> tuple[float | None, list[str]]:
    """The temperature a run samples at: the run's own where it sets one (a deviation when
    it differs from the methodology's for the model's variant), else the methodology's."""
    published = methodology.temperature.get(Variant(model.variant))
    asked = model.sampling.get("temperature") if isinstance(model, EndpointModelIn) \
        else model.temperature
    if asked is None:
        return published, []
    if not isinstance(asked, int | float) or isinstance(asked, bool):
        raise InvalidInput("temperature must be a number", field="model.sampling.temperature")
    if published is not None and float(asked) != published:
        return float(asked), [f"temperature {float(asked):g} where {methodology.label} "
                              f"samples {model.variant} models at {published:g}"]
    return float(asked), []


def judge_plan(settings: Settings, methodology: Methodology) -> JudgePlan | None:
    if not settings.judge_base_url:
        return None
    from app.inference import prompts_sha256

    # every grader prompt of the catalog under the methodology, in the device set's order
    prompts = list(dict.fromkeys(p for b in ranked()
                                 if (grader := b.about.grader_prompt) is not None
                                 and (p := grader(methodology))))
    return JudgePlan(base_url=settings.judge_base_url, model=settings.judge_model or "default",
                     api_key_env=settings.judge_api_key_env or None,
                     prompt_sha256=prompts_sha256(prompts))


def benchmark_deviations(methodology: Methodology, benchmark: Benchmark, by_likelihood: bool,
                         repeats: int, judged: bool) -> list[str]:
    """Where a benchmark's plan departs from the methodology's, in words."""
    name = benchmark.spec.name
    out = []
    if by_likelihood and methodology.mcq.everywhere:
        out.append(f"{name}: scored by loglikelihood where {methodology.label} asks "
                   "multiple choice generatively (mcq_mode generative follows it)")
    elif name in methodology.repeats and repeats != methodology.repeats_for(name):
        out.append(f"{name}: {repeats} repeats where {methodology.label} runs "
                   f"{methodology.repeats_for(name)}")
    if (methodology.grader_expected and not judged
            and benchmark.about.grader is GraderUse.SECOND_OPINION):
        out.append(f"{name}: no grader configured, so answers the symbolic check rejects "
                   f"stay wrong where {methodology.label} asks its equality checker "
                   "(POCKETEVAL_JUDGE_BASE_URL)")
    return out


def generation_deviations(loop_stop: LoopStop | None, cap: int | None,
                          generative: list[str]) -> list[str]:
    """What ends the generations of the benchmarks answered by generation besides the
    method: a loop stop, and an output cap the run set (an answer cut there is scored as
    it stands)."""
    if not generative:
        return []
    out = []
    if loop_stop is not None and loop_stop.action == "stop":
        out.append(f"{', '.join(generative)}: a generation that repeats one block "
                   f"{loop_stop.repeats} times in a row is ended and scored wrong, where the "
                   "method lets it run to its cap (stop_loops; `stop_loops: false` follows "
                   "the method)")
    if cap is not None:
        out.append(f"{', '.join(generative)}: answers end at {cap} output tokens "
                   "(max_output_tokens, set by the run, not by the method); an answer cut "
                   "there is scored as it stands")
    return out
