from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.expansion_report_read_runs import ExpansionReportReadRuns
  from ..models.interval import Interval





T = TypeVar("T", bound="ExpansionReportRead")



@_attrs_define
class ExpansionReportRead:
    """ One model on the original and on the expanded version, paired over their items.

        Attributes:
            accuracy_expanded (float):
            accuracy_original (float):
            ci95 (Interval | None):
            difference (float): expanded - original
            expanded (str):
            model (str):
            n_items (int):
            original (str):
            p_method (str):
            p_value (float | None):
            random_baseline_expanded (float):
            random_baseline_original (float):
            runs (ExpansionReportReadRuns):
     """

    accuracy_expanded: float
    accuracy_original: float
    ci95: Interval | None
    difference: float
    expanded: str
    model: str
    n_items: int
    original: str
    p_method: str
    p_value: float | None
    random_baseline_expanded: float
    random_baseline_original: float
    runs: ExpansionReportReadRuns
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.expansion_report_read_runs import ExpansionReportReadRuns # noqa: PLC0415
        from ..models.interval import Interval # noqa: PLC0415
        accuracy_expanded = self.accuracy_expanded

        accuracy_original = self.accuracy_original

        ci95: dict[str, Any] | None
        if isinstance(self.ci95, Interval):
            ci95 = self.ci95.to_dict()
        else:
            ci95 = self.ci95

        difference = self.difference

        expanded = self.expanded

        model = self.model

        n_items = self.n_items

        original = self.original

        p_method = self.p_method

        p_value: float | None
        p_value = self.p_value

        random_baseline_expanded = self.random_baseline_expanded

        random_baseline_original = self.random_baseline_original

        runs = self.runs.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accuracy_expanded": accuracy_expanded,
            "accuracy_original": accuracy_original,
            "ci95": ci95,
            "difference": difference,
            "expanded": expanded,
            "model": model,
            "n_items": n_items,
            "original": original,
            "p_method": p_method,
            "p_value": p_value,
            "random_baseline_expanded": random_baseline_expanded,
            "random_baseline_original": random_baseline_original,
            "runs": runs,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.expansion_report_read_runs import ExpansionReportReadRuns # noqa: PLC0415
        from ..models.interval import Interval # noqa: PLC0415
        d = dict(src_dict)
        accuracy_expanded = d.pop("accuracy_expanded")

        accuracy_original = d.pop("accuracy_original")

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

        expanded = d.pop("expanded")

        model = d.pop("model")

        n_items = d.pop("n_items")

        original = d.pop("original")

        p_method = d.pop("p_method")

        def _parse_p_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p_value = _parse_p_value(d.pop("p_value"))


        random_baseline_expanded = d.pop("random_baseline_expanded")

        random_baseline_original = d.pop("random_baseline_original")

        runs = ExpansionReportReadRuns.from_dict(d.pop("runs"))




        expansion_report_read = cls(
            accuracy_expanded=accuracy_expanded,
            accuracy_original=accuracy_original,
            ci95=ci95,
            difference=difference,
            expanded=expanded,
            model=model,
            n_items=n_items,
            original=original,
            p_method=p_method,
            p_value=p_value,
            random_baseline_expanded=random_baseline_expanded,
            random_baseline_original=random_baseline_original,
            runs=runs,
        )


        expansion_report_read.additional_properties = d
        return expansion_report_read

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
