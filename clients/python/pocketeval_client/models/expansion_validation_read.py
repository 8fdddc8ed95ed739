from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.expansion_validation_read_discarded import ExpansionValidationReadDiscarded
  from ..models.left_out_read import LeftOutRead





T = TypeVar("T", bound="ExpansionValidationRead")



@_attrs_define
class ExpansionValidationRead:
    """ 
        Attributes:
            discarded (ExpansionValidationReadDiscarded): Extra options discarded, by reason
            expanded (int):
            items (int): Items of the split
            items_breaking_rule (int):
            left_out (list[LeftOutRead]): Items without enough valid extras, or without a key
            random_baseline (float):
            shorter_than_key (int): Added options shorter than the key (kept, against the length rule: distractors at least
                as long as the key)
     """

    discarded: ExpansionValidationReadDiscarded
    expanded: int
    items: int
    items_breaking_rule: int
    left_out: list[LeftOutRead]
    random_baseline: float
    shorter_than_key: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.expansion_validation_read_discarded import ExpansionValidationReadDiscarded # noqa: PLC0415
        from ..models.left_out_read import LeftOutRead # noqa: PLC0415
        discarded = self.discarded.to_dict()

        expanded = self.expanded

        items = self.items

        items_breaking_rule = self.items_breaking_rule

        left_out = []
        for left_out_item_data in self.left_out:
            left_out_item = left_out_item_data.to_dict()
            left_out.append(left_out_item)



        random_baseline = self.random_baseline

        shorter_than_key = self.shorter_than_key


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "discarded": discarded,
            "expanded": expanded,
            "items": items,
            "items_breaking_rule": items_breaking_rule,
            "left_out": left_out,
            "random_baseline": random_baseline,
            "shorter_than_key": shorter_than_key,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.expansion_validation_read_discarded import ExpansionValidationReadDiscarded # noqa: PLC0415
        from ..models.left_out_read import LeftOutRead # noqa: PLC0415
        d = dict(src_dict)
        discarded = ExpansionValidationReadDiscarded.from_dict(d.pop("discarded"))




        expanded = d.pop("expanded")

        items = d.pop("items")

        items_breaking_rule = d.pop("items_breaking_rule")

        left_out = []
        _left_out = d.pop("left_out")
        for left_out_item_data in (_left_out):
            left_out_item = LeftOutRead.from_dict(left_out_item_data)



            left_out.append(left_out_item)


        random_baseline = d.pop("random_baseline")

        shorter_than_key = d.pop("shorter_than_key")

        expansion_validation_read = cls(
            discarded=discarded,
            expanded=expanded,
            items=items,
            items_breaking_rule=items_breaking_rule,
            left_out=left_out,
            random_baseline=random_baseline,
            shorter_than_key=shorter_than_key,
        )


        expansion_validation_read.additional_properties = d
        return expansion_validation_read

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
