from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="RemovalRead")



@_attrs_define
class RemovalRead:
    """ 
        Attributes:
            benchmark (str):
            import_sha256 (str):
            removed (int):
            retracted_runs (list[int]):
     """

    benchmark: str
    import_sha256: str
    removed: int
    retracted_runs: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        benchmark = self.benchmark

        import_sha256 = self.import_sha256

        removed = self.removed

        retracted_runs = self.retracted_runs




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmark": benchmark,
            "import_sha256": import_sha256,
            "removed": removed,
            "retracted_runs": retracted_runs,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        benchmark = d.pop("benchmark")

        import_sha256 = d.pop("import_sha256")

        removed = d.pop("removed")

        retracted_runs = cast(list[int], d.pop("retracted_runs"))


        removal_read = cls(
            benchmark=benchmark,
            import_sha256=import_sha256,
            removed=removed,
            retracted_runs=retracted_runs,
        )


        removal_read.additional_properties = d
        return removal_read

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
