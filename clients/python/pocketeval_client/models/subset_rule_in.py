from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.predicate import Predicate
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SubsetRuleIn")



@_attrs_define
class SubsetRuleIn:
    """ 
        Attributes:
            drop (Predicate):
            group (list[str]): Model names (each one's latest finished run of the benchmark) or run ids
            below (float | None | Unset): disagreement: agreement below this (default 1); low-discrimination: discrimination
                below this (default 0)
     """

    drop: Predicate
    group: list[str]
    below: float | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        drop = self.drop.value

        group = self.group



        below: float | None | Unset
        if isinstance(self.below, Unset):
            below = UNSET
        else:
            below = self.below


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "drop": drop,
            "group": group,
        })
        if below is not UNSET:
            field_dict["below"] = below

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        drop = Predicate(d.pop("drop"))




        group = cast(list[str], d.pop("group"))


        def _parse_below(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        below = _parse_below(d.pop("below", UNSET))


        subset_rule_in = cls(
            drop=drop,
            group=group,
            below=below,
        )

        return subset_rule_in

