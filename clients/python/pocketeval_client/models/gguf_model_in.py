from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.gguf_model_in_mcq_mode import GGUFModelInMcqMode
from ..models.gguf_model_in_variant import GGUFModelInVariant
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="GGUFModelIn")



@_attrs_define
class GGUFModelIn:
    """ A GGUF file inside POCKETEVAL_MODEL_DIRS, evaluated by the built-in llama.cpp runner
    after the memory eligibility check (`force` runs a model that fails it, flagged).

        Attributes:
            name (str):
            path (str):
            force (bool | Unset):  Default: False.
            mcq_mode (GGUFModelInMcqMode | Unset): MMLU family: argmax log P(letter) after the prompt, or a generated answer
                (AA style) Default: GGUFModelInMcqMode.LOGLIKELIHOOD.
            n_threads (int | None | Unset):
            seed (int | Unset):  Default: 0.
            temperature (float | Unset):  Default: 0.0.
            variant (GGUFModelInVariant | Unset):  Default: GGUFModelInVariant.NON_REASONING.
     """

    name: str
    path: str
    force: bool | Unset = False
    mcq_mode: GGUFModelInMcqMode | Unset = GGUFModelInMcqMode.LOGLIKELIHOOD
    n_threads: int | None | Unset = UNSET
    seed: int | Unset = 0
    temperature: float | Unset = 0.0
    variant: GGUFModelInVariant | Unset = GGUFModelInVariant.NON_REASONING
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        path = self.path

        force = self.force

        mcq_mode: str | Unset = UNSET
        if not isinstance(self.mcq_mode, Unset):
            mcq_mode = self.mcq_mode.value


        n_threads: int | None | Unset
        if isinstance(self.n_threads, Unset):
            n_threads = UNSET
        else:
            n_threads = self.n_threads

        seed = self.seed

        temperature = self.temperature

        variant: str | Unset = UNSET
        if not isinstance(self.variant, Unset):
            variant = self.variant.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "path": path,
        })
        if force is not UNSET:
            field_dict["force"] = force
        if mcq_mode is not UNSET:
            field_dict["mcq_mode"] = mcq_mode
        if n_threads is not UNSET:
            field_dict["n_threads"] = n_threads
        if seed is not UNSET:
            field_dict["seed"] = seed
        if temperature is not UNSET:
            field_dict["temperature"] = temperature
        if variant is not UNSET:
            field_dict["variant"] = variant

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        path = d.pop("path")

        force = d.pop("force", UNSET)

        _mcq_mode = d.pop("mcq_mode", UNSET)
        mcq_mode: GGUFModelInMcqMode | Unset
        if isinstance(_mcq_mode,  Unset):
            mcq_mode = UNSET
        else:
            mcq_mode = GGUFModelInMcqMode(_mcq_mode)




        def _parse_n_threads(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        n_threads = _parse_n_threads(d.pop("n_threads", UNSET))


        seed = d.pop("seed", UNSET)

        temperature = d.pop("temperature", UNSET)

        _variant = d.pop("variant", UNSET)
        variant: GGUFModelInVariant | Unset
        if isinstance(_variant,  Unset):
            variant = UNSET
        else:
            variant = GGUFModelInVariant(_variant)




        gguf_model_in = cls(
            name=name,
            path=path,
            force=force,
            mcq_mode=mcq_mode,
            n_threads=n_threads,
            seed=seed,
            temperature=temperature,
            variant=variant,
        )


        gguf_model_in.additional_properties = d
        return gguf_model_in

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
