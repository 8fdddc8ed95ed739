from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="LatencyRead")



@_attrs_define
class LatencyRead:
    """ 
        Attributes:
            p50_ms (float | None):
            p95_ms (float | None):
            ttft_p50_ms (float | None):
            ttft_p95_ms (float | None):
            decode_tokens_per_s (float | None | Unset): Median over samples of completion tokens / (latency - time to first
                token): a sample's decode span, which on a shared context includes the other sequences' prompt evaluation
            decode_tokens_per_s_aggregate (float | None | Unset): Built-in runner: all sequences' completion tokens / the
                decode wall (the union of the samples' first-token-to-end windows): what the host delivers with its sequences
                together
            decode_tokens_per_s_sequence (float | None | Unset): Built-in runner: median over samples of completion tokens /
                that sequence's own decode time (the decode steps that gave it a token)
            host_busy (bool | None | Unset): host_other_load of 0.25 or more: the speeds above were measured on a shared
                host and are not its best
            host_other_load (float | None | Unset): GGUF runs: share of the usable CPUs' time (0 to 1) that work other than
                the run's took while it went on; None where the host does not say
            prefill_tokens_per_s (float | None | Unset): Median over samples of prompt tokens evaluated / time to first
                token (loglikelihood: / evaluation time)
            ttft_p90_ms (float | None | Unset):
     """

    p50_ms: float | None
    p95_ms: float | None
    ttft_p50_ms: float | None
    ttft_p95_ms: float | None
    decode_tokens_per_s: float | None | Unset = UNSET
    decode_tokens_per_s_aggregate: float | None | Unset = UNSET
    decode_tokens_per_s_sequence: float | None | Unset = UNSET
    host_busy: bool | None | Unset = UNSET
    host_other_load: float | None | Unset = UNSET
    prefill_tokens_per_s: float | None | Unset = UNSET
    ttft_p90_ms: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        p50_ms: float | None
        p50_ms = self.p50_ms

        p95_ms: float | None
        p95_ms = self.p95_ms

        ttft_p50_ms: float | None
        ttft_p50_ms = self.ttft_p50_ms

        ttft_p95_ms: float | None
        ttft_p95_ms = self.ttft_p95_ms

        decode_tokens_per_s: float | None | Unset
        if isinstance(self.decode_tokens_per_s, Unset):
            decode_tokens_per_s = UNSET
        else:
            decode_tokens_per_s = self.decode_tokens_per_s

        decode_tokens_per_s_aggregate: float | None | Unset
        if isinstance(self.decode_tokens_per_s_aggregate, Unset):
            decode_tokens_per_s_aggregate = UNSET
        else:
            decode_tokens_per_s_aggregate = self.decode_tokens_per_s_aggregate

        decode_tokens_per_s_sequence: float | None | Unset
        if isinstance(self.decode_tokens_per_s_sequence, Unset):
            decode_tokens_per_s_sequence = UNSET
        else:
            decode_tokens_per_s_sequence = self.decode_tokens_per_s_sequence

        host_busy: bool | None | Unset
        if isinstance(self.host_busy, Unset):
            host_busy = UNSET
        else:
            host_busy = self.host_busy

        host_other_load: float | None | Unset
        if isinstance(self.host_other_load, Unset):
            host_other_load = UNSET
        else:
            host_other_load = self.host_other_load

        prefill_tokens_per_s: float | None | Unset
        if isinstance(self.prefill_tokens_per_s, Unset):
            prefill_tokens_per_s = UNSET
        else:
            prefill_tokens_per_s = self.prefill_tokens_per_s

        ttft_p90_ms: float | None | Unset
        if isinstance(self.ttft_p90_ms, Unset):
            ttft_p90_ms = UNSET
        else:
            ttft_p90_ms = self.ttft_p90_ms


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "p50_ms": p50_ms,
            "p95_ms": p95_ms,
            "ttft_p50_ms": ttft_p50_ms,
            "ttft_p95_ms": ttft_p95_ms,
        })
        if decode_tokens_per_s is not UNSET:
            field_dict["decode_tokens_per_s"] = decode_tokens_per_s
        if decode_tokens_per_s_aggregate is not UNSET:
            field_dict["decode_tokens_per_s_aggregate"] = decode_tokens_per_s_aggregate
        if decode_tokens_per_s_sequence is not UNSET:
            field_dict["decode_tokens_per_s_sequence"] = decode_tokens_per_s_sequence
        if host_busy is not UNSET:
            field_dict["host_busy"] = host_busy
        if host_other_load is not UNSET:
            field_dict["host_other_load"] = host_other_load
        if prefill_tokens_per_s is not UNSET:
            field_dict["prefill_tokens_per_s"] = prefill_tokens_per_s
        if ttft_p90_ms is not UNSET:
            field_dict["ttft_p90_ms"] = ttft_p90_ms

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_p50_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p50_ms = _parse_p50_ms(d.pop("p50_ms"))


        def _parse_p95_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p95_ms = _parse_p95_ms(d.pop("p95_ms"))


        def _parse_ttft_p50_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        ttft_p50_ms = _parse_ttft_p50_ms(d.pop("ttft_p50_ms"))


        def _parse_ttft_p95_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        ttft_p95_ms = _parse_ttft_p95_ms(d.pop("ttft_p95_ms"))


        def _parse_decode_tokens_per_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        decode_tokens_per_s = _parse_decode_tokens_per_s(d.pop("decode_tokens_per_s", UNSET))


        def _parse_decode_tokens_per_s_aggregate(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        decode_tokens_per_s_aggregate = _parse_decode_tokens_per_s_aggregate(d.pop("decode_tokens_per_s_aggregate", UNSET))


        def _parse_decode_tokens_per_s_sequence(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        decode_tokens_per_s_sequence = _parse_decode_tokens_per_s_sequence(d.pop("decode_tokens_per_s_sequence", UNSET))


        def _parse_host_busy(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        host_busy = _parse_host_busy(d.pop("host_busy", UNSET))


        def _parse_host_other_load(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        host_other_load = _parse_host_other_load(d.pop("host_other_load", UNSET))


        def _parse_prefill_tokens_per_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        prefill_tokens_per_s = _parse_prefill_tokens_per_s(d.pop("prefill_tokens_per_s", UNSET))


        def _parse_ttft_p90_ms(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        ttft_p90_ms = _parse_ttft_p90_ms(d.pop("ttft_p90_ms", UNSET))


        latency_read = cls(
            p50_ms=p50_ms,
            p95_ms=p95_ms,
            ttft_p50_ms=ttft_p50_ms,
            ttft_p95_ms=ttft_p95_ms,
            decode_tokens_per_s=decode_tokens_per_s,
            decode_tokens_per_s_aggregate=decode_tokens_per_s_aggregate,
            decode_tokens_per_s_sequence=decode_tokens_per_s_sequence,
            host_busy=host_busy,
            host_other_load=host_other_load,
            prefill_tokens_per_s=prefill_tokens_per_s,
            ttft_p90_ms=ttft_p90_ms,
        )


        latency_read.additional_properties = d
        return latency_read

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
