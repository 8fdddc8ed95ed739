from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="OverlapRead")



@_attrs_define
class OverlapRead:
    """ 
        Attributes:
            external_id (str):
            item_id (int):
            ngrams (int):
            ngrams_found (int):
            overlap (float): Share of the item's n-grams found in the corpus
            subject (str):
     """

    external_id: str
    item_id: int
    ngrams: int
    ngrams_found: int
    overlap: float
    subject: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        external_id = self.external_id

        item_id = self.item_id

        ngrams = self.ngrams

        ngrams_found = self.ngrams_found

        overlap = self.overlap

        subject = self.subject


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "external_id": external_id,
            "item_id": item_id,
            "ngrams": ngrams,
            "ngrams_found": ngrams_found,
            "overlap": overlap,
            "subject": subject,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        external_id = d.pop("external_id")

        item_id = d.pop("item_id")

        ngrams = d.pop("ngrams")

        ngrams_found = d.pop("ngrams_found")

        overlap = d.pop("overlap")

        subject = d.pop("subject")

        overlap_read = cls(
            external_id=external_id,
            item_id=item_id,
            ngrams=ngrams,
            ngrams_found=ngrams_found,
            overlap=overlap,
            subject=subject,
        )


        overlap_read.additional_properties = d
        return overlap_read

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
