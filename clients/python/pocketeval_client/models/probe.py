from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.probe_kind import ProbeKind
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.probe_figure import ProbeFigure





T = TypeVar("T", bound="Probe")



@_attrs_define
class Probe:
    """ 
        Attributes:
            disturbed (bool): Whether other work took DISTURBED of the CPUs' time or more while it measured.
            figures (list[ProbeFigure]):
            host (str):
            model (str):
            seconds (float):
            kind (ProbeKind | Unset): What a probe measures: what the run's kind needs and no more. A loglikelihood run
                only evaluates prompts, so its probe times prompt evaluation alone (half the time).
            other_load (float | None | Unset): Share of the usable CPUs' time (0 to 1) spent on other work while the probe
                measured; from 0.25 on, the figures are measured again later. None where the host does not say (not Linux)
            taken_at (datetime.datetime | None | Unset):
     """

    disturbed: bool
    figures: list[ProbeFigure]
    host: str
    model: str
    seconds: float
    kind: ProbeKind | Unset = UNSET
    other_load: float | None | Unset = UNSET
    taken_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.probe_figure import ProbeFigure # noqa: PLC0415
        disturbed = self.disturbed

        figures = []
        for figures_item_data in self.figures:
            figures_item = figures_item_data.to_dict()
            figures.append(figures_item)



        host = self.host

        model = self.model

        seconds = self.seconds

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value


        other_load: float | None | Unset
        if isinstance(self.other_load, Unset):
            other_load = UNSET
        else:
            other_load = self.other_load

        taken_at: None | str | Unset
        if isinstance(self.taken_at, Unset):
            taken_at = UNSET
        elif isinstance(self.taken_at, datetime.datetime):
            taken_at = self.taken_at.isoformat()
        else:
            taken_at = self.taken_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "disturbed": disturbed,
            "figures": figures,
            "host": host,
            "model": model,
            "seconds": seconds,
        })
        if kind is not UNSET:
            field_dict["kind"] = kind
        if other_load is not UNSET:
            field_dict["other_load"] = other_load
        if taken_at is not UNSET:
            field_dict["taken_at"] = taken_at

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.probe_figure import ProbeFigure # noqa: PLC0415
        d = dict(src_dict)
        disturbed = d.pop("disturbed")

        figures = []
        _figures = d.pop("figures")
        for figures_item_data in (_figures):
            figures_item = ProbeFigure.from_dict(figures_item_data)



            figures.append(figures_item)


        host = d.pop("host")

        model = d.pop("model")

        seconds = d.pop("seconds")

        _kind = d.pop("kind", UNSET)
        kind: ProbeKind | Unset
        if isinstance(_kind,  Unset):
            kind = UNSET
        else:
            kind = ProbeKind(_kind)




        def _parse_other_load(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        other_load = _parse_other_load(d.pop("other_load", UNSET))


        def _parse_taken_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                taken_at_type_0 = datetime.datetime.fromisoformat(data)



                return taken_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        taken_at = _parse_taken_at(d.pop("taken_at", UNSET))


        probe = cls(
            disturbed=disturbed,
            figures=figures,
            host=host,
            model=model,
            seconds=seconds,
            kind=kind,
            other_load=other_load,
            taken_at=taken_at,
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
