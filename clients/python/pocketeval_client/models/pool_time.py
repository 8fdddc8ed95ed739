from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.worker_time import WorkerTime





T = TypeVar("T", bound="PoolTime")



@_attrs_define
class PoolTime:
    """ 
        Attributes:
            tail_s (float): After the last moment every sequence of every worker was busy
            wall_s (float): From the first request sent to the last answered
            workers (list[WorkerTime]):
     """

    tail_s: float
    wall_s: float
    workers: list[WorkerTime]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.worker_time import WorkerTime # noqa: PLC0415
        tail_s = self.tail_s

        wall_s = self.wall_s

        workers = []
        for workers_item_data in self.workers:
            workers_item = workers_item_data.to_dict()
            workers.append(workers_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "tail_s": tail_s,
            "wall_s": wall_s,
            "workers": workers,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.worker_time import WorkerTime # noqa: PLC0415
        d = dict(src_dict)
        tail_s = d.pop("tail_s")

        wall_s = d.pop("wall_s")

        workers = []
        _workers = d.pop("workers")
        for workers_item_data in (_workers):
            workers_item = WorkerTime.from_dict(workers_item_data)



            workers.append(workers_item)


        pool_time = cls(
            tail_s=tail_s,
            wall_s=wall_s,
            workers=workers,
        )


        pool_time.additional_properties = d
        return pool_time

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
