from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="ItemSetVersion")



@_attrs_define
class ItemSetVersion:
    """ A benchmark split's items as a run found them (app.items.item_set).

        Attributes:
            n_items (int):
            sha256 (str): sha256 over the split's items sorted by external id: external id, subject and payload (inputs and
                answer keys)
            split (None | str): None: every split (a benchmark without splits)
     """

    n_items: int
    sha256: str
    split: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        n_items = self.n_items

        sha256 = self.sha256

        split: None | str
        split = self.split


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "n_items": n_items,
            "sha256": sha256,
            "split": split,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        n_items = d.pop("n_items")

        sha256 = d.pop("sha256")

        def _parse_split(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        split = _parse_split(d.pop("split"))


        item_set_version = cls(
            n_items=n_items,
            sha256=sha256,
            split=split,
        )


        item_set_version.additional_properties = d
        return item_set_version

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
