from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="MismatchRead")



@_attrs_define
class MismatchRead:
    """ 
        Attributes:
            a (None | str):
            b (None | str):
            benchmark (str):
            what (str): items (ids, payloads or answer keys), prompt template, numerics or split
     """

    a: None | str
    b: None | str
    benchmark: str
    what: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        a: None | str
        a = self.a

        b: None | str
        b = self.b

        benchmark = self.benchmark

        what = self.what


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "a": a,
            "b": b,
            "benchmark": benchmark,
            "what": what,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_a(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        a = _parse_a(d.pop("a"))


        def _parse_b(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        b = _parse_b(d.pop("b"))


        benchmark = d.pop("benchmark")

        what = d.pop("what")

        mismatch_read = cls(
            a=a,
            b=b,
            benchmark=benchmark,
            what=what,
        )


        mismatch_read.additional_properties = d
        return mismatch_read

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
