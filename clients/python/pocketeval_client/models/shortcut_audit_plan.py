from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.shortcut_variant import ShortcutVariant
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="ShortcutAuditPlan")



@_attrs_define
class ShortcutAuditPlan:
    """ 
        Attributes:
            seed (int):
            threshold (float):
            tries (int):
            variants (list[ShortcutVariant]):
            kind (Literal['no-shortcut'] | Unset):  Default: 'no-shortcut'.
     """

    seed: int
    threshold: float
    tries: int
    variants: list[ShortcutVariant]
    kind: Literal['no-shortcut'] | Unset = 'no-shortcut'
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        seed = self.seed

        threshold = self.threshold

        tries = self.tries

        variants = []
        for variants_item_data in self.variants:
            variants_item = variants_item_data.value
            variants.append(variants_item)



        kind = self.kind


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "seed": seed,
            "threshold": threshold,
            "tries": tries,
            "variants": variants,
        })
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seed = d.pop("seed")

        threshold = d.pop("threshold")

        tries = d.pop("tries")

        variants = []
        _variants = d.pop("variants")
        for variants_item_data in (_variants):
            variants_item = ShortcutVariant(variants_item_data)



            variants.append(variants_item)


        kind = cast(Literal['no-shortcut'] | Unset , d.pop("kind", UNSET))
        if kind != 'no-shortcut'and not isinstance(kind, Unset):
            raise ValueError(f"kind must match const 'no-shortcut', got '{kind}'")

        shortcut_audit_plan = cls(
            seed=seed,
            threshold=threshold,
            tries=tries,
            variants=variants,
            kind=kind,
        )


        shortcut_audit_plan.additional_properties = d
        return shortcut_audit_plan

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
