from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.interval import Interval





T = TypeVar("T", bound="BenchmarkEstimate")



@_attrs_define
class BenchmarkEstimate:
    """ 
        Attributes:
            accuracy (float | None):
            benchmark (str):
            ci95 (Interval | None):
            half_width (float | None): The larger side of the interval, and at least the Wilson interval's over the samples
                done (what stop_when compares)
            items_done (int): Items with every planned repeat scored
            items_planned (int):
     """

    accuracy: float | None
    benchmark: str
    ci95: Interval | None
    half_width: float | None
    items_done: int
    items_planned: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.interval import Interval # noqa: PLC0415
        accuracy: float | None
        accuracy = self.accuracy

        benchmark = self.benchmark

        ci95: dict[str, Any] | None
        if isinstance(self.ci95, Interval):
            ci95 = self.ci95.to_dict()
        else:
            ci95 = self.ci95

        half_width: float | None
        half_width = self.half_width

        items_done = self.items_done

        items_planned = self.items_planned


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accuracy": accuracy,
            "benchmark": benchmark,
            "ci95": ci95,
            "half_width": half_width,
            "items_done": items_done,
            "items_planned": items_planned,
        })

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


        benchmark = d.pop("benchmark")

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


        def _parse_half_width(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        half_width = _parse_half_width(d.pop("half_width"))


        items_done = d.pop("items_done")

        items_planned = d.pop("items_planned")

        benchmark_estimate = cls(
            accuracy=accuracy,
            benchmark=benchmark,
            ci95=ci95,
            half_width=half_width,
            items_done=items_done,
            items_planned=items_planned,
        )


        benchmark_estimate.additional_properties = d
        return benchmark_estimate

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
