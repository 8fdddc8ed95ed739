from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.pass_at_one import PassAtOne





T = TypeVar("T", bound="TimeLimitedRead")



@_attrs_define
class TimeLimitedRead:
    """ The second score: responses slower than the limit count as wrong.

        Attributes:
            accuracy (float | None):
            limit_s (float):
            over_limit (int):
            pass_at_1 (PassAtOne):
     """

    accuracy: float | None
    limit_s: float
    over_limit: int
    pass_at_1: PassAtOne
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.pass_at_one import PassAtOne # noqa: PLC0415
        accuracy: float | None
        accuracy = self.accuracy

        limit_s = self.limit_s

        over_limit = self.over_limit

        pass_at_1 = self.pass_at_1.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accuracy": accuracy,
            "limit_s": limit_s,
            "over_limit": over_limit,
            "pass_at_1": pass_at_1,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pass_at_one import PassAtOne # noqa: PLC0415
        d = dict(src_dict)
        def _parse_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        accuracy = _parse_accuracy(d.pop("accuracy"))


        limit_s = d.pop("limit_s")

        over_limit = d.pop("over_limit")

        pass_at_1 = PassAtOne.from_dict(d.pop("pass_at_1"))




        time_limited_read = cls(
            accuracy=accuracy,
            limit_s=limit_s,
            over_limit=over_limit,
            pass_at_1=pass_at_1,
        )


        time_limited_read.additional_properties = d
        return time_limited_read

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
