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






T = TypeVar("T", bound="ShortcutAuditIn")



@_attrs_define
class ShortcutAuditIn:
    """ Can items be answered without the part that should be needed? Each variant
    (`options-only`: stem removed; `stem-only`: options blanked; `text-only`: images
    removed) is tried `tries` times per item with the options shuffled per try (seeded,
    recorded); an item is flagged when right in more than `threshold` of its tries
    (MMMU-Pro: 0.6 of 5). The report is GET /runs/{id}/audits/no-shortcut.

        Attributes:
            kind (Literal['no-shortcut']):
            seed (int | Unset):  Default: 0.
            threshold (float | Unset):  Default: 0.6.
            tries (int | Unset):  Default: 5.
            variants (list[ShortcutVariant] | Unset):
     """

    kind: Literal['no-shortcut']
    seed: int | Unset = 0
    threshold: float | Unset = 0.6
    tries: int | Unset = 5
    variants: list[ShortcutVariant] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        seed = self.seed

        threshold = self.threshold

        tries = self.tries

        variants: list[str] | Unset = UNSET
        if not isinstance(self.variants, Unset):
            variants = []
            for variants_item_data in self.variants:
                variants_item = variants_item_data.value
                variants.append(variants_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kind": kind,
        })
        if seed is not UNSET:
            field_dict["seed"] = seed
        if threshold is not UNSET:
            field_dict["threshold"] = threshold
        if tries is not UNSET:
            field_dict["tries"] = tries
        if variants is not UNSET:
            field_dict["variants"] = variants

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal['no-shortcut'] , d.pop("kind"))
        if kind != 'no-shortcut':
            raise ValueError(f"kind must match const 'no-shortcut', got '{kind}'")

        seed = d.pop("seed", UNSET)

        threshold = d.pop("threshold", UNSET)

        tries = d.pop("tries", UNSET)

        _variants = d.pop("variants", UNSET)
        variants: list[ShortcutVariant] | Unset = UNSET
        if _variants is not UNSET:
            variants = []
            for variants_item_data in _variants:
                variants_item = ShortcutVariant(variants_item_data)



                variants.append(variants_item)


        shortcut_audit_in = cls(
            kind=kind,
            seed=seed,
            threshold=threshold,
            tries=tries,
            variants=variants,
        )

        return shortcut_audit_in

