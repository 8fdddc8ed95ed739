from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






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
            errors (int | None | Unset): Samples whose scoring raised
            judged (int | None | Unset): Samples judged (not `error`)
            missing (int | None | Unset): (item, repeat) pairs without a prediction or sample
     """

    not_run: int
    planned: int
    reason: str
    scored: int
    errors: int | None | Unset = UNSET
    judged: int | None | Unset = UNSET
    missing: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        not_run = self.not_run

        planned = self.planned

        reason = self.reason

        scored = self.scored

        errors: int | None | Unset
        if isinstance(self.errors, Unset):
            errors = UNSET
        else:
            errors = self.errors

        judged: int | None | Unset
        if isinstance(self.judged, Unset):
            judged = UNSET
        else:
            judged = self.judged

        missing: int | None | Unset
        if isinstance(self.missing, Unset):
            missing = UNSET
        else:
            missing = self.missing


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "not_run": not_run,
            "planned": planned,
            "reason": reason,
            "scored": scored,
        })
        if errors is not UNSET:
            field_dict["errors"] = errors
        if judged is not UNSET:
            field_dict["judged"] = judged
        if missing is not UNSET:
            field_dict["missing"] = missing

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        not_run = d.pop("not_run")

        planned = d.pop("planned")

        reason = d.pop("reason")

        scored = d.pop("scored")

        def _parse_errors(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        errors = _parse_errors(d.pop("errors", UNSET))


        def _parse_judged(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        judged = _parse_judged(d.pop("judged", UNSET))


        def _parse_missing(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        missing = _parse_missing(d.pop("missing", UNSET))


        partial_read = cls(
            not_run=not_run,
            planned=planned,
            reason=reason,
            scored=scored,
            errors=errors,
            judged=judged,
            missing=missing,
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
