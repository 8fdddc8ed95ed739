from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.look_record import LookRecord





T = TypeVar("T", bound="SequentialRecord")



@_attrs_define
class SequentialRecord:
    """ A run against a reference run, stopped once non-inferiority was decided: the
    boundary, each look, and the verdict (inconclusive when the last look decided
    nothing).

        Attributes:
            alpha (float):
            boundary (str):
            items_planned (int):
            items_used (int):
            looks (list[LookRecord]):
            margin (float):
            reference_run (int):
            verdict (None | str):
     """

    alpha: float
    boundary: str
    items_planned: int
    items_used: int
    looks: list[LookRecord]
    margin: float
    reference_run: int
    verdict: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.look_record import LookRecord # noqa: PLC0415
        alpha = self.alpha

        boundary = self.boundary

        items_planned = self.items_planned

        items_used = self.items_used

        looks = []
        for looks_item_data in self.looks:
            looks_item = looks_item_data.to_dict()
            looks.append(looks_item)



        margin = self.margin

        reference_run = self.reference_run

        verdict: None | str
        verdict = self.verdict


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "alpha": alpha,
            "boundary": boundary,
            "items_planned": items_planned,
            "items_used": items_used,
            "looks": looks,
            "margin": margin,
            "reference_run": reference_run,
            "verdict": verdict,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.look_record import LookRecord # noqa: PLC0415
        d = dict(src_dict)
        alpha = d.pop("alpha")

        boundary = d.pop("boundary")

        items_planned = d.pop("items_planned")

        items_used = d.pop("items_used")

        looks = []
        _looks = d.pop("looks")
        for looks_item_data in (_looks):
            looks_item = LookRecord.from_dict(looks_item_data)



            looks.append(looks_item)


        margin = d.pop("margin")

        reference_run = d.pop("reference_run")

        def _parse_verdict(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        verdict = _parse_verdict(d.pop("verdict"))


        sequential_record = cls(
            alpha=alpha,
            boundary=boundary,
            items_planned=items_planned,
            items_used=items_used,
            looks=looks,
            margin=margin,
            reference_run=reference_run,
            verdict=verdict,
        )


        sequential_record.additional_properties = d
        return sequential_record

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
