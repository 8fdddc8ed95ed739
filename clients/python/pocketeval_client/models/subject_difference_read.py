from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.interval import Interval





T = TypeVar("T", bound="SubjectDifferenceRead")



@_attrs_define
class SubjectDifferenceRead:
    """ 
        Attributes:
            accuracy_a (float):
            accuracy_b (float):
            ci95 (Interval | None):
            difference (float):
            n (int):
            paired_se (float | None):
            subject (str):
     """

    accuracy_a: float
    accuracy_b: float
    ci95: Interval | None
    difference: float
    n: int
    paired_se: float | None
    subject: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.interval import Interval # noqa: PLC0415
        accuracy_a = self.accuracy_a

        accuracy_b = self.accuracy_b

        ci95: dict[str, Any] | None
        if isinstance(self.ci95, Interval):
            ci95 = self.ci95.to_dict()
        else:
            ci95 = self.ci95

        difference = self.difference

        n = self.n

        paired_se: float | None
        paired_se = self.paired_se

        subject = self.subject


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accuracy_a": accuracy_a,
            "accuracy_b": accuracy_b,
            "ci95": ci95,
            "difference": difference,
            "n": n,
            "paired_se": paired_se,
            "subject": subject,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.interval import Interval # noqa: PLC0415
        d = dict(src_dict)
        accuracy_a = d.pop("accuracy_a")

        accuracy_b = d.pop("accuracy_b")

        def _parse_ci95(data: object) -> Interval | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ci95_type_0 = Interval.from_dict(data)



                return ci95_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Interval | None, data)

        ci95 = _parse_ci95(d.pop("ci95"))


        difference = d.pop("difference")

        n = d.pop("n")

        def _parse_paired_se(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        paired_se = _parse_paired_se(d.pop("paired_se"))


        subject = d.pop("subject")

        subject_difference_read = cls(
            accuracy_a=accuracy_a,
            accuracy_b=accuracy_b,
            ci95=ci95,
            difference=difference,
            n=n,
            paired_se=paired_se,
            subject=subject,
        )


        subject_difference_read.additional_properties = d
        return subject_difference_read

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
