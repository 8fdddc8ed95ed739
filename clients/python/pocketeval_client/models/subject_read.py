from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.interval import Interval





T = TypeVar("T", bound="SubjectRead")



@_attrs_define
class SubjectRead:
    """ 
        Attributes:
            accuracy (float | None): null where the set has no headline
            correct (int | None): null where the set has no headline (`partial`)
            n_items (int):
            random_baseline (float | None):
            subject (str):
            ci95 (Interval | None | Unset):
     """

    accuracy: float | None
    correct: int | None
    n_items: int
    random_baseline: float | None
    subject: str
    ci95: Interval | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.interval import Interval # noqa: PLC0415
        accuracy: float | None
        accuracy = self.accuracy

        correct: int | None
        correct = self.correct

        n_items = self.n_items

        random_baseline: float | None
        random_baseline = self.random_baseline

        subject = self.subject

        ci95: dict[str, Any] | None | Unset
        if isinstance(self.ci95, Unset):
            ci95 = UNSET
        elif isinstance(self.ci95, Interval):
            ci95 = self.ci95.to_dict()
        else:
            ci95 = self.ci95


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accuracy": accuracy,
            "correct": correct,
            "n_items": n_items,
            "random_baseline": random_baseline,
            "subject": subject,
        })
        if ci95 is not UNSET:
            field_dict["ci95"] = ci95

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.interval import Interval # noqa: PLC0415
        d = dict(src_dict)
        def _parse_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        accuracy = _parse_accuracy(d.pop("accuracy"))


        def _parse_correct(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        correct = _parse_correct(d.pop("correct"))


        n_items = d.pop("n_items")

        def _parse_random_baseline(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        random_baseline = _parse_random_baseline(d.pop("random_baseline"))


        subject = d.pop("subject")

        def _parse_ci95(data: object) -> Interval | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ci95_type_0 = Interval.from_dict(data)



                return ci95_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Interval | None | Unset, data)

        ci95 = _parse_ci95(d.pop("ci95", UNSET))


        subject_read = cls(
            accuracy=accuracy,
            correct=correct,
            n_items=n_items,
            random_baseline=random_baseline,
            subject=subject,
            ci95=ci95,
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
