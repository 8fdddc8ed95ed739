from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Decided")



@_attrs_define
class Decided:
    """ Look at `looks` evenly spaced fractions of the reference's items; stop at the first
    look whose paired z crosses the group-sequential boundary (Lan-DeMets, O'Brien-Fleming
    type) for non-inferiority or inferiority at one-sided level `alpha`.

        Attributes:
            margin (float): How much worse than the reference (accuracy, 0-1) the build may be
            alpha (float | Unset):  Default: 0.025.
            looks (int | Unset):  Default: 5.
     """

    margin: float
    alpha: float | Unset = 0.025
    looks: int | Unset = 5





    def to_dict(self) -> dict[str, Any]:
        margin = self.margin

        alpha = self.alpha

        looks = self.looks


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "margin": margin,
        })
        if alpha is not UNSET:
            field_dict["alpha"] = alpha
        if looks is not UNSET:
            field_dict["looks"] = looks

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        margin = d.pop("margin")

        alpha = d.pop("alpha", UNSET)

        looks = d.pop("looks", UNSET)

        decided = cls(
            margin=margin,
            alpha=alpha,
            looks=looks,
        )

        return decided

