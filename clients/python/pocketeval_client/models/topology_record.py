from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.chosen_by import ChosenBy
from ..models.kv_mode import KvMode
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.probe import Probe





T = TypeVar("T", bound="TopologyRecord")



@_attrs_define
class TopologyRecord:
    """ The workers x threads x sequences a GGUF run ran with, and why.

        Attributes:
            chosen_by (ChosenBy):
            kv_mode (KvMode): Each sequence holds cells for a whole window (no sequence is ever set back), or the
                sequences share one window's cells and the last admitted is set back when it is full.
            kv_reserved_bytes (int): KV cache reserved over all workers
            prefill_lane (bool):
            sequences (int):
            threads (int | None): None: llama.cpp's default
            workers (int):
            lends_threads (bool | Unset): An idle worker lends its threads to the busy ones (generation, where the probe
                measured more threads decoding faster) Default: False.
            probe (None | Probe | Unset):
            probe_cached (bool | Unset):  Default: False.
     """

    chosen_by: ChosenBy
    kv_mode: KvMode
    kv_reserved_bytes: int
    prefill_lane: bool
    sequences: int
    threads: int | None
    workers: int
    lends_threads: bool | Unset = False
    probe: None | Probe | Unset = UNSET
    probe_cached: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.probe import Probe # noqa: PLC0415
        chosen_by = self.chosen_by.value

        kv_mode = self.kv_mode.value

        kv_reserved_bytes = self.kv_reserved_bytes

        prefill_lane = self.prefill_lane

        sequences = self.sequences

        threads: int | None
        threads = self.threads

        workers = self.workers

        lends_threads = self.lends_threads

        probe: dict[str, Any] | None | Unset
        if isinstance(self.probe, Unset):
            probe = UNSET
        elif isinstance(self.probe, Probe):
            probe = self.probe.to_dict()
        else:
            probe = self.probe

        probe_cached = self.probe_cached


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "chosen_by": chosen_by,
            "kv_mode": kv_mode,
            "kv_reserved_bytes": kv_reserved_bytes,
            "prefill_lane": prefill_lane,
            "sequences": sequences,
            "threads": threads,
            "workers": workers,
        })
        if lends_threads is not UNSET:
            field_dict["lends_threads"] = lends_threads
        if probe is not UNSET:
            field_dict["probe"] = probe
        if probe_cached is not UNSET:
            field_dict["probe_cached"] = probe_cached

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.probe import Probe # noqa: PLC0415
        d = dict(src_dict)
        chosen_by = ChosenBy(d.pop("chosen_by"))




        kv_mode = KvMode(d.pop("kv_mode"))




        kv_reserved_bytes = d.pop("kv_reserved_bytes")

        prefill_lane = d.pop("prefill_lane")

        sequences = d.pop("sequences")

        def _parse_threads(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        threads = _parse_threads(d.pop("threads"))


        workers = d.pop("workers")

        lends_threads = d.pop("lends_threads", UNSET)

        def _parse_probe(data: object) -> None | Probe | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                probe_type_0 = Probe.from_dict(data)



                return probe_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Probe | Unset, data)

        probe = _parse_probe(d.pop("probe", UNSET))


        probe_cached = d.pop("probe_cached", UNSET)

        topology_record = cls(
            chosen_by=chosen_by,
            kv_mode=kv_mode,
            kv_reserved_bytes=kv_reserved_bytes,
            prefill_lane=prefill_lane,
            sequences=sequences,
            threads=threads,
            workers=workers,
            lends_threads=lends_threads,
            probe=probe,
            probe_cached=probe_cached,
        )


        topology_record.additional_properties = d
        return topology_record

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
