from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.subset_rule_in import SubsetRuleIn





T = TypeVar("T", bound="SubsetDeriveIn")



@_attrs_define
class SubsetDeriveIn:
    """ A benchmark version without the items rules over several models' runs drop.

        Attributes:
            name (str):
            rules (list[SubsetRuleIn]):
     """

    name: str
    rules: list[SubsetRuleIn]





    def to_dict(self) -> dict[str, Any]:
        from ..models.subset_rule_in import SubsetRuleIn # noqa: PLC0415
        name = self.name

        rules = []
        for rules_item_data in self.rules:
            rules_item = rules_item_data.to_dict()
            rules.append(rules_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "rules": rules,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.subset_rule_in import SubsetRuleIn # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        rules = []
        _rules = d.pop("rules")
        for rules_item_data in (_rules):
            rules_item = SubsetRuleIn.from_dict(rules_item_data)



            rules.append(rules_item)


        subset_derive_in = cls(
            name=name,
            rules=rules,
        )

        return subset_derive_in

