from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="DroppedRead")



@_attrs_define
class DroppedRead:
    """ 
        Attributes:
            only_a (int): Items a scored and b did not (not run, failed, or no key)
            only_b (int): Items b scored and a did not
     """

    only_a: int
    only_b: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        only_a = self.only_a

        only_b = self.only_b


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "only_a": only_a,
            "only_b": only_b,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        only_a = d.pop("only_a")

        only_b = d.pop("only_b")

        dropped_read = cls(
            only_a=only_a,
            only_b=only_b,
        )


        dropped_read.additional_properties = d
        return dropped_read

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
