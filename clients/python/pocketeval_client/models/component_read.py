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





T = TypeVar("T", bound="ComponentRead")



@_attrs_define
class ComponentRead:
    """ 
        Attributes:
            benchmark (str):
            ci95 (Interval | None):
            component (str):
            metric (str): Which metric of the run the component takes
            model (None | str):
            run_id (int):
            stderr (float | None):
            stderr_rule (str):
            value (float | None):
            n_items (int | None | Unset): Items the run scored
            reason (None | str | Unset): Why the run gives no value
     """

    benchmark: str
    ci95: Interval | None
    component: str
    metric: str
    model: None | str
    run_id: int
    stderr: float | None
    stderr_rule: str
    value: float | None
    n_items: int | None | Unset = UNSET
    reason: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.interval import Interval # noqa: PLC0415
        benchmark = self.benchmark

        ci95: dict[str, Any] | None
        if isinstance(self.ci95, Interval):
            ci95 = self.ci95.to_dict()
        else:
            ci95 = self.ci95

        component = self.component

        metric = self.metric

        model: None | str
        model = self.model

        run_id = self.run_id

        stderr: float | None
        stderr = self.stderr

        stderr_rule = self.stderr_rule

        value: float | None
        value = self.value

        n_items: int | None | Unset
        if isinstance(self.n_items, Unset):
            n_items = UNSET
        else:
            n_items = self.n_items

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmark": benchmark,
            "ci95": ci95,
            "component": component,
            "metric": metric,
            "model": model,
            "run_id": run_id,
            "stderr": stderr,
            "stderr_rule": stderr_rule,
            "value": value,
        })
        if n_items is not UNSET:
            field_dict["n_items"] = n_items
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.interval import Interval # noqa: PLC0415
        d = dict(src_dict)
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


        component = d.pop("component")

        metric = d.pop("metric")

        def _parse_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        model = _parse_model(d.pop("model"))


        run_id = d.pop("run_id")

        def _parse_stderr(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        stderr = _parse_stderr(d.pop("stderr"))


        stderr_rule = d.pop("stderr_rule")

        def _parse_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        value = _parse_value(d.pop("value"))


        def _parse_n_items(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        n_items = _parse_n_items(d.pop("n_items", UNSET))


        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))


        component_read = cls(
            benchmark=benchmark,
            ci95=ci95,
            component=component,
            metric=metric,
            model=model,
            run_id=run_id,
            stderr=stderr,
            stderr_rule=stderr_rule,
            value=value,
            n_items=n_items,
            reason=reason,
        )


        component_read.additional_properties = d
        return component_read

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
