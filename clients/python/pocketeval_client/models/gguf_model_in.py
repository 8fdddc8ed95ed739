from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.gguf_model_in_runtime import GGUFModelInRuntime
from ..models.gguf_model_in_variant import GGUFModelInVariant
from ..models.mcq_mode import McqMode
from ..models.repeats_generated import RepeatsGenerated
from ..models.reuse_mode import ReuseMode
from ..models.tool_choice import ToolChoice
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.loop_stop import LoopStop





T = TypeVar("T", bound="GGUFModelIn")



@_attrs_define
class GGUFModelIn:
    """ A GGUF file inside POCKETEVAL_MODEL_DIRS, evaluated by the built-in llama.cpp runner
    after the memory eligibility check (`force` runs a model that fails it, flagged).

        Attributes:
            name (str):
            path (str):
            force (bool | Unset):  Default: False.
            max_output_tokens (int | None | Unset): Cap on generated tokens per answer; default: what the context window
                leaves
            mcq_mode (McqMode | None | Unset): Plain multiple choice: argmax log P(letter) after the prompt (default in-
                process), or a generated answer (AA style; llama-server's only mode)
            n_threads (int | None | Unset): Threads of each worker. Default: as the host probe chose (in-process)
            parallel (int | None | Unset): Generations decoded together in each worker's context (continuous batching; each
                sequence holds a whole window when POCKETEVAL_GGUF_KV_BUDGET_BYTES allows, else they share one; llama-server:
                its slots, each with a whole window). Default in-process: 1 or POCKETEVAL_GGUF_PARALLEL (4), as the host probe
                measured faster; 1 for llama-server and when a benchmark is scored by loglikelihood. Texts decoded beside others
                can differ from those decoded alone where two tokens are nearly tied: 1 is batch-invariant
            prompt_lookup (int | Unset): In-process runtime, greedy answers: prompt-lookup (n-gram) guesses decoded a step
                beside each answer's next token and kept while greedy decoding agrees, so answers that copy their prompt take
                fewer steps. Decoded in one batch, positions are not bit-exact with one token alone: an answer can differ from
                the one without guesses (docs/gguf.md). 0: off Default: 0.
            repeats_generated (RepeatsGenerated | Unset): GGUF runs at temperature 0: a greedy generation of one prompt is
                the same
                computation every time, so a prompt's repeats share one generation (`once`, each
                verdict counted for every repeat the method asks, a sample of prompts generated again to
                show what the skipped repeats could change), or each repeat is generated (`all`).
            reuse (ReuseMode | Unset): Loglikelihood runs: evaluate each item's whole context from an empty cache (exact,
                lm-evaluation-harness's numbers), or keep the shared few-shot prefix in the cache
                (faster; numbers drift, measured on a calibration sample and reported).
            reuse_calibration_items (int | Unset): reuse prefix: the first items of each benchmark also run on the exact
                path, to measure the drift; the results give the flip rate's 95% upper bound (0 flips in 8 items allow 36.9%, in
                100 items 3.6%) Default: 8.
            runtime (GGUFModelInRuntime | Unset): llama-cpp-python in a worker process, or the llama-server binary
                configured in POCKETEVAL_LLAMA_SERVER, started with --jinja on loopback (tool calls parsed by llama.cpp itself)
                Default: GGUFModelInRuntime.IN_PROCESS.
            seed (int | Unset):  Default: 0.
            stop_loops (bool | LoopStop | Unset): End a generation that repeats one block of tokens `repeats` times in a row
                (a loop of
                    `min_span` tokens at least, blocks of at most `max_block`): the sample is truncated
                    (wrong), the evidence kept. On by default for GGUF runs, as a deviation from the method
                    (a small model's loop runs to its cap: minutes a sample on a phone-class CPU).
                    `observe` only marks where it would have stopped (how often such loops recover). In-process runtime only:
                `true` (the default there) is the rule's defaults, `false` off Default: True.
            temperature (float | None | Unset): Default: the methodology's for the model's variant (0 where it names none);
                another value is a deviation
            tool_choice (ToolChoice | Unset): OpenAI's `tool_choice` for items that offer tools: the model decides (`auto`),
                or
                must answer with a call (`required`; llama-server enforces it with a grammar). Forcing a
                call is a deviation wherever declining to call can be the right answer.
            variant (GGUFModelInVariant | Unset):  Default: GGUFModelInVariant.NON_REASONING.
            workers (int | None | Unset): In-process: worker processes, each with the model loaded once. Default: what the
                host probe measured fastest for the run (POCKETEVAL_GGUF_TOPOLOGY=probe), else 1
     """

    name: str
    path: str
    force: bool | Unset = False
    max_output_tokens: int | None | Unset = UNSET
    mcq_mode: McqMode | None | Unset = UNSET
    n_threads: int | None | Unset = UNSET
    parallel: int | None | Unset = UNSET
    prompt_lookup: int | Unset = 0
    repeats_generated: RepeatsGenerated | Unset = UNSET
    reuse: ReuseMode | Unset = UNSET
    reuse_calibration_items: int | Unset = 8
    runtime: GGUFModelInRuntime | Unset = GGUFModelInRuntime.IN_PROCESS
    seed: int | Unset = 0
    stop_loops: bool | LoopStop | Unset = True
    temperature: float | None | Unset = UNSET
    tool_choice: ToolChoice | Unset = UNSET
    variant: GGUFModelInVariant | Unset = GGUFModelInVariant.NON_REASONING
    workers: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.loop_stop import LoopStop # noqa: PLC0415
        name = self.name

        path = self.path

        force = self.force

        max_output_tokens: int | None | Unset
        if isinstance(self.max_output_tokens, Unset):
            max_output_tokens = UNSET
        else:
            max_output_tokens = self.max_output_tokens

        mcq_mode: None | str | Unset
        if isinstance(self.mcq_mode, Unset):
            mcq_mode = UNSET
        elif isinstance(self.mcq_mode, McqMode):
            mcq_mode = self.mcq_mode.value
        else:
            mcq_mode = self.mcq_mode

        n_threads: int | None | Unset
        if isinstance(self.n_threads, Unset):
            n_threads = UNSET
        else:
            n_threads = self.n_threads

        parallel: int | None | Unset
        if isinstance(self.parallel, Unset):
            parallel = UNSET
        else:
            parallel = self.parallel

        prompt_lookup = self.prompt_lookup

        repeats_generated: str | Unset = UNSET
        if not isinstance(self.repeats_generated, Unset):
            repeats_generated = self.repeats_generated.value


        reuse: str | Unset = UNSET
        if not isinstance(self.reuse, Unset):
            reuse = self.reuse.value


        reuse_calibration_items = self.reuse_calibration_items

        runtime: str | Unset = UNSET
        if not isinstance(self.runtime, Unset):
            runtime = self.runtime.value


        seed = self.seed

        stop_loops: bool | dict[str, Any] | Unset
        if isinstance(self.stop_loops, Unset):
            stop_loops = UNSET
        elif isinstance(self.stop_loops, LoopStop):
            stop_loops = self.stop_loops.to_dict()
        else:
            stop_loops = self.stop_loops

        temperature: float | None | Unset
        if isinstance(self.temperature, Unset):
            temperature = UNSET
        else:
            temperature = self.temperature

        tool_choice: str | Unset = UNSET
        if not isinstance(self.tool_choice, Unset):
            tool_choice = self.tool_choice.value


        variant: str | Unset = UNSET
        if not isinstance(self.variant, Unset):
            variant = self.variant.value


        workers: int | None | Unset
        if isinstance(self.workers, Unset):
            workers = UNSET
        else:
            workers = self.workers


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "path": path,
        })
        if force is not UNSET:
            field_dict["force"] = force
        if max_output_tokens is not UNSET:
            field_dict["max_output_tokens"] = max_output_tokens
        if mcq_mode is not UNSET:
            field_dict["mcq_mode"] = mcq_mode
        if n_threads is not UNSET:
            field_dict["n_threads"] = n_threads
        if parallel is not UNSET:
            field_dict["parallel"] = parallel
        if prompt_lookup is not UNSET:
            field_dict["prompt_lookup"] = prompt_lookup
        if repeats_generated is not UNSET:
            field_dict["repeats_generated"] = repeats_generated
        if reuse is not UNSET:
            field_dict["reuse"] = reuse
        if reuse_calibration_items is not UNSET:
            field_dict["reuse_calibration_items"] = reuse_calibration_items
        if runtime is not UNSET:
            field_dict["runtime"] = runtime
        if seed is not UNSET:
            field_dict["seed"] = seed
        if stop_loops is not UNSET:
            field_dict["stop_loops"] = stop_loops
        if temperature is not UNSET:
            field_dict["temperature"] = temperature
        if tool_choice is not UNSET:
            field_dict["tool_choice"] = tool_choice
        if variant is not UNSET:
            field_dict["variant"] = variant
        if workers is not UNSET:
            field_dict["workers"] = workers

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.loop_stop import LoopStop # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        path = d.pop("path")

        force = d.pop("force", UNSET)

        def _parse_max_output_tokens(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_output_tokens = _parse_max_output_tokens(d.pop("max_output_tokens", UNSET))


        def _parse_mcq_mode(data: object) -> McqMode | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                mcq_mode_type_0 = McqMode(data)



                return mcq_mode_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(McqMode | None | Unset, data)

        mcq_mode = _parse_mcq_mode(d.pop("mcq_mode", UNSET))


        def _parse_n_threads(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        n_threads = _parse_n_threads(d.pop("n_threads", UNSET))


        def _parse_parallel(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        parallel = _parse_parallel(d.pop("parallel", UNSET))


        prompt_lookup = d.pop("prompt_lookup", UNSET)

        _repeats_generated = d.pop("repeats_generated", UNSET)
        repeats_generated: RepeatsGenerated | Unset
        if isinstance(_repeats_generated,  Unset):
            repeats_generated = UNSET
        else:
            repeats_generated = RepeatsGenerated(_repeats_generated)




        _reuse = d.pop("reuse", UNSET)
        reuse: ReuseMode | Unset
        if isinstance(_reuse,  Unset):
            reuse = UNSET
        else:
            reuse = ReuseMode(_reuse)




        reuse_calibration_items = d.pop("reuse_calibration_items", UNSET)

        _runtime = d.pop("runtime", UNSET)
        runtime: GGUFModelInRuntime | Unset
        if isinstance(_runtime,  Unset):
            runtime = UNSET
        else:
            runtime = GGUFModelInRuntime(_runtime)




        seed = d.pop("seed", UNSET)

        def _parse_stop_loops(data: object) -> bool | LoopStop | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                stop_loops_type_0 = LoopStop.from_dict(data)



                return stop_loops_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(bool | LoopStop | Unset, data)

        stop_loops = _parse_stop_loops(d.pop("stop_loops", UNSET))


        def _parse_temperature(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        temperature = _parse_temperature(d.pop("temperature", UNSET))


        _tool_choice = d.pop("tool_choice", UNSET)
        tool_choice: ToolChoice | Unset
        if isinstance(_tool_choice,  Unset):
            tool_choice = UNSET
        else:
            tool_choice = ToolChoice(_tool_choice)




        _variant = d.pop("variant", UNSET)
        variant: GGUFModelInVariant | Unset
        if isinstance(_variant,  Unset):
            variant = UNSET
        else:
            variant = GGUFModelInVariant(_variant)




        def _parse_workers(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        workers = _parse_workers(d.pop("workers", UNSET))


        gguf_model_in = cls(
            name=name,
            path=path,
            force=force,
            max_output_tokens=max_output_tokens,
            mcq_mode=mcq_mode,
            n_threads=n_threads,
            parallel=parallel,
            prompt_lookup=prompt_lookup,
            repeats_generated=repeats_generated,
            reuse=reuse,
            reuse_calibration_items=reuse_calibration_items,
            runtime=runtime,
            seed=seed,
            stop_loops=stop_loops,
            temperature=temperature,
            tool_choice=tool_choice,
            variant=variant,
            workers=workers,
        )

        return gguf_model_in

