from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.side_read_runs import SideReadRuns





T = TypeVar("T", bound="SideRead")



@_attrs_define
class SideRead:
    """ 
        Attributes:
            model (None | str):
            ref (str): What was asked for: a run id or a model name
            runs (SideReadRuns): Benchmark -> the run its numbers come from
     """

    model: None | str
    ref: str
    runs: SideReadRuns
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.side_read_runs import SideReadRuns # noqa: PLC0415
        model: None | str
        model = self.model

        ref = self.ref

        runs = self.runs.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "model": model,
            "ref": ref,
            "runs": runs,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.side_read_runs import SideReadRuns # noqa: PLC0415
        d = dict(src_dict)
        def _parse_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        model = _parse_model(d.pop("model"))


        ref = d.pop("ref")

        runs = SideReadRuns.from_dict(d.pop("runs"))




        side_read = cls(
            model=model,
            ref=ref,
            runs=runs,
        )


        side_read.additional_properties = d
        return side_read

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
