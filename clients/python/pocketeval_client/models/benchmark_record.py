from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="BenchmarkRecord")



@_attrs_define
class BenchmarkRecord:
    """ 
        Attributes:
            items_sha256 (str): sha256 over the run's items: id, external id, split, subject and payload, in plan order
            name (str):
            prompt_template_sha256 (str):
     """

    items_sha256: str
    name: str
    prompt_template_sha256: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        items_sha256 = self.items_sha256

        name = self.name

        prompt_template_sha256 = self.prompt_template_sha256


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "items_sha256": items_sha256,
            "name": name,
            "prompt_template_sha256": prompt_template_sha256,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        items_sha256 = d.pop("items_sha256")

        name = d.pop("name")

        prompt_template_sha256 = d.pop("prompt_template_sha256")

        benchmark_record = cls(
            items_sha256=items_sha256,
            name=name,
            prompt_template_sha256=prompt_template_sha256,
        )


        benchmark_record.additional_properties = d
        return benchmark_record

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
