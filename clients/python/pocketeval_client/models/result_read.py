from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.metrics_read import MetricsRead





T = TypeVar("T", bound="ResultRead")



@_attrs_define
class ResultRead:
    """ 
        Attributes:
            benchmark (str):
            computed_at (datetime.datetime):
            metrics (MetricsRead):
            index_component (None | str | Unset): The Mobile Intelligence Index component this benchmark gives (GET
                /index?runs= reads it), if any
     """

    benchmark: str
    computed_at: datetime.datetime
    metrics: MetricsRead
    index_component: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.metrics_read import MetricsRead # noqa: PLC0415
        benchmark = self.benchmark

        computed_at = self.computed_at.isoformat()

        metrics = self.metrics.to_dict()

        index_component: None | str | Unset
        if isinstance(self.index_component, Unset):
            index_component = UNSET
        else:
            index_component = self.index_component


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmark": benchmark,
            "computed_at": computed_at,
            "metrics": metrics,
        })
        if index_component is not UNSET:
            field_dict["index_component"] = index_component

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.metrics_read import MetricsRead # noqa: PLC0415
        d = dict(src_dict)
        benchmark = d.pop("benchmark")

        computed_at = datetime.datetime.fromisoformat(d.pop("computed_at"))




        metrics = MetricsRead.from_dict(d.pop("metrics"))




        def _parse_index_component(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        index_component = _parse_index_component(d.pop("index_component", UNSET))


        result_read = cls(
            benchmark=benchmark,
            computed_at=computed_at,
            metrics=metrics,
            index_component=index_component,
        )


        result_read.additional_properties = d
        return result_read

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
