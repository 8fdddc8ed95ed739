from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="SubjectItemsRead")



@_attrs_define
class SubjectItemsRead:
    """ 
        Attributes:
            mean_difficulty (float):
            mean_discrimination (float | None):
            n_items (int):
            subject (str):
     """

    mean_difficulty: float
    mean_discrimination: float | None
    n_items: int
    subject: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        mean_difficulty = self.mean_difficulty

        mean_discrimination: float | None
        mean_discrimination = self.mean_discrimination

        n_items = self.n_items

        subject = self.subject


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "mean_difficulty": mean_difficulty,
            "mean_discrimination": mean_discrimination,
            "n_items": n_items,
            "subject": subject,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mean_difficulty = d.pop("mean_difficulty")

        def _parse_mean_discrimination(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mean_discrimination = _parse_mean_discrimination(d.pop("mean_discrimination"))


        n_items = d.pop("n_items")

        subject = d.pop("subject")

        subject_items_read = cls(
            mean_difficulty=mean_difficulty,
            mean_discrimination=mean_discrimination,
            n_items=n_items,
            subject=subject,
        )


        subject_items_read.additional_properties = d
        return subject_items_read

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
