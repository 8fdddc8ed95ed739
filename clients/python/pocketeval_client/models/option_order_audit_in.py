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





    def to_dict(self) -> dict[str, Any]:
        circular = self.circular

        kind = self.kind

        permutations = self.permutations

        seed = self.seed


        field_dict: dict[str, Any] = {}

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

        return option_order_audit_in

