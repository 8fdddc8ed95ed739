from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.device_status import DeviceStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.interval import Interval
  from ..models.leaderboard_row_cells import LeaderboardRowCells
  from ..models.memory_terms import MemoryTerms
  from ..models.model_identity import ModelIdentity





T = TypeVar("T", bound="LeaderboardRow")



@_attrs_define
class LeaderboardRow:
    """ 
        Attributes:
            budget_bytes (int | None):
            cells (LeaderboardRowCells): Benchmark -> its latest finished run
            device_status (DeviceStatus):
            eligible (bool | None): GGUF: the phone-memory verdict
            index (float | None): Mobile Intelligence Index (all five components)
            index_ci95 (Interval | None):
            index_missing (list[str]):
            memory_terms (MemoryTerms | None): GGUF: weights, KV, compute and output at n_ctx 8192
            memory_total_bytes (int | None): GGUF: the phone's figure, the eligibility total (one sequence, n_ctx 8192)
            model (ModelIdentity): Two quantisations, variants or files of one model name are two rows.
            parameters (int | None):
            rule_bytes (int | None):
            decode_tokens_per_s (float | None | Unset): Decode speed of the front column's run (aggregate where the built-in
                runner measured it, else the median sample's)
            index_runs (list[int] | Unset): The runs its index components come from (GET /index?runs=)
            measured_peak_bytes (int | None | Unset): GGUF: the latest run's measured peak (one worker), with the sequences
                it held at once in measured_sequences: not the phone's figure
            measured_sequences (int | None | Unset):
            names (list[str] | Unset): Every name the model was run under, latest first: a GGUF file is one row per sha256
                whatever its runs called it
            on_front (bool | None | Unset): No other row is at least as accurate (the front column), as small (memory total)
                and as fast at once, and better on one; None where one of the three is missing
     """

    budget_bytes: int | None
    cells: LeaderboardRowCells
    device_status: DeviceStatus
    eligible: bool | None
    index: float | None
    index_ci95: Interval | None
    index_missing: list[str]
    memory_terms: MemoryTerms | None
    memory_total_bytes: int | None
    model: ModelIdentity
    parameters: int | None
    rule_bytes: int | None
    decode_tokens_per_s: float | None | Unset = UNSET
    index_runs: list[int] | Unset = UNSET
    measured_peak_bytes: int | None | Unset = UNSET
    measured_sequences: int | None | Unset = UNSET
    names: list[str] | Unset = UNSET
    on_front: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.interval import Interval # noqa: PLC0415
        from ..models.leaderboard_row_cells import LeaderboardRowCells # noqa: PLC0415
        from ..models.memory_terms import MemoryTerms # noqa: PLC0415
        from ..models.model_identity import ModelIdentity # noqa: PLC0415
        budget_bytes: int | None
        budget_bytes = self.budget_bytes

        cells = self.cells.to_dict()

        device_status = self.device_status.value

        eligible: bool | None
        eligible = self.eligible

        index: float | None
        index = self.index

        index_ci95: dict[str, Any] | None
        if isinstance(self.index_ci95, Interval):
            index_ci95 = self.index_ci95.to_dict()
        else:
            index_ci95 = self.index_ci95

        index_missing = self.index_missing



        memory_terms: dict[str, Any] | None
        if isinstance(self.memory_terms, MemoryTerms):
            memory_terms = self.memory_terms.to_dict()
        else:
            memory_terms = self.memory_terms

        memory_total_bytes: int | None
        memory_total_bytes = self.memory_total_bytes

        model = self.model.to_dict()

        parameters: int | None
        parameters = self.parameters

        rule_bytes: int | None
        rule_bytes = self.rule_bytes

        decode_tokens_per_s: float | None | Unset
        if isinstance(self.decode_tokens_per_s, Unset):
            decode_tokens_per_s = UNSET
        else:
            decode_tokens_per_s = self.decode_tokens_per_s

        index_runs: list[int] | Unset = UNSET
        if not isinstance(self.index_runs, Unset):
            index_runs = self.index_runs



        measured_peak_bytes: int | None | Unset
        if isinstance(self.measured_peak_bytes, Unset):
            measured_peak_bytes = UNSET
        else:
            measured_peak_bytes = self.measured_peak_bytes

        measured_sequences: int | None | Unset
        if isinstance(self.measured_sequences, Unset):
            measured_sequences = UNSET
        else:
            measured_sequences = self.measured_sequences

        names: list[str] | Unset = UNSET
        if not isinstance(self.names, Unset):
            names = self.names



        on_front: bool | None | Unset
        if isinstance(self.on_front, Unset):
            on_front = UNSET
        else:
            on_front = self.on_front


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "budget_bytes": budget_bytes,
            "cells": cells,
            "device_status": device_status,
            "eligible": eligible,
            "index": index,
            "index_ci95": index_ci95,
            "index_missing": index_missing,
            "memory_terms": memory_terms,
            "memory_total_bytes": memory_total_bytes,
            "model": model,
            "parameters": parameters,
            "rule_bytes": rule_bytes,
        })
        if decode_tokens_per_s is not UNSET:
            field_dict["decode_tokens_per_s"] = decode_tokens_per_s
        if index_runs is not UNSET:
            field_dict["index_runs"] = index_runs
        if measured_peak_bytes is not UNSET:
            field_dict["measured_peak_bytes"] = measured_peak_bytes
        if measured_sequences is not UNSET:
            field_dict["measured_sequences"] = measured_sequences
        if names is not UNSET:
            field_dict["names"] = names
        if on_front is not UNSET:
            field_dict["on_front"] = on_front

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.interval import Interval # noqa: PLC0415
        from ..models.leaderboard_row_cells import LeaderboardRowCells # noqa: PLC0415
        from ..models.memory_terms import MemoryTerms # noqa: PLC0415
        from ..models.model_identity import ModelIdentity # noqa: PLC0415
        d = dict(src_dict)
        def _parse_budget_bytes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        budget_bytes = _parse_budget_bytes(d.pop("budget_bytes"))


        cells = LeaderboardRowCells.from_dict(d.pop("cells"))




        device_status = DeviceStatus(d.pop("device_status"))




        def _parse_eligible(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        eligible = _parse_eligible(d.pop("eligible"))


        def _parse_index(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        index = _parse_index(d.pop("index"))


        def _parse_index_ci95(data: object) -> Interval | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                index_ci95_type_0 = Interval.from_dict(data)



                return index_ci95_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Interval | None, data)

        index_ci95 = _parse_index_ci95(d.pop("index_ci95"))


        index_missing = cast(list[str], d.pop("index_missing"))


        def _parse_memory_terms(data: object) -> MemoryTerms | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                memory_terms_type_0 = MemoryTerms.from_dict(data)



                return memory_terms_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MemoryTerms | None, data)

        memory_terms = _parse_memory_terms(d.pop("memory_terms"))


        def _parse_memory_total_bytes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        memory_total_bytes = _parse_memory_total_bytes(d.pop("memory_total_bytes"))


        model = ModelIdentity.from_dict(d.pop("model"))




        def _parse_parameters(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        parameters = _parse_parameters(d.pop("parameters"))


        def _parse_rule_bytes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rule_bytes = _parse_rule_bytes(d.pop("rule_bytes"))


        def _parse_decode_tokens_per_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        decode_tokens_per_s = _parse_decode_tokens_per_s(d.pop("decode_tokens_per_s", UNSET))


        index_runs = cast(list[int], d.pop("index_runs", UNSET))


        def _parse_measured_peak_bytes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        measured_peak_bytes = _parse_measured_peak_bytes(d.pop("measured_peak_bytes", UNSET))


        def _parse_measured_sequences(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        measured_sequences = _parse_measured_sequences(d.pop("measured_sequences", UNSET))


        names = cast(list[str], d.pop("names", UNSET))


        def _parse_on_front(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        on_front = _parse_on_front(d.pop("on_front", UNSET))


        leaderboard_row = cls(
            budget_bytes=budget_bytes,
            cells=cells,
            device_status=device_status,
            eligible=eligible,
            index=index,
            index_ci95=index_ci95,
            index_missing=index_missing,
            memory_terms=memory_terms,
            memory_total_bytes=memory_total_bytes,
            model=model,
            parameters=parameters,
            rule_bytes=rule_bytes,
            decode_tokens_per_s=decode_tokens_per_s,
            index_runs=index_runs,
            measured_peak_bytes=measured_peak_bytes,
            measured_sequences=measured_sequences,
            names=names,
            on_front=on_front,
        )


        leaderboard_row.additional_properties = d
        return leaderboard_row

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
