from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.stress import Stress
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="VisionAuditPlan")



@_attrs_define
class VisionAuditPlan:
    """ 
        Attributes:
            kind (Literal['vision-only'] | Unset):  Default: 'vision-only'.
            seed (int | Unset):  Default: 0.
            stress (list[Stress] | Unset):
     """

    kind: Literal['vision-only'] | Unset = 'vision-only'
    seed: int | Unset = 0
    stress: list[Stress] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        seed = self.seed

        stress: list[str] | Unset = UNSET
        if not isinstance(self.stress, Unset):
            stress = []
            for stress_item_data in self.stress:
                stress_item = stress_item_data.value
                stress.append(stress_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if kind is not UNSET:
            field_dict["kind"] = kind
        if seed is not UNSET:
            field_dict["seed"] = seed
        if stress is not UNSET:
            field_dict["stress"] = stress

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal['vision-only'] | Unset , d.pop("kind", UNSET))
        if kind != 'vision-only'and not isinstance(kind, Unset):
            raise ValueError(f"kind must match const 'vision-only', got '{kind}'")

        seed = d.pop("seed", UNSET)

        _stress = d.pop("stress", UNSET)
        stress: list[Stress] | Unset = UNSET
        if _stress is not UNSET:
            stress = []
            for stress_item_data in _stress:
                stress_item = Stress(stress_item_data)



                stress.append(stress_item)


        vision_audit_plan = cls(
            kind=kind,
            seed=seed,
            stress=stress,
        )


        vision_audit_plan.additional_properties = d
        return vision_audit_plan

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
