from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.topology_record import TopologyRecord





T = TypeVar("T", bound="ActorTopology")



@_attrs_define
class ActorTopology:
    """ What one Ray actor of a GGUF run ran with: its node's probe, bounded by its CPUs.

        Attributes:
            cores (int): Whole CPUs the actor reserved: its workers x threads fit
            host (str):
            node (str): The Ray node id
            topology (TopologyRecord): The workers x threads x sequences a GGUF run ran with, and why.
            slots (int | Unset): Samples it was sent at a time: as many as the embedded executor keeps in flight for its
                topology (0: not recorded) Default: 0.
     """

    cores: int
    host: str
    node: str
    topology: TopologyRecord
    slots: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.topology_record import TopologyRecord # noqa: PLC0415
        cores = self.cores

        host = self.host

        node = self.node

        topology = self.topology.to_dict()

        slots = self.slots


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "cores": cores,
            "host": host,
            "node": node,
            "topology": topology,
        })
        if slots is not UNSET:
            field_dict["slots"] = slots

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.topology_record import TopologyRecord # noqa: PLC0415
        d = dict(src_dict)
        cores = d.pop("cores")

        host = d.pop("host")

        node = d.pop("node")

        topology = TopologyRecord.from_dict(d.pop("topology"))




        slots = d.pop("slots", UNSET)

        actor_topology = cls(
            cores=cores,
            host=host,
            node=node,
            topology=topology,
            slots=slots,
        )


        actor_topology.additional_properties = d
        return actor_topology

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
