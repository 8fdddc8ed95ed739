from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="MethodologyPin")



@_attrs_define
class MethodologyPin:
    """ The methodology a run's prompts, answer reading, grading and sampling follow (by
    name and version, with the hash of its texts), and where the run departs from it.

        Attributes:
            name (str):
            sha256 (str):
            version (str):
            deviations (list[str] | Unset):
     """

    name: str
    sha256: str
    version: str
    deviations: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        sha256 = self.sha256

        version = self.version

        deviations: list[str] | Unset = UNSET
        if not isinstance(self.deviations, Unset):
            deviations = self.deviations




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "sha256": sha256,
            "version": version,
        })
        if deviations is not UNSET:
            field_dict["deviations"] = deviations

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        sha256 = d.pop("sha256")

        version = d.pop("version")

        deviations = cast(list[str], d.pop("deviations", UNSET))


        methodology_pin = cls(
            name=name,
            sha256=sha256,
            version=version,
            deviations=deviations,
        )


        methodology_pin.additional_properties = d
        return methodology_pin

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
