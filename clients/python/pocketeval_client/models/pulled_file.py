from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="PulledFile")



@_attrs_define
class PulledFile:
    """ 
        Attributes:
            layout (str):
            path (str):
            sha256 (str):
            size (int):
            verified_by (str): What the bytes were checked against: the Hub's LFS sha256, its git blob id, or the catalog's
                pin
     """

    layout: str
    path: str
    sha256: str
    size: int
    verified_by: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        layout = self.layout

        path = self.path

        sha256 = self.sha256

        size = self.size

        verified_by = self.verified_by


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "layout": layout,
            "path": path,
            "sha256": sha256,
            "size": size,
            "verified_by": verified_by,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        layout = d.pop("layout")

        path = d.pop("path")

        sha256 = d.pop("sha256")

        size = d.pop("size")

        verified_by = d.pop("verified_by")

        pulled_file = cls(
            layout=layout,
            path=path,
            sha256=sha256,
            size=size,
            verified_by=verified_by,
        )


        pulled_file.additional_properties = d
        return pulled_file

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
