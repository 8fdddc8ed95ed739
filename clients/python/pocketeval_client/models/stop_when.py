from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.decided import Decided





T = TypeVar("T", bound="StopWhen")



@_attrs_define
class StopWhen:
    """ Stop a run early: once every benchmark's (and the index's) 95% interval is at most
    ci_half_width wide on its wider side, with at least min_items items done each, or after
    wall_s seconds of execution; the results are then over the items run.

        Attributes:
            ci_half_width (float | None | Unset):
            decided (Decided | None | Unset): With reference_run
            min_items (int | Unset):  Default: 30.
            wall_s (float | None | Unset):
     """

    ci_half_width: float | None | Unset = UNSET
    decided: Decided | None | Unset = UNSET
    min_items: int | Unset = 30
    wall_s: float | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.decided import Decided # noqa: PLC0415
        ci_half_width: float | None | Unset
        if isinstance(self.ci_half_width, Unset):
            ci_half_width = UNSET
        else:
            ci_half_width = self.ci_half_width

        decided: dict[str, Any] | None | Unset
        if isinstance(self.decided, Unset):
            decided = UNSET
        elif isinstance(self.decided, Decided):
            decided = self.decided.to_dict()
        else:
            decided = self.decided

        min_items = self.min_items

        wall_s: float | None | Unset
        if isinstance(self.wall_s, Unset):
            wall_s = UNSET
        else:
            wall_s = self.wall_s


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if ci_half_width is not UNSET:
            field_dict["ci_half_width"] = ci_half_width
        if decided is not UNSET:
            field_dict["decided"] = decided
        if min_items is not UNSET:
            field_dict["min_items"] = min_items
        if wall_s is not UNSET:
            field_dict["wall_s"] = wall_s

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.decided import Decided # noqa: PLC0415
        d = dict(src_dict)
        def _parse_ci_half_width(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        ci_half_width = _parse_ci_half_width(d.pop("ci_half_width", UNSET))


        def _parse_decided(data: object) -> Decided | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                decided_type_0 = Decided.from_dict(data)



                return decided_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decided | None | Unset, data)

        decided = _parse_decided(d.pop("decided", UNSET))


        min_items = d.pop("min_items", UNSET)

        def _parse_wall_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        wall_s = _parse_wall_s(d.pop("wall_s", UNSET))


        stop_when = cls(
            ci_half_width=ci_half_width,
            decided=decided,
            min_items=min_items,
            wall_s=wall_s,
        )

        return stop_when

