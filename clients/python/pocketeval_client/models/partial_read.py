from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="PartialRead")



@_attrs_define
class PartialRead:
    """ A failed or cancelled run's results: what was scored, never a score of the
    benchmark (samples that never ran are not wrong answers).

        Attributes:
            not_run (int): Samples that failed or never ran: in no figure
            planned (int): (item, repeat) samples the run planned
            reason (str):
            scored (int): Samples that came back with a verdict
     """

    not_run: int
    planned: int
    reason: str
    scored: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        not_run = self.not_run

        planned = self.planned

        reason = self.reason

        scored = self.scored


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "not_run": not_run,
            "planned": planned,
            "reason": reason,
            "scored": scored,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        not_run = d.pop("not_run")

        planned = d.pop("planned")

        reason = d.pop("reason")

        scored = d.pop("scored")

        partial_read = cls(
            not_run=not_run,
            planned=planned,
            reason=reason,
            scored=scored,
        )


        partial_read.additional_properties = d
        return partial_read

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
