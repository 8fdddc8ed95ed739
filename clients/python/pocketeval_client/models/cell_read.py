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





T = TypeVar("T", bound="CellRead")



@_attrs_define
class CellRead:
    """ 
        Attributes:
            ci95 (Interval | None):
            metric (str): Which metric of the run the cell shows
            n_items (int):
            repeats (int):
            run_id (int):
            stderr (float | None):
            value (float | None):
            errors (int | Unset): Samples of the run whose scoring raised: left out of the value (a run with more than 1%
                fails, and is not on the board) Default: 0.
     """

    ci95: Interval | None
    metric: str
    n_items: int
    repeats: int
    run_id: int
    stderr: float | None
    value: float | None
    errors: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.interval import Interval # noqa: PLC0415
        ci95: dict[str, Any] | None
        if isinstance(self.ci95, Interval):
            ci95 = self.ci95.to_dict()
        else:
            ci95 = self.ci95

        metric = self.metric

        n_items = self.n_items

        repeats = self.repeats

        run_id = self.run_id

        stderr: float | None
        stderr = self.stderr

        value: float | None
        value = self.value

        errors = self.errors


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "ci95": ci95,
            "metric": metric,
            "n_items": n_items,
            "repeats": repeats,
            "run_id": run_id,
            "stderr": stderr,
            "value": value,
        })
        if errors is not UNSET:
            field_dict["errors"] = errors

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


        metric = d.pop("metric")

        n_items = d.pop("n_items")

        repeats = d.pop("repeats")

        run_id = d.pop("run_id")

        def _parse_stderr(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        stderr = _parse_stderr(d.pop("stderr"))


        def _parse_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        value = _parse_value(d.pop("value"))


        errors = d.pop("errors", UNSET)

        cell_read = cls(
            ci95=ci95,
            metric=metric,
            n_items=n_items,
            repeats=repeats,
            run_id=run_id,
            stderr=stderr,
            value=value,
            errors=errors,
        )


        cell_read.additional_properties = d
        return cell_read

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
