from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.interval import Interval





T = TypeVar("T", bound="ModalityGapRead")



@_attrs_define
class ModalityGapRead:
    """ 
        Attributes:
            ci95 (Interval | None):
            difference (float): accuracy(rendered) - accuracy(text), paired
            n_items (int):
            p_method (str):
            p_value (float | None):
            treatment (str):
     """

    ci95: Interval | None
    difference: float
    n_items: int
    p_method: str
    p_value: float | None
    treatment: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.interval import Interval # noqa: PLC0415
        ci95: dict[str, Any] | None
        if isinstance(self.ci95, Interval):
            ci95 = self.ci95.to_dict()
        else:
            ci95 = self.ci95

        difference = self.difference

        n_items = self.n_items

        p_method = self.p_method

        p_value: float | None
        p_value = self.p_value

        treatment = self.treatment


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "ci95": ci95,
            "difference": difference,
            "n_items": n_items,
            "p_method": p_method,
            "p_value": p_value,
            "treatment": treatment,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.interval import Interval # noqa: PLC0415
        d = dict(src_dict)
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

        n_items = d.pop("n_items")

        p_method = d.pop("p_method")

        def _parse_p_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p_value = _parse_p_value(d.pop("p_value"))


        treatment = d.pop("treatment")

        modality_gap_read = cls(
            ci95=ci95,
            difference=difference,
            n_items=n_items,
            p_method=p_method,
            p_value=p_value,
            treatment=treatment,
        )


        modality_gap_read.additional_properties = d
        return modality_gap_read

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
