from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.probe_figure import ProbeFigure





T = TypeVar("T", bound="Probe")



@_attrs_define
class Probe:
    """ 
        Attributes:
            figures (list[ProbeFigure]):
            host (str):
            model (str):
            seconds (float):
     """

    figures: list[ProbeFigure]
    host: str
    model: str
    seconds: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.probe_figure import ProbeFigure # noqa: PLC0415
        figures = []
        for figures_item_data in self.figures:
            figures_item = figures_item_data.to_dict()
            figures.append(figures_item)



        host = self.host

        model = self.model

        seconds = self.seconds


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "figures": figures,
            "host": host,
            "model": model,
            "seconds": seconds,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.probe_figure import ProbeFigure # noqa: PLC0415
        d = dict(src_dict)
        figures = []
        _figures = d.pop("figures")
        for figures_item_data in (_figures):
            figures_item = ProbeFigure.from_dict(figures_item_data)



            figures.append(figures_item)


        host = d.pop("host")

        model = d.pop("model")

        seconds = d.pop("seconds")

        probe = cls(
            figures=figures,
            host=host,
            model=model,
            seconds=seconds,
        )


        probe.additional_properties = d
        return probe

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
