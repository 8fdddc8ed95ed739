from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.stop_reason import StopReason
from typing import cast

if TYPE_CHECKING:
  from ..models.early_stop_items_run import EarlyStopItemsRun





T = TypeVar("T", bound="EarlyStop")



@_attrs_define
class EarlyStop:
    """ A run told to stop when its estimate was precise enough, or after a time budget:
    its results are over the items run, a uniform random sample of those planned.

        Attributes:
            items_run (EarlyStopItemsRun): Benchmark -> the ids of the items with every repeat scored: the results' items
            reason (StopReason):
            samples_done (int):
            samples_planned (int):
            target (float):
     """

    items_run: EarlyStopItemsRun
    reason: StopReason
    samples_done: int
    samples_planned: int
    target: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.early_stop_items_run import EarlyStopItemsRun # noqa: PLC0415
        items_run = self.items_run.to_dict()

        reason = self.reason.value

        samples_done = self.samples_done

        samples_planned = self.samples_planned

        target = self.target


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "items_run": items_run,
            "reason": reason,
            "samples_done": samples_done,
            "samples_planned": samples_planned,
            "target": target,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.early_stop_items_run import EarlyStopItemsRun # noqa: PLC0415
        d = dict(src_dict)
        items_run = EarlyStopItemsRun.from_dict(d.pop("items_run"))




        reason = StopReason(d.pop("reason"))




        samples_done = d.pop("samples_done")

        samples_planned = d.pop("samples_planned")

        target = d.pop("target")

        early_stop = cls(
            items_run=items_run,
            reason=reason,
            samples_done=samples_done,
            samples_planned=samples_planned,
            target=target,
        )


        early_stop.additional_properties = d
        return early_stop

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
