from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.flagged_item_read import FlaggedItemRead
  from ..models.shortcut_audit_read_definitions import ShortcutAuditReadDefinitions
  from ..models.variant_read import VariantRead





T = TypeVar("T", bound="ShortcutAuditRead")



@_attrs_define
class ShortcutAuditRead:
    """ 
        Attributes:
            benchmark (str):
            definitions (ShortcutAuditReadDefinitions):
            flagged (list[FlaggedItemRead]):
            n_flagged_items (int): Items flagged under at least one variant
            rule (str): The flag rule in words
            run_id (int):
            threshold (float):
            tries (int):
            variants (list[VariantRead]):
     """

    benchmark: str
    definitions: ShortcutAuditReadDefinitions
    flagged: list[FlaggedItemRead]
    n_flagged_items: int
    rule: str
    run_id: int
    threshold: float
    tries: int
    variants: list[VariantRead]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.flagged_item_read import FlaggedItemRead # noqa: PLC0415
        from ..models.shortcut_audit_read_definitions import ShortcutAuditReadDefinitions # noqa: PLC0415
        from ..models.variant_read import VariantRead # noqa: PLC0415
        benchmark = self.benchmark

        definitions = self.definitions.to_dict()

        flagged = []
        for flagged_item_data in self.flagged:
            flagged_item = flagged_item_data.to_dict()
            flagged.append(flagged_item)



        n_flagged_items = self.n_flagged_items

        rule = self.rule

        run_id = self.run_id

        threshold = self.threshold

        tries = self.tries

        variants = []
        for variants_item_data in self.variants:
            variants_item = variants_item_data.to_dict()
            variants.append(variants_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmark": benchmark,
            "definitions": definitions,
            "flagged": flagged,
            "n_flagged_items": n_flagged_items,
            "rule": rule,
            "run_id": run_id,
            "threshold": threshold,
            "tries": tries,
            "variants": variants,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.flagged_item_read import FlaggedItemRead # noqa: PLC0415
        from ..models.shortcut_audit_read_definitions import ShortcutAuditReadDefinitions # noqa: PLC0415
        from ..models.variant_read import VariantRead # noqa: PLC0415
        d = dict(src_dict)
        benchmark = d.pop("benchmark")

        definitions = ShortcutAuditReadDefinitions.from_dict(d.pop("definitions"))




        flagged = []
        _flagged = d.pop("flagged")
        for flagged_item_data in (_flagged):
            flagged_item = FlaggedItemRead.from_dict(flagged_item_data)



            flagged.append(flagged_item)


        n_flagged_items = d.pop("n_flagged_items")

        rule = d.pop("rule")

        run_id = d.pop("run_id")

        threshold = d.pop("threshold")

        tries = d.pop("tries")

        variants = []
        _variants = d.pop("variants")
        for variants_item_data in (_variants):
            variants_item = VariantRead.from_dict(variants_item_data)



            variants.append(variants_item)


        shortcut_audit_read = cls(
            benchmark=benchmark,
            definitions=definitions,
            flagged=flagged,
            n_flagged_items=n_flagged_items,
            rule=rule,
            run_id=run_id,
            threshold=threshold,
            tries=tries,
            variants=variants,
        )


        shortcut_audit_read.additional_properties = d
        return shortcut_audit_read

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
