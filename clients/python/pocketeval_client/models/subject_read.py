from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="SubjectRead")



@_attrs_define
class SubjectRead:
    """ 
        Attributes:
            accuracy (float):
            correct (int):
            n_items (int):
            random_baseline (float | None):
            subject (str):
     """

    accuracy: float
    correct: int
    n_items: int
    random_baseline: float | None
    subject: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        accuracy = self.accuracy

        correct = self.correct

        n_items = self.n_items

        random_baseline: float | None
        random_baseline = self.random_baseline

        subject = self.subject


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accuracy": accuracy,
            "correct": correct,
            "n_items": n_items,
            "random_baseline": random_baseline,
            "subject": subject,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        accuracy = d.pop("accuracy")

        correct = d.pop("correct")

        n_items = d.pop("n_items")

        def _parse_random_baseline(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        random_baseline = _parse_random_baseline(d.pop("random_baseline"))


        subject = d.pop("subject")

        subject_read = cls(
            accuracy=accuracy,
            correct=correct,
            n_items=n_items,
            random_baseline=random_baseline,
            subject=subject,
        )


        subject_read.additional_properties = d
        return subject_read

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
