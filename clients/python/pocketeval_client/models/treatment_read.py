from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.interval import Interval





T = TypeVar("T", bound="TreatmentRead")



@_attrs_define
class TreatmentRead:
    """ 
        Attributes:
            accuracy (float):
            ci95 (Interval):
            n_items (int):
            treatment (str):
     """

    accuracy: float
    ci95: Interval
    n_items: int
    treatment: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.interval import Interval # noqa: PLC0415
        accuracy = self.accuracy

        ci95 = self.ci95.to_dict()

        n_items = self.n_items

        treatment = self.treatment


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accuracy": accuracy,
            "ci95": ci95,
            "n_items": n_items,
            "treatment": treatment,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.interval import Interval # noqa: PLC0415
        d = dict(src_dict)
        accuracy = d.pop("accuracy")

        ci95 = Interval.from_dict(d.pop("ci95"))




        n_items = d.pop("n_items")

        treatment = d.pop("treatment")

        treatment_read = cls(
            accuracy=accuracy,
            ci95=ci95,
            n_items=n_items,
            treatment=treatment,
        )


        treatment_read.additional_properties = d
        return treatment_read

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
