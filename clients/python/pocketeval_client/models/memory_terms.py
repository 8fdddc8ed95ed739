from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="MemoryTerms")



@_attrs_define
class MemoryTerms:
    """ 
        Attributes:
            compute_bytes (int):
            kv_bytes (int):
            output_bytes (int):
            weights_bytes (int):
     """

    compute_bytes: int
    kv_bytes: int
    output_bytes: int
    weights_bytes: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        compute_bytes = self.compute_bytes

        kv_bytes = self.kv_bytes

        output_bytes = self.output_bytes

        weights_bytes = self.weights_bytes


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "compute_bytes": compute_bytes,
            "kv_bytes": kv_bytes,
            "output_bytes": output_bytes,
            "weights_bytes": weights_bytes,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        compute_bytes = d.pop("compute_bytes")

        kv_bytes = d.pop("kv_bytes")

        output_bytes = d.pop("output_bytes")

        weights_bytes = d.pop("weights_bytes")

        memory_terms = cls(
            compute_bytes=compute_bytes,
            kv_bytes=kv_bytes,
            output_bytes=output_bytes,
            weights_bytes=weights_bytes,
        )


        memory_terms.additional_properties = d
        return memory_terms

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
