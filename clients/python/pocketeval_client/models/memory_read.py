from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="MemoryRead")



@_attrs_define
class MemoryRead:
    """ GGUF runs: the eligibility estimate beside what the llama.cpp worker used.

        Attributes:
            estimate_bytes (int):
            forced (bool):
            peak_rss_bytes (int | None):
            rss_over_estimate (float | None):
     """

    estimate_bytes: int
    forced: bool
    peak_rss_bytes: int | None
    rss_over_estimate: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        estimate_bytes = self.estimate_bytes

        forced = self.forced

        peak_rss_bytes: int | None
        peak_rss_bytes = self.peak_rss_bytes

        rss_over_estimate: float | None
        rss_over_estimate = self.rss_over_estimate


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "estimate_bytes": estimate_bytes,
            "forced": forced,
            "peak_rss_bytes": peak_rss_bytes,
            "rss_over_estimate": rss_over_estimate,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        estimate_bytes = d.pop("estimate_bytes")

        forced = d.pop("forced")

        def _parse_peak_rss_bytes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        peak_rss_bytes = _parse_peak_rss_bytes(d.pop("peak_rss_bytes"))


        def _parse_rss_over_estimate(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rss_over_estimate = _parse_rss_over_estimate(d.pop("rss_over_estimate"))


        memory_read = cls(
            estimate_bytes=estimate_bytes,
            forced=forced,
            peak_rss_bytes=peak_rss_bytes,
            rss_over_estimate=rss_over_estimate,
        )


        memory_read.additional_properties = d
        return memory_read

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
