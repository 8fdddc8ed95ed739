from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.actor_topology import ActorTopology





T = TypeVar("T", bound="RayRecord")



@_attrs_define
class RayRecord:
    """ A run carried out by Ray actors: how many, and what faults cost.

        Attributes:
            actor_replacements (int): Actors that died and were replaced
            actors (int):
            samples_retried (int): Samples evaluated again after their actor died
            actor_topologies (list[ActorTopology] | Unset): GGUF runs: the topology each actor chose on its node, within the
                CPUs it reserved
     """

    actor_replacements: int
    actors: int
    samples_retried: int
    actor_topologies: list[ActorTopology] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.actor_topology import ActorTopology # noqa: PLC0415
        actor_replacements = self.actor_replacements

        actors = self.actors

        samples_retried = self.samples_retried

        actor_topologies: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.actor_topologies, Unset):
            actor_topologies = []
            for actor_topologies_item_data in self.actor_topologies:
                actor_topologies_item = actor_topologies_item_data.to_dict()
                actor_topologies.append(actor_topologies_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "actor_replacements": actor_replacements,
            "actors": actors,
            "samples_retried": samples_retried,
        })
        if actor_topologies is not UNSET:
            field_dict["actor_topologies"] = actor_topologies

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.actor_topology import ActorTopology # noqa: PLC0415
        d = dict(src_dict)
        actor_replacements = d.pop("actor_replacements")

        actors = d.pop("actors")

        samples_retried = d.pop("samples_retried")

        _actor_topologies = d.pop("actor_topologies", UNSET)
        actor_topologies: list[ActorTopology] | Unset = UNSET
        if _actor_topologies is not UNSET:
            actor_topologies = []
            for actor_topologies_item_data in _actor_topologies:
                actor_topologies_item = ActorTopology.from_dict(actor_topologies_item_data)



                actor_topologies.append(actor_topologies_item)


        ray_record = cls(
            actor_replacements=actor_replacements,
            actors=actors,
            samples_retried=samples_retried,
            actor_topologies=actor_topologies,
        )


        ray_record.additional_properties = d
        return ray_record

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
