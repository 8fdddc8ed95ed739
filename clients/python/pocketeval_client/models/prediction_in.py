from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PredictionIn")



@_attrs_define
class PredictionIn:
    """ Name the item by `item_id` or `external_id`; give `answer` (a letter, a 0-based index
    or, for freeform items, the text) or `response` (raw model text to extract from).

        Attributes:
            answer (int | None | str | Unset):
            external_id (None | str | Unset):
            item_id (int | None | Unset):
            repeat (int | Unset):  Default: 0.
            response (None | str | Unset):
     """

    answer: int | None | str | Unset = UNSET
    external_id: None | str | Unset = UNSET
    item_id: int | None | Unset = UNSET
    repeat: int | Unset = 0
    response: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        answer: int | None | str | Unset
        if isinstance(self.answer, Unset):
            answer = UNSET
        else:
            answer = self.answer

        external_id: None | str | Unset
        if isinstance(self.external_id, Unset):
            external_id = UNSET
        else:
            external_id = self.external_id

        item_id: int | None | Unset
        if isinstance(self.item_id, Unset):
            item_id = UNSET
        else:
            item_id = self.item_id

        repeat = self.repeat

        response: None | str | Unset
        if isinstance(self.response, Unset):
            response = UNSET
        else:
            response = self.response


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if answer is not UNSET:
            field_dict["answer"] = answer
        if external_id is not UNSET:
            field_dict["external_id"] = external_id
        if item_id is not UNSET:
            field_dict["item_id"] = item_id
        if repeat is not UNSET:
            field_dict["repeat"] = repeat
        if response is not UNSET:
            field_dict["response"] = response

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_answer(data: object) -> int | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | str | Unset, data)

        answer = _parse_answer(d.pop("answer", UNSET))


        def _parse_external_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_id = _parse_external_id(d.pop("external_id", UNSET))


        def _parse_item_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        item_id = _parse_item_id(d.pop("item_id", UNSET))


        repeat = d.pop("repeat", UNSET)

        def _parse_response(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        response = _parse_response(d.pop("response", UNSET))


        prediction_in = cls(
            answer=answer,
            external_id=external_id,
            item_id=item_id,
            repeat=repeat,
            response=response,
        )


        prediction_in.additional_properties = d
        return prediction_in

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
