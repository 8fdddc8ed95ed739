from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="WorkerTime")



@_attrs_define
class WorkerTime:
    """ 
        Attributes:
            idle_serving_s (float): No request in flight while the run still had samples to send
            idle_tail_s (float): No request in flight after the run's last request was sent
            model_s (float | None): In llama.cpp: decode steps, prompt evaluations, log-likelihoods (the prefill lane's wait
                included: it is taken inside a step)
            partly_filled_s (float): Holding fewer chats than its sequences (a generative run's half-empty batches)
            prefill_lane_wait_s (float | None): Waiting for the prefill lane
     """

    idle_serving_s: float
    idle_tail_s: float
    model_s: float | None
    partly_filled_s: float
    prefill_lane_wait_s: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        idle_serving_s = self.idle_serving_s

        idle_tail_s = self.idle_tail_s

        model_s: float | None
        model_s = self.model_s

        partly_filled_s = self.partly_filled_s

        prefill_lane_wait_s: float | None
        prefill_lane_wait_s = self.prefill_lane_wait_s


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "idle_serving_s": idle_serving_s,
            "idle_tail_s": idle_tail_s,
            "model_s": model_s,
            "partly_filled_s": partly_filled_s,
            "prefill_lane_wait_s": prefill_lane_wait_s,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        idle_serving_s = d.pop("idle_serving_s")

        idle_tail_s = d.pop("idle_tail_s")

        def _parse_model_s(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        model_s = _parse_model_s(d.pop("model_s"))


        partly_filled_s = d.pop("partly_filled_s")

        def _parse_prefill_lane_wait_s(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        prefill_lane_wait_s = _parse_prefill_lane_wait_s(d.pop("prefill_lane_wait_s"))


        worker_time = cls(
            idle_serving_s=idle_serving_s,
            idle_tail_s=idle_tail_s,
            model_s=model_s,
            partly_filled_s=partly_filled_s,
            prefill_lane_wait_s=prefill_lane_wait_s,
        )


        worker_time.additional_properties = d
        return worker_time

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
