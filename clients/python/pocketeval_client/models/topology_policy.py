from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.topology_policy_mode import TopologyPolicyMode
from ..models.topology_policy_prefill_lane import TopologyPolicyPrefillLane
from ..types import UNSET, Unset






T = TypeVar("T", bound="TopologyPolicy")



@_attrs_define
class TopologyPolicy:
    """ How a GGUF run's workers x threads x sequences are chosen at its start (settings at
    planning): by the host probe for what the run left open, or fixed.

        Attributes:
            kv_budget_bytes (int | Unset):  Default: 0.
            likelihood (bool | Unset):  Default: False.
            max_restarts (int | Unset):  Default: 0.
            mode (TopologyPolicyMode | Unset):  Default: TopologyPolicyMode.FIXED.
            prefill_lane (TopologyPolicyPrefillLane | Unset):  Default: TopologyPolicyPrefillLane.OFF.
            probe_dir (str | Unset):  Default: ''.
            probe_phase_s (float | Unset):  Default: 0.8.
            sequences_asked (bool | Unset):  Default: True.
            trial_measure_s (float | Unset):  Default: 0.5.
     """

    kv_budget_bytes: int | Unset = 0
    likelihood: bool | Unset = False
    max_restarts: int | Unset = 0
    mode: TopologyPolicyMode | Unset = TopologyPolicyMode.FIXED
    prefill_lane: TopologyPolicyPrefillLane | Unset = TopologyPolicyPrefillLane.OFF
    probe_dir: str | Unset = ''
    probe_phase_s: float | Unset = 0.8
    sequences_asked: bool | Unset = True
    trial_measure_s: float | Unset = 0.5
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        kv_budget_bytes = self.kv_budget_bytes

        likelihood = self.likelihood

        max_restarts = self.max_restarts

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value


        prefill_lane: str | Unset = UNSET
        if not isinstance(self.prefill_lane, Unset):
            prefill_lane = self.prefill_lane.value


        probe_dir = self.probe_dir

        probe_phase_s = self.probe_phase_s

        sequences_asked = self.sequences_asked

        trial_measure_s = self.trial_measure_s


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if kv_budget_bytes is not UNSET:
            field_dict["kv_budget_bytes"] = kv_budget_bytes
        if likelihood is not UNSET:
            field_dict["likelihood"] = likelihood
        if max_restarts is not UNSET:
            field_dict["max_restarts"] = max_restarts
        if mode is not UNSET:
            field_dict["mode"] = mode
        if prefill_lane is not UNSET:
            field_dict["prefill_lane"] = prefill_lane
        if probe_dir is not UNSET:
            field_dict["probe_dir"] = probe_dir
        if probe_phase_s is not UNSET:
            field_dict["probe_phase_s"] = probe_phase_s
        if sequences_asked is not UNSET:
            field_dict["sequences_asked"] = sequences_asked
        if trial_measure_s is not UNSET:
            field_dict["trial_measure_s"] = trial_measure_s

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kv_budget_bytes = d.pop("kv_budget_bytes", UNSET)

        likelihood = d.pop("likelihood", UNSET)

        max_restarts = d.pop("max_restarts", UNSET)

        _mode = d.pop("mode", UNSET)
        mode: TopologyPolicyMode | Unset
        if isinstance(_mode,  Unset):
            mode = UNSET
        else:
            mode = TopologyPolicyMode(_mode)




        _prefill_lane = d.pop("prefill_lane", UNSET)
        prefill_lane: TopologyPolicyPrefillLane | Unset
        if isinstance(_prefill_lane,  Unset):
            prefill_lane = UNSET
        else:
            prefill_lane = TopologyPolicyPrefillLane(_prefill_lane)




        probe_dir = d.pop("probe_dir", UNSET)

        probe_phase_s = d.pop("probe_phase_s", UNSET)

        sequences_asked = d.pop("sequences_asked", UNSET)

        trial_measure_s = d.pop("trial_measure_s", UNSET)

        topology_policy = cls(
            kv_budget_bytes=kv_budget_bytes,
            likelihood=likelihood,
            max_restarts=max_restarts,
            mode=mode,
            prefill_lane=prefill_lane,
            probe_dir=probe_dir,
            probe_phase_s=probe_phase_s,
            sequences_asked=sequences_asked,
            trial_measure_s=trial_measure_s,
        )


        topology_policy.additional_properties = d
        return topology_policy

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
