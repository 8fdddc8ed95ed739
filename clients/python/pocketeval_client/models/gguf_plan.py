from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.mcq_mode import McqMode
from ..models.repeats_generated import RepeatsGenerated
from ..models.reuse_mode import ReuseMode
from ..models.tool_choice import ToolChoice
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.eligibility_read import EligibilityRead
  from ..models.loop_stop import LoopStop
  from ..models.topology_policy import TopologyPolicy





T = TypeVar("T", bound="GGUFPlan")



@_attrs_define
class GGUFPlan:
    """ A GGUF file inside the model folders, run by one of the built-in llama.cpp runtimes.

        Attributes:
            eligibility (EligibilityRead):
            path (str):
            chat_template (bool | Unset):  Default: False.
            forced (bool | Unset):  Default: False.
            kind (Literal['gguf'] | Unset):  Default: 'gguf'.
            llama_server (None | str | Unset):
            max_output_tokens (int | None | Unset):
            mcq_mode (McqMode | Unset): GGUF runs of plain multiple choice: scored by log-likelihood, or a generated answer.
            n_threads (int | None | Unset):
            parallel (int | Unset):  Default: 1.
            prompt_lookup (int | Unset):  Default: 0.
            repeats_generated (RepeatsGenerated | Unset): GGUF runs at temperature 0: a greedy generation of one prompt is
                the same
                computation every time, so a prompt's repeats share one generation (`once`, each
                verdict counted for every repeat the method asks, a sample of prompts generated again to
                show what the skipped repeats could change), or each repeat is generated (`all`).
            reuse (ReuseMode | Unset): Loglikelihood runs: evaluate each item's whole context from an empty cache (exact,
                lm-evaluation-harness's numbers), or keep the shared few-shot prefix in the cache
                (faster; numbers drift, measured on a calibration sample and reported).
            reuse_calibration_items (int | Unset):  Default: 8.
            runtime (str | Unset):  Default: 'in-process'.
            seed (int | Unset):  Default: 0.
            stop_loops (LoopStop | None | Unset):
            temperature (float | Unset):  Default: 0.0.
            tool_choice (ToolChoice | Unset): OpenAI's `tool_choice` for items that offer tools: the model decides (`auto`),
                or
                must answer with a call (`required`; llama-server enforces it with a grammar). Forcing a
                call is a deviation wherever declining to call can be the right answer.
            tool_format (None | str | Unset):
            topology (TopologyPolicy | Unset): How a GGUF run's workers x threads x sequences are chosen at its start
                (settings at
                planning): by the host probe for what the run left open, or fixed.
            variant (str | Unset):  Default: 'non-reasoning'.
            workers (int | None | Unset):
     """

    eligibility: EligibilityRead
    path: str
    chat_template: bool | Unset = False
    forced: bool | Unset = False
    kind: Literal['gguf'] | Unset = 'gguf'
    llama_server: None | str | Unset = UNSET
    max_output_tokens: int | None | Unset = UNSET
    mcq_mode: McqMode | Unset = UNSET
    n_threads: int | None | Unset = UNSET
    parallel: int | Unset = 1
    prompt_lookup: int | Unset = 0
    repeats_generated: RepeatsGenerated | Unset = UNSET
    reuse: ReuseMode | Unset = UNSET
    reuse_calibration_items: int | Unset = 8
    runtime: str | Unset = 'in-process'
    seed: int | Unset = 0
    stop_loops: LoopStop | None | Unset = UNSET
    temperature: float | Unset = 0.0
    tool_choice: ToolChoice | Unset = UNSET
    tool_format: None | str | Unset = UNSET
    topology: TopologyPolicy | Unset = UNSET
    variant: str | Unset = 'non-reasoning'
    workers: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.eligibility_read import EligibilityRead # noqa: PLC0415
        from ..models.loop_stop import LoopStop # noqa: PLC0415
        from ..models.topology_policy import TopologyPolicy # noqa: PLC0415
        eligibility = self.eligibility.to_dict()

        path = self.path

        chat_template = self.chat_template

        forced = self.forced

        kind = self.kind

        llama_server: None | str | Unset
        if isinstance(self.llama_server, Unset):
            llama_server = UNSET
        else:
            llama_server = self.llama_server

        max_output_tokens: int | None | Unset
        if isinstance(self.max_output_tokens, Unset):
            max_output_tokens = UNSET
        else:
            max_output_tokens = self.max_output_tokens

        mcq_mode: str | Unset = UNSET
        if not isinstance(self.mcq_mode, Unset):
            mcq_mode = self.mcq_mode.value


        n_threads: int | None | Unset
        if isinstance(self.n_threads, Unset):
            n_threads = UNSET
        else:
            n_threads = self.n_threads

        parallel = self.parallel

        prompt_lookup = self.prompt_lookup

        repeats_generated: str | Unset = UNSET
        if not isinstance(self.repeats_generated, Unset):
            repeats_generated = self.repeats_generated.value


        reuse: str | Unset = UNSET
        if not isinstance(self.reuse, Unset):
            reuse = self.reuse.value


        reuse_calibration_items = self.reuse_calibration_items

        runtime = self.runtime

        seed = self.seed

        stop_loops: dict[str, Any] | None | Unset
        if isinstance(self.stop_loops, Unset):
            stop_loops = UNSET
        elif isinstance(self.stop_loops, LoopStop):
            stop_loops = self.stop_loops.to_dict()
        else:
            stop_loops = self.stop_loops

        temperature = self.temperature

        tool_choice: str | Unset = UNSET
        if not isinstance(self.tool_choice, Unset):
            tool_choice = self.tool_choice.value


        tool_format: None | str | Unset
        if isinstance(self.tool_format, Unset):
            tool_format = UNSET
        else:
            tool_format = self.tool_format

        topology: dict[str, Any] | Unset = UNSET
        if not isinstance(self.topology, Unset):
            topology = self.topology.to_dict()

        variant = self.variant

        workers: int | None | Unset
        if isinstance(self.workers, Unset):
            workers = UNSET
        else:
            workers = self.workers


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "eligibility": eligibility,
            "path": path,
        })
        if chat_template is not UNSET:
            field_dict["chat_template"] = chat_template
        if forced is not UNSET:
            field_dict["forced"] = forced
        if kind is not UNSET:
            field_dict["kind"] = kind
        if llama_server is not UNSET:
            field_dict["llama_server"] = llama_server
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
        if tool_format is not UNSET:
            field_dict["tool_format"] = tool_format
        if topology is not UNSET:
            field_dict["topology"] = topology
        if variant is not UNSET:
            field_dict["variant"] = variant
        if workers is not UNSET:
            field_dict["workers"] = workers

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.eligibility_read import EligibilityRead # noqa: PLC0415
        from ..models.loop_stop import LoopStop # noqa: PLC0415
        from ..models.topology_policy import TopologyPolicy # noqa: PLC0415
        d = dict(src_dict)
        eligibility = EligibilityRead.from_dict(d.pop("eligibility"))




        path = d.pop("path")

        chat_template = d.pop("chat_template", UNSET)

        forced = d.pop("forced", UNSET)

        kind = cast(Literal['gguf'] | Unset , d.pop("kind", UNSET))
        if kind != 'gguf'and not isinstance(kind, Unset):
            raise ValueError(f"kind must match const 'gguf', got '{kind}'")

        def _parse_llama_server(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        llama_server = _parse_llama_server(d.pop("llama_server", UNSET))


        def _parse_max_output_tokens(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_output_tokens = _parse_max_output_tokens(d.pop("max_output_tokens", UNSET))


        _mcq_mode = d.pop("mcq_mode", UNSET)
        mcq_mode: McqMode | Unset
        if isinstance(_mcq_mode,  Unset):
            mcq_mode = UNSET
        else:
            mcq_mode = McqMode(_mcq_mode)




        def _parse_n_threads(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        n_threads = _parse_n_threads(d.pop("n_threads", UNSET))


        parallel = d.pop("parallel", UNSET)

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

        runtime = d.pop("runtime", UNSET)

        seed = d.pop("seed", UNSET)

        def _parse_stop_loops(data: object) -> LoopStop | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                stop_loops_type_0 = LoopStop.from_dict(data)



                return stop_loops_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LoopStop | None | Unset, data)

        stop_loops = _parse_stop_loops(d.pop("stop_loops", UNSET))


        temperature = d.pop("temperature", UNSET)

        _tool_choice = d.pop("tool_choice", UNSET)
        tool_choice: ToolChoice | Unset
        if isinstance(_tool_choice,  Unset):
            tool_choice = UNSET
        else:
            tool_choice = ToolChoice(_tool_choice)




        def _parse_tool_format(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tool_format = _parse_tool_format(d.pop("tool_format", UNSET))


        _topology = d.pop("topology", UNSET)
        topology: TopologyPolicy | Unset
        if isinstance(_topology,  Unset):
            topology = UNSET
        else:
            topology = TopologyPolicy.from_dict(_topology)




        variant = d.pop("variant", UNSET)

        def _parse_workers(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        workers = _parse_workers(d.pop("workers", UNSET))


        gguf_plan = cls(
            eligibility=eligibility,
            path=path,
            chat_template=chat_template,
            forced=forced,
            kind=kind,
            llama_server=llama_server,
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
            tool_format=tool_format,
            topology=topology,
            variant=variant,
            workers=workers,
        )


        gguf_plan.additional_properties = d
        return gguf_plan

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
