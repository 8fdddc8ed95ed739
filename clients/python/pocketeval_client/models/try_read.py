from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="TryRead")



@_attrs_define
class TryRead:
    """ 
        Attributes:
            answer (None | str):
            attempt (int): The try, from 1
            correct (bool):
            key_letter (str):
            order (list[int]): order[p]: the stored option shown at position p
     """

    answer: None | str
    attempt: int
    correct: bool
    key_letter: str
    order: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        answer: None | str
        answer = self.answer

        attempt = self.attempt

        correct = self.correct

        key_letter = self.key_letter

        order = self.order




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "answer": answer,
            "attempt": attempt,
            "correct": correct,
            "key_letter": key_letter,
            "order": order,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_answer(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        answer = _parse_answer(d.pop("answer"))


        attempt = d.pop("attempt")

        correct = d.pop("correct")

        key_letter = d.pop("key_letter")

        order = cast(list[int], d.pop("order"))


        try_read = cls(
            answer=answer,
            attempt=attempt,
            correct=correct,
            key_letter=key_letter,
            order=order,
        )


        try_read.additional_properties = d
        return try_read

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
