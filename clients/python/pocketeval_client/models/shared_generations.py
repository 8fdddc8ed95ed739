from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SharedGenerations")



@_attrs_define
class SharedGenerations:
    """ A benchmark's repeats that shared one generation at temperature 0, and the prompts
    generated again in other batch positions: batched llama.cpp is not bit-exact across
    batch shapes, so `outputs_different` is the variation the shared repeats could hide.

        Attributes:
            benchmark (str):
            different (list[str] | Unset): Items (external ids) whose second generation differed
            generated (int | Unset):  Default: 0.
            outputs_different (int | Unset):  Default: 0.
            regenerated (int | Unset):  Default: 0.
            shared (int | Unset):  Default: 0.
            verdicts_different (int | Unset):  Default: 0.
     """

    benchmark: str
    different: list[str] | Unset = UNSET
    generated: int | Unset = 0
    outputs_different: int | Unset = 0
    regenerated: int | Unset = 0
    shared: int | Unset = 0
    verdicts_different: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        benchmark = self.benchmark

        different: list[str] | Unset = UNSET
        if not isinstance(self.different, Unset):
            different = self.different



        generated = self.generated

        outputs_different = self.outputs_different

        regenerated = self.regenerated

        shared = self.shared

        verdicts_different = self.verdicts_different


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmark": benchmark,
        })
        if different is not UNSET:
            field_dict["different"] = different
        if generated is not UNSET:
            field_dict["generated"] = generated
        if outputs_different is not UNSET:
            field_dict["outputs_different"] = outputs_different
        if regenerated is not UNSET:
            field_dict["regenerated"] = regenerated
        if shared is not UNSET:
            field_dict["shared"] = shared
        if verdicts_different is not UNSET:
            field_dict["verdicts_different"] = verdicts_different

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        benchmark = d.pop("benchmark")

        different = cast(list[str], d.pop("different", UNSET))


        generated = d.pop("generated", UNSET)

        outputs_different = d.pop("outputs_different", UNSET)

        regenerated = d.pop("regenerated", UNSET)

        shared = d.pop("shared", UNSET)

        verdicts_different = d.pop("verdicts_different", UNSET)

        shared_generations = cls(
            benchmark=benchmark,
            different=different,
            generated=generated,
            outputs_different=outputs_different,
            regenerated=regenerated,
            shared=shared,
            verdicts_different=verdicts_different,
        )


        shared_generations.additional_properties = d
        return shared_generations

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
