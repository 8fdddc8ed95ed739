from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ResidentRead")



@_attrs_define
class ResidentRead:
    """ What a process holding the model keeps resident: weights + KV + output + the terms
    below, without the compute buffer's untouched rows. Compared with measured peak RSS.

        Attributes:
            activation_bytes (int):
            tokenizer_bytes (int):
            total_bytes (int):
     """

    activation_bytes: int
    tokenizer_bytes: int
    total_bytes: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        activation_bytes = self.activation_bytes

        tokenizer_bytes = self.tokenizer_bytes

        total_bytes = self.total_bytes


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "activation_bytes": activation_bytes,
            "tokenizer_bytes": tokenizer_bytes,
            "total_bytes": total_bytes,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        activation_bytes = d.pop("activation_bytes")

        tokenizer_bytes = d.pop("tokenizer_bytes")

        total_bytes = d.pop("total_bytes")

        resident_read = cls(
            activation_bytes=activation_bytes,
            tokenizer_bytes=tokenizer_bytes,
            total_bytes=total_bytes,
        )


        resident_read.additional_properties = d
        return resident_read

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
