from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.interval import Interval





T = TypeVar("T", bound="SubjectFlagRead")



@_attrs_define
class SubjectFlagRead:
    """ 
        Attributes:
            chance_flag_rate (float): The rate a model guessing uniformly among each item's options would be flagged at
            ci95 (Interval):
            flag_rate (float):
            n_flagged (int):
            n_items (int):
            subject (str):
     """

    chance_flag_rate: float
    ci95: Interval
    flag_rate: float
    n_flagged: int
    n_items: int
    subject: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.interval import Interval # noqa: PLC0415
        chance_flag_rate = self.chance_flag_rate

        ci95 = self.ci95.to_dict()

        flag_rate = self.flag_rate

        n_flagged = self.n_flagged

        n_items = self.n_items

        subject = self.subject


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "chance_flag_rate": chance_flag_rate,
            "ci95": ci95,
            "flag_rate": flag_rate,
            "n_flagged": n_flagged,
            "n_items": n_items,
            "subject": subject,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.interval import Interval # noqa: PLC0415
        d = dict(src_dict)
        chance_flag_rate = d.pop("chance_flag_rate")

        ci95 = Interval.from_dict(d.pop("ci95"))




        flag_rate = d.pop("flag_rate")

        n_flagged = d.pop("n_flagged")

        n_items = d.pop("n_items")

        subject = d.pop("subject")

        subject_flag_read = cls(
            chance_flag_rate=chance_flag_rate,
            ci95=ci95,
            flag_rate=flag_rate,
            n_flagged=n_flagged,
            n_items=n_items,
            subject=subject,
        )


        subject_flag_read.additional_properties = d
        return subject_flag_read

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
