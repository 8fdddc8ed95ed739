from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ReuseCalibration")



@_attrs_define
class ReuseCalibration:
    """ `reuse: prefix` against the exact path on the first items of a benchmark.

        Attributes:
            benchmark (str):
            items (int):
            max_abs_delta_logprob (float):
            prediction_flips (int):
            flip_rate_upper95 (float | None | Unset): Clopper-Pearson 95% upper bound of the flip rate the calibration
                allows (0 of 8 still allows 36.9%): set reuse_calibration_items for a tighter bound
     """

    benchmark: str
    items: int
    max_abs_delta_logprob: float
    prediction_flips: int
    flip_rate_upper95: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        benchmark = self.benchmark

        items = self.items

        max_abs_delta_logprob = self.max_abs_delta_logprob

        prediction_flips = self.prediction_flips

        flip_rate_upper95: float | None | Unset
        if isinstance(self.flip_rate_upper95, Unset):
            flip_rate_upper95 = UNSET
        else:
            flip_rate_upper95 = self.flip_rate_upper95


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmark": benchmark,
            "items": items,
            "max_abs_delta_logprob": max_abs_delta_logprob,
            "prediction_flips": prediction_flips,
        })
        if flip_rate_upper95 is not UNSET:
            field_dict["flip_rate_upper95"] = flip_rate_upper95

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        benchmark = d.pop("benchmark")

        items = d.pop("items")

        max_abs_delta_logprob = d.pop("max_abs_delta_logprob")

        prediction_flips = d.pop("prediction_flips")

        def _parse_flip_rate_upper95(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        flip_rate_upper95 = _parse_flip_rate_upper95(d.pop("flip_rate_upper95", UNSET))


        reuse_calibration = cls(
            benchmark=benchmark,
            items=items,
            max_abs_delta_logprob=max_abs_delta_logprob,
            prediction_flips=prediction_flips,
            flip_rate_upper95=flip_rate_upper95,
        )


        reuse_calibration.additional_properties = d
        return reuse_calibration

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
