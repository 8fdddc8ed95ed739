from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ImportedFile")



@_attrs_define
class ImportedFile:
    """ 
        Attributes:
            filename (str):
            layout (str):
            rows (int):
            sha256 (str):
            origin (None | str | Unset): Where the file came from, e.g. hf://datasets/<repo>@<commit>/<path> for a Hub pull
     """

    filename: str
    layout: str
    rows: int
    sha256: str
    origin: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        filename = self.filename

        layout = self.layout

        rows = self.rows

        sha256 = self.sha256

        origin: None | str | Unset
        if isinstance(self.origin, Unset):
            origin = UNSET
        else:
            origin = self.origin


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "filename": filename,
            "layout": layout,
            "rows": rows,
            "sha256": sha256,
        })
        if origin is not UNSET:
            field_dict["origin"] = origin

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        filename = d.pop("filename")

        layout = d.pop("layout")

        rows = d.pop("rows")

        sha256 = d.pop("sha256")

        def _parse_origin(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        origin = _parse_origin(d.pop("origin", UNSET))


        imported_file = cls(
            filename=filename,
            layout=layout,
            rows=rows,
            sha256=sha256,
            origin=origin,
        )


        imported_file.additional_properties = d
        return imported_file

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
