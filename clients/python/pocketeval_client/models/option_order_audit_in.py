from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import Literal, cast






T = TypeVar("T", bound="OptionOrderAuditIn")



@_attrs_define
class OptionOrderAuditIn:
    """ Run every item under several arrangements of its options (one repeat each): the
    original order, the key at each letter, `permutations` seeded random orders, and with
    `circular` every rotation (CircularEval). The report is GET /runs/{id}/audits/option-order.

        Attributes:
            circular (bool | Unset):  Default: False.
            kind (Literal['option-order'] | Unset):  Default: 'option-order'.
            permutations (int | Unset):  Default: 3.
            seed (int | Unset):  Default: 0.
     """

    circular: bool | Unset = False
    kind: Literal['option-order'] | Unset = 'option-order'
    permutations: int | Unset = 3
    seed: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        circular = self.circular

        kind = self.kind

        permutations = self.permutations

        seed = self.seed


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if circular is not UNSET:
            field_dict["circular"] = circular
        if kind is not UNSET:
            field_dict["kind"] = kind
        if permutations is not UNSET:
            field_dict["permutations"] = permutations
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        circular = d.pop("circular", UNSET)

        kind = cast(Literal['option-order'] | Unset , d.pop("kind", UNSET))
        if kind != 'option-order'and not isinstance(kind, Unset):
            raise ValueError(f"kind must match const 'option-order', got '{kind}'")

        permutations = d.pop("permutations", UNSET)

        seed = d.pop("seed", UNSET)

        option_order_audit_in = cls(
            circular=circular,
            kind=kind,
            permutations=permutations,
            seed=seed,
        )


        option_order_audit_in.additional_properties = d
        return option_order_audit_in

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
