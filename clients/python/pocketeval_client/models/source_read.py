from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SourceRead")



@_attrs_define
class SourceRead:
    """ A file the benchmark's items were imported from, and when.

        Attributes:
            filename (str):
            imported_at (str):
            layout (str):
            rows (int):
            sha256 (str):
            origin (None | str | Unset): Where the file came from, e.g. hf://datasets/<repo>@<commit>/<path> for a Hub pull
     """

    filename: str
    imported_at: str
    layout: str
    rows: int
    sha256: str
    origin: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        filename = self.filename

        imported_at = self.imported_at

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
            "imported_at": imported_at,
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

        imported_at = d.pop("imported_at")

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


        source_read = cls(
            filename=filename,
            imported_at=imported_at,
            layout=layout,
            rows=rows,
            sha256=sha256,
            origin=origin,
        )


        source_read.additional_properties = d
        return source_read

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
