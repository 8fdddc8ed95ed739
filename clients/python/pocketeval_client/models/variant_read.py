from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.shortcut_variant import ShortcutVariant
from typing import cast

if TYPE_CHECKING:
  from ..models.flag_rate_read import FlagRateRead
  from ..models.subject_flag_read import SubjectFlagRead





T = TypeVar("T", bound="VariantRead")



@_attrs_define
class VariantRead:
    """ 
        Attributes:
            accuracy (float): Correct tries over all tries of the variant
            overall (FlagRateRead):
            subjects (list[SubjectFlagRead]):
            variant (ShortcutVariant):
     """

    accuracy: float
    overall: FlagRateRead
    subjects: list[SubjectFlagRead]
    variant: ShortcutVariant
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.flag_rate_read import FlagRateRead # noqa: PLC0415
        from ..models.subject_flag_read import SubjectFlagRead # noqa: PLC0415
        accuracy = self.accuracy

        overall = self.overall.to_dict()

        subjects = []
        for subjects_item_data in self.subjects:
            subjects_item = subjects_item_data.to_dict()
            subjects.append(subjects_item)



        variant = self.variant.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accuracy": accuracy,
            "overall": overall,
            "subjects": subjects,
            "variant": variant,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.flag_rate_read import FlagRateRead # noqa: PLC0415
        from ..models.subject_flag_read import SubjectFlagRead # noqa: PLC0415
        d = dict(src_dict)
        accuracy = d.pop("accuracy")

        overall = FlagRateRead.from_dict(d.pop("overall"))




        subjects = []
        _subjects = d.pop("subjects")
        for subjects_item_data in (_subjects):
            subjects_item = SubjectFlagRead.from_dict(subjects_item_data)



            subjects.append(subjects_item)


        variant = ShortcutVariant(d.pop("variant"))




        variant_read = cls(
            accuracy=accuracy,
            overall=overall,
            subjects=subjects,
            variant=variant,
        )


        variant_read.additional_properties = d
        return variant_read

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
