from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="DeviceMetricRead")



@_attrs_define
class DeviceMetricRead:
    """ 
        Attributes:
            decode_tokens_per_s (float | None):
            device (str):
            energy_joules (float | None):
            notes (None | str):
            peak_memory_bytes (int | None):
            prefill_tokens_per_s (float | None):
            received_at (datetime.datetime):
            ttft_ms (float | None):
            ran_ok (bool | Unset):  Default: True.
     """

    decode_tokens_per_s: float | None
    device: str
    energy_joules: float | None
    notes: None | str
    peak_memory_bytes: int | None
    prefill_tokens_per_s: float | None
    received_at: datetime.datetime
    ttft_ms: float | None
    ran_ok: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        decode_tokens_per_s: float | None
        decode_tokens_per_s = self.decode_tokens_per_s

        device = self.device

        energy_joules: float | None
        energy_joules = self.energy_joules

        notes: None | str
        notes = self.notes

        peak_memory_bytes: int | None
        peak_memory_bytes = self.peak_memory_bytes

        prefill_tokens_per_s: float | None
        prefill_tokens_per_s = self.prefill_tokens_per_s

        received_at = self.received_at.isoformat()

        ttft_ms: float | None
        ttft_ms = self.ttft_ms

        ran_ok = self.ran_ok


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "decode_tokens_per_s": decode_tokens_per_s,
            "device": device,
            "energy_joules": energy_joules,
            "notes": notes,
            "peak_memory_bytes": peak_memory_bytes,
            "prefill_tokens_per_s": prefill_tokens_per_s,
            "received_at": received_at,
            "ttft_ms": ttft_ms,
        })
        if ran_ok is not UNSET:
            field_dict["ran_ok"] = ran_ok

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_decode_tokens_per_s(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        decode_tokens_per_s = _parse_decode_tokens_per_s(d.pop("decode_tokens_per_s"))


        device = d.pop("device")

        def _parse_energy_joules(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        energy_joules = _parse_energy_joules(d.pop("energy_joules"))


        def _parse_notes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notes = _parse_notes(d.pop("notes"))


        def _parse_peak_memory_bytes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        peak_memory_bytes = _parse_peak_memory_bytes(d.pop("peak_memory_bytes"))


        def _parse_prefill_tokens_per_s(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        prefill_tokens_per_s = _parse_prefill_tokens_per_s(d.pop("prefill_tokens_per_s"))


        received_at = datetime.datetime.fromisoformat(d.pop("received_at"))




        def _parse_ttft_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        ttft_ms = _parse_ttft_ms(d.pop("ttft_ms"))


        ran_ok = d.pop("ran_ok", UNSET)

        device_metric_read = cls(
            decode_tokens_per_s=decode_tokens_per_s,
            device=device,
            energy_joules=energy_joules,
            notes=notes,
            peak_memory_bytes=peak_memory_bytes,
            prefill_tokens_per_s=prefill_tokens_per_s,
            received_at=received_at,
            ttft_ms=ttft_ms,
            ran_ok=ran_ok,
        )


        device_metric_read.additional_properties = d
        return device_metric_read

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
