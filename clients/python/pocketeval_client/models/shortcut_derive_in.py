from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.shortcut_variant import ShortcutVariant
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ShortcutDeriveIn")



@_attrs_define
class ShortcutDeriveIn:
    """ A benchmark version without the items a no-shortcut audit flagged.

        Attributes:
            name (str):
            benchmark (None | str | Unset): The audited benchmark (needed when the run audited several)
            variants (list[ShortcutVariant] | None | Unset): Drop items flagged under these variants (default: any)
     """

    name: str
    benchmark: None | str | Unset = UNSET
    variants: list[ShortcutVariant] | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        benchmark: None | str | Unset
        if isinstance(self.benchmark, Unset):
            benchmark = UNSET
        else:
            benchmark = self.benchmark

        variants: list[str] | None | Unset
        if isinstance(self.variants, Unset):
            variants = UNSET
        elif isinstance(self.variants, list):
            variants = []
            for variants_type_0_item_data in self.variants:
                variants_type_0_item = variants_type_0_item_data.value
                variants.append(variants_type_0_item)


        else:
            variants = self.variants


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
        })
        if benchmark is not UNSET:
            field_dict["benchmark"] = benchmark
        if variants is not UNSET:
            field_dict["variants"] = variants

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_benchmark(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        benchmark = _parse_benchmark(d.pop("benchmark", UNSET))


        def _parse_variants(data: object) -> list[ShortcutVariant] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                variants_type_0 = []
                _variants_type_0 = data
                for variants_type_0_item_data in (_variants_type_0):
                    variants_type_0_item = ShortcutVariant(variants_type_0_item_data)



                    variants_type_0.append(variants_type_0_item)

                return variants_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ShortcutVariant] | None | Unset, data)

        variants = _parse_variants(d.pop("variants", UNSET))


        shortcut_derive_in = cls(
            name=name,
            benchmark=benchmark,
            variants=variants,
        )

        return shortcut_derive_in

