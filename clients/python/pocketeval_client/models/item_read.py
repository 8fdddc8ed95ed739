from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="ItemRead")



@_attrs_define
class ItemRead:
    """ 
        Attributes:
            agreement (float | None): Share of the group giving its most common answer
            difficulty (float): Share of the models right (mean item score)
            discrimination (float | None): Corrected item-total correlation over the models (point-biserial for 0/1 scores)
            external_id (str):
            item_id (int):
            modal_answer (None | str):
            subject (str):
     """

    agreement: float | None
    difficulty: float
    discrimination: float | None
    external_id: str
    item_id: int
    modal_answer: None | str
    subject: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        agreement: float | None
        agreement = self.agreement

        difficulty = self.difficulty

        discrimination: float | None
        discrimination = self.discrimination

        external_id = self.external_id

        item_id = self.item_id

        modal_answer: None | str
        modal_answer = self.modal_answer

        subject = self.subject


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "agreement": agreement,
            "difficulty": difficulty,
            "discrimination": discrimination,
            "external_id": external_id,
            "item_id": item_id,
            "modal_answer": modal_answer,
            "subject": subject,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_agreement(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        agreement = _parse_agreement(d.pop("agreement"))


        difficulty = d.pop("difficulty")

        def _parse_discrimination(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        discrimination = _parse_discrimination(d.pop("discrimination"))


        external_id = d.pop("external_id")

        item_id = d.pop("item_id")

        def _parse_modal_answer(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        modal_answer = _parse_modal_answer(d.pop("modal_answer"))


        subject = d.pop("subject")

        item_read = cls(
            agreement=agreement,
            difficulty=difficulty,
            discrimination=discrimination,
            external_id=external_id,
            item_id=item_id,
            modal_answer=modal_answer,
            subject=subject,
        )


        item_read.additional_properties = d
        return item_read

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
