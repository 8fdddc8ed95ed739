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
            import_sha256 (None | str | Unset): The import it came with (ImportReport.sha256): DELETE
                /benchmarks/{name}/imports/{import_sha256} removes that import's items
            origin (None | str | Unset): Where the file came from, e.g. hf://datasets/<repo>@<commit>/<path> for a Hub pull
            removed_at (None | str | Unset): When its import's items were removed; the record of the import stays
     """

    filename: str
    imported_at: str
    layout: str
    rows: int
    sha256: str
    import_sha256: None | str | Unset = UNSET
    origin: None | str | Unset = UNSET
    removed_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        filename = self.filename

        imported_at = self.imported_at

        layout = self.layout

        rows = self.rows

        sha256 = self.sha256

        import_sha256: None | str | Unset
        if isinstance(self.import_sha256, Unset):
            import_sha256 = UNSET
        else:
            import_sha256 = self.import_sha256

        origin: None | str | Unset
        if isinstance(self.origin, Unset):
            origin = UNSET
        else:
            origin = self.origin

        removed_at: None | str | Unset
        if isinstance(self.removed_at, Unset):
            removed_at = UNSET
        else:
            removed_at = self.removed_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "filename": filename,
            "imported_at": imported_at,
            "layout": layout,
            "rows": rows,
            "sha256": sha256,
        })
        if import_sha256 is not UNSET:
            field_dict["import_sha256"] = import_sha256
        if origin is not UNSET:
            field_dict["origin"] = origin
        if removed_at is not UNSET:
            field_dict["removed_at"] = removed_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        filename = d.pop("filename")

        imported_at = d.pop("imported_at")

        layout = d.pop("layout")

        rows = d.pop("rows")

        sha256 = d.pop("sha256")

        def _parse_import_sha256(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        import_sha256 = _parse_import_sha256(d.pop("import_sha256", UNSET))


        def _parse_origin(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        origin = _parse_origin(d.pop("origin", UNSET))


        def _parse_removed_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        removed_at = _parse_removed_at(d.pop("removed_at", UNSET))


        source_read = cls(
            filename=filename,
            imported_at=imported_at,
            layout=layout,
            rows=rows,
            sha256=sha256,
            import_sha256=import_sha256,
            origin=origin,
            removed_at=removed_at,
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
