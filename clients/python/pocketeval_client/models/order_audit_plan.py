from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import Literal, cast






T = TypeVar("T", bound="OrderAuditPlan")



@_attrs_define
class OrderAuditPlan:
    """ 
        Attributes:
            circular (bool):
            permutations (int):
            seed (int):
            kind (Literal['option-order'] | Unset):  Default: 'option-order'.
     """

    circular: bool
    permutations: int
    seed: int
    kind: Literal['option-order'] | Unset = 'option-order'
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        circular = self.circular

        permutations = self.permutations

        seed = self.seed

        kind = self.kind


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "circular": circular,
            "permutations": permutations,
            "seed": seed,
        })
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        circular = d.pop("circular")

        permutations = d.pop("permutations")

        seed = d.pop("seed")

        kind = cast(Literal['option-order'] | Unset , d.pop("kind", UNSET))
        if kind != 'option-order'and not isinstance(kind, Unset):
            raise ValueError(f"kind must match const 'option-order', got '{kind}'")

        order_audit_plan = cls(
            circular=circular,
            permutations=permutations,
            seed=seed,
            kind=kind,
        )


        order_audit_plan.additional_properties = d
        return order_audit_plan

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
