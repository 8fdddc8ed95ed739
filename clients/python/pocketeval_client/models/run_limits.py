from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="RunLimits")



@_attrs_define
class RunLimits:
    """ 
        Attributes:
            context_window (int | Unset):  Default: 16384.
            request_timeout_s (float | Unset):  Default: 600.0.
            time_limit_s (float | Unset):  Default: 60.0.
     """

    context_window: int | Unset = 16384
    request_timeout_s: float | Unset = 600.0
    time_limit_s: float | Unset = 60.0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        context_window = self.context_window

        request_timeout_s = self.request_timeout_s

        time_limit_s = self.time_limit_s


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if context_window is not UNSET:
            field_dict["context_window"] = context_window
        if request_timeout_s is not UNSET:
            field_dict["request_timeout_s"] = request_timeout_s
        if time_limit_s is not UNSET:
            field_dict["time_limit_s"] = time_limit_s

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        context_window = d.pop("context_window", UNSET)

        request_timeout_s = d.pop("request_timeout_s", UNSET)

        time_limit_s = d.pop("time_limit_s", UNSET)

        run_limits = cls(
            context_window=context_window,
            request_timeout_s=request_timeout_s,
            time_limit_s=time_limit_s,
        )


        run_limits.additional_properties = d
        return run_limits

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
