from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ScorecardComponentRead")



@_attrs_define
class ScorecardComponentRead:
    """ 
        Attributes:
            inputs (list[float]): The figures it is computed from (gaps, accuracy losses, or per-run retention)
            name (str):
            runs (list[int]): The runs those figures come from
            value (float | None):
            weight (float): As asked
            weight_used (float | None): Renormalised over the components with data; null when this one has none
            n_samples (int | None | Unset):
     """

    inputs: list[float]
    name: str
    runs: list[int]
    value: float | None
    weight: float
    weight_used: float | None
    n_samples: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        inputs = self.inputs



        name = self.name

        runs = self.runs



        value: float | None
        value = self.value

        weight = self.weight

        weight_used: float | None
        weight_used = self.weight_used

        n_samples: int | None | Unset
        if isinstance(self.n_samples, Unset):
            n_samples = UNSET
        else:
            n_samples = self.n_samples


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "inputs": inputs,
            "name": name,
            "runs": runs,
            "value": value,
            "weight": weight,
            "weight_used": weight_used,
        })
        if n_samples is not UNSET:
            field_dict["n_samples"] = n_samples

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        inputs = cast(list[float], d.pop("inputs"))


        name = d.pop("name")

        runs = cast(list[int], d.pop("runs"))


        def _parse_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        value = _parse_value(d.pop("value"))


        weight = d.pop("weight")

        def _parse_weight_used(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        weight_used = _parse_weight_used(d.pop("weight_used"))


        def _parse_n_samples(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        n_samples = _parse_n_samples(d.pop("n_samples", UNSET))


        scorecard_component_read = cls(
            inputs=inputs,
            name=name,
            runs=runs,
            value=value,
            weight=weight,
            weight_used=weight_used,
            n_samples=n_samples,
        )


        scorecard_component_read.additional_properties = d
        return scorecard_component_read

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
