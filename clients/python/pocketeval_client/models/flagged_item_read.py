from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.shortcut_variant import ShortcutVariant
from typing import cast

if TYPE_CHECKING:
  from ..models.try_read import TryRead





T = TypeVar("T", bound="FlaggedItemRead")



@_attrs_define
class FlaggedItemRead:
    """ 
        Attributes:
            correct_tries (int):
            external_id (str):
            item_id (int):
            subject (str):
            tries (list[TryRead]):
            variant (ShortcutVariant):
     """

    correct_tries: int
    external_id: str
    item_id: int
    subject: str
    tries: list[TryRead]
    variant: ShortcutVariant
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.try_read import TryRead # noqa: PLC0415
        correct_tries = self.correct_tries

        external_id = self.external_id

        item_id = self.item_id

        subject = self.subject

        tries = []
        for tries_item_data in self.tries:
            tries_item = tries_item_data.to_dict()
            tries.append(tries_item)



        variant = self.variant.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "correct_tries": correct_tries,
            "external_id": external_id,
            "item_id": item_id,
            "subject": subject,
            "tries": tries,
            "variant": variant,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.try_read import TryRead # noqa: PLC0415
        d = dict(src_dict)
        correct_tries = d.pop("correct_tries")

        external_id = d.pop("external_id")

        item_id = d.pop("item_id")

        subject = d.pop("subject")

        tries = []
        _tries = d.pop("tries")
        for tries_item_data in (_tries):
            tries_item = TryRead.from_dict(tries_item_data)



            tries.append(tries_item)


        variant = ShortcutVariant(d.pop("variant"))




        flagged_item_read = cls(
            correct_tries=correct_tries,
            external_id=external_id,
            item_id=item_id,
            subject=subject,
            tries=tries,
            variant=variant,
        )


        flagged_item_read.additional_properties = d
        return flagged_item_read

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
