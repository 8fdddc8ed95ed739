from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DeviceMetricsIn")



@_attrs_define
class DeviceMetricsIn:
    """ 
        Attributes:
            device (str):
            decode_tokens_per_s (float | None | Unset):
            energy_joules (float | None | Unset):
            notes (None | str | Unset):
            peak_memory_bytes (int | None | Unset):
            prefill_tokens_per_s (float | None | Unset):
            ran_ok (bool | Unset): False when the model did not run properly on the device (crashed, ran out of memory,
                unusably slow) Default: True.
            ttft_ms (float | None | Unset):
     """

    device: str
    decode_tokens_per_s: float | None | Unset = UNSET
    energy_joules: float | None | Unset = UNSET
    notes: None | str | Unset = UNSET
    peak_memory_bytes: int | None | Unset = UNSET
    prefill_tokens_per_s: float | None | Unset = UNSET
    ran_ok: bool | Unset = True
    ttft_ms: float | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        device = self.device

        decode_tokens_per_s: float | None | Unset
        if isinstance(self.decode_tokens_per_s, Unset):
            decode_tokens_per_s = UNSET
        else:
            decode_tokens_per_s = self.decode_tokens_per_s

        energy_joules: float | None | Unset
        if isinstance(self.energy_joules, Unset):
            energy_joules = UNSET
        else:
            energy_joules = self.energy_joules

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        peak_memory_bytes: int | None | Unset
        if isinstance(self.peak_memory_bytes, Unset):
            peak_memory_bytes = UNSET
        else:
            peak_memory_bytes = self.peak_memory_bytes

        prefill_tokens_per_s: float | None | Unset
        if isinstance(self.prefill_tokens_per_s, Unset):
            prefill_tokens_per_s = UNSET
        else:
            prefill_tokens_per_s = self.prefill_tokens_per_s

        ran_ok = self.ran_ok

        ttft_ms: float | None | Unset
        if isinstance(self.ttft_ms, Unset):
            ttft_ms = UNSET
        else:
            ttft_ms = self.ttft_ms


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "device": device,
        })
        if decode_tokens_per_s is not UNSET:
            field_dict["decode_tokens_per_s"] = decode_tokens_per_s
        if energy_joules is not UNSET:
            field_dict["energy_joules"] = energy_joules
        if notes is not UNSET:
            field_dict["notes"] = notes
        if peak_memory_bytes is not UNSET:
            field_dict["peak_memory_bytes"] = peak_memory_bytes
        if prefill_tokens_per_s is not UNSET:
            field_dict["prefill_tokens_per_s"] = prefill_tokens_per_s
        if ran_ok is not UNSET:
            field_dict["ran_ok"] = ran_ok
        if ttft_ms is not UNSET:
            field_dict["ttft_ms"] = ttft_ms

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        device = d.pop("device")

        def _parse_decode_tokens_per_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        decode_tokens_per_s = _parse_decode_tokens_per_s(d.pop("decode_tokens_per_s", UNSET))


        def _parse_energy_joules(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        energy_joules = _parse_energy_joules(d.pop("energy_joules", UNSET))


        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))


        def _parse_peak_memory_bytes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        peak_memory_bytes = _parse_peak_memory_bytes(d.pop("peak_memory_bytes", UNSET))


        def _parse_prefill_tokens_per_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        prefill_tokens_per_s = _parse_prefill_tokens_per_s(d.pop("prefill_tokens_per_s", UNSET))


        ran_ok = d.pop("ran_ok", UNSET)

        def _parse_ttft_ms(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        ttft_ms = _parse_ttft_ms(d.pop("ttft_ms", UNSET))


        device_metrics_in = cls(
            device=device,
            decode_tokens_per_s=decode_tokens_per_s,
            energy_joules=energy_joules,
            notes=notes,
            peak_memory_bytes=peak_memory_bytes,
            prefill_tokens_per_s=prefill_tokens_per_s,
            ran_ok=ran_ok,
            ttft_ms=ttft_ms,
        )

        return device_metrics_in

