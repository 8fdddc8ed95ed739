from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.stress import Stress
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast






T = TypeVar("T", bound="VisionAuditIn")



@_attrs_define
class VisionAuditIn:
    """ Each item twice (two repeats): as text, and with its whole prompt rendered into an
    image sent alone (MMMU-Pro's vision-only setting, a seeded random look per item and
    repeat); each `stress` variant (low-resolution, occlusion, tilt, busy-background) adds
    a rendered repeat. Needs an endpoint model that reads images. The report is
    GET /runs/{id}/audits/vision-only.

        Attributes:
            kind (Literal['vision-only']):
            seed (int | Unset):  Default: 0.
            stress (list[Stress] | Unset):
     """

    kind: Literal['vision-only']
    seed: int | Unset = 0
    stress: list[Stress] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        seed = self.seed

        stress: list[str] | Unset = UNSET
        if not isinstance(self.stress, Unset):
            stress = []
            for stress_item_data in self.stress:
                stress_item = stress_item_data.value
                stress.append(stress_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kind": kind,
        })
        if seed is not UNSET:
            field_dict["seed"] = seed
        if stress is not UNSET:
            field_dict["stress"] = stress

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal['vision-only'] , d.pop("kind"))
        if kind != 'vision-only':
            raise ValueError(f"kind must match const 'vision-only', got '{kind}'")

        seed = d.pop("seed", UNSET)

        _stress = d.pop("stress", UNSET)
        stress: list[Stress] | Unset = UNSET
        if _stress is not UNSET:
            stress = []
            for stress_item_data in _stress:
                stress_item = Stress(stress_item_data)



                stress.append(stress_item)


        vision_audit_in = cls(
            kind=kind,
            seed=seed,
            stress=stress,
        )

        return vision_audit_in

