from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="Smoke")



@_attrs_define
class Smoke:
    """ 
        Attributes:
            detail (str):
            model (str):
            ok (bool):
            seconds (float | None):
     """

    detail: str
    model: str
    ok: bool
    seconds: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        detail = self.detail

        model = self.model

        ok = self.ok

        seconds: float | None
        seconds = self.seconds


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "detail": detail,
            "model": model,
            "ok": ok,
            "seconds": seconds,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        detail = d.pop("detail")

        model = d.pop("model")

        ok = d.pop("ok")

        def _parse_seconds(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        seconds = _parse_seconds(d.pop("seconds"))


        smoke = cls(
            detail=detail,
            model=model,
            ok=ok,
            seconds=seconds,
        )


        smoke.additional_properties = d
        return smoke

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
