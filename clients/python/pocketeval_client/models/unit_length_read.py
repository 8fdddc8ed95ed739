from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.length_unit import LengthUnit






T = TypeVar("T", bound="UnitLengthRead")



@_attrs_define
class UnitLengthRead:
    """ 
        Attributes:
            distractor_mean (float):
            key_longest_rate (float): Share of items whose key is the strictly longest option in this unit
            key_mean (float):
            key_shortest_rate (float):
            rule_satisfied_rate (float): Share of items whose every distractor is at least as long as the key in this unit
            satisfies_rule (bool):
            unit (LengthUnit):
     """

    distractor_mean: float
    key_longest_rate: float
    key_mean: float
    key_shortest_rate: float
    rule_satisfied_rate: float
    satisfies_rule: bool
    unit: LengthUnit
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        distractor_mean = self.distractor_mean

        key_longest_rate = self.key_longest_rate

        key_mean = self.key_mean

        key_shortest_rate = self.key_shortest_rate

        rule_satisfied_rate = self.rule_satisfied_rate

        satisfies_rule = self.satisfies_rule

        unit = self.unit.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "distractor_mean": distractor_mean,
            "key_longest_rate": key_longest_rate,
            "key_mean": key_mean,
            "key_shortest_rate": key_shortest_rate,
            "rule_satisfied_rate": rule_satisfied_rate,
            "satisfies_rule": satisfies_rule,
            "unit": unit,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        distractor_mean = d.pop("distractor_mean")

        key_longest_rate = d.pop("key_longest_rate")

        key_mean = d.pop("key_mean")

        key_shortest_rate = d.pop("key_shortest_rate")

        rule_satisfied_rate = d.pop("rule_satisfied_rate")

        satisfies_rule = d.pop("satisfies_rule")

        unit = LengthUnit(d.pop("unit"))




        unit_length_read = cls(
            distractor_mean=distractor_mean,
            key_longest_rate=key_longest_rate,
            key_mean=key_mean,
            key_shortest_rate=key_shortest_rate,
            rule_satisfied_rate=rule_satisfied_rate,
            satisfies_rule=satisfies_rule,
            unit=unit,
        )


        unit_length_read.additional_properties = d
        return unit_length_read

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
