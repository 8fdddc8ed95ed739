from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.decision import Decision
from ..models.non_inferiority_read_reference import NonInferiorityReadReference
from typing import cast

if TYPE_CHECKING:
  from ..models.interval import Interval





T = TypeVar("T", bound="NonInferiorityRead")



@_attrs_define
class NonInferiorityRead:
    """ Is the build no worse than the reference by more than the margin? (GET /compare
    with margin=)

        Attributes:
            gained (list[int]): Item ids the build got right and the reference wrong (single repeat)
            holm_p (float | None): Holm-adjusted across the benchmarks compared
            items_needed (int | None): Paired items that would show non-inferiority with 80% power at the observed
                difference and spread; none when the observed difference is at or below -margin
            lost (list[int]): Item ids the reference got right and the build wrong (single repeat)
            lower_bound (float | None): Lower end of the 95% interval of build - reference, compared with -margin
            margin (float):
            p_value (float | None): One-sided: H0 build - reference <= -margin
            reference (NonInferiorityReadReference):
            retention (float | None): build accuracy / reference accuracy
            retention_ci95 (Interval | None):
            verdict (Decision):
     """

    gained: list[int]
    holm_p: float | None
    items_needed: int | None
    lost: list[int]
    lower_bound: float | None
    margin: float
    p_value: float | None
    reference: NonInferiorityReadReference
    retention: float | None
    retention_ci95: Interval | None
    verdict: Decision
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.interval import Interval # noqa: PLC0415
        gained = self.gained



        holm_p: float | None
        holm_p = self.holm_p

        items_needed: int | None
        items_needed = self.items_needed

        lost = self.lost



        lower_bound: float | None
        lower_bound = self.lower_bound

        margin = self.margin

        p_value: float | None
        p_value = self.p_value

        reference = self.reference.value

        retention: float | None
        retention = self.retention

        retention_ci95: dict[str, Any] | None
        if isinstance(self.retention_ci95, Interval):
            retention_ci95 = self.retention_ci95.to_dict()
        else:
            retention_ci95 = self.retention_ci95

        verdict = self.verdict.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "gained": gained,
            "holm_p": holm_p,
            "items_needed": items_needed,
            "lost": lost,
            "lower_bound": lower_bound,
            "margin": margin,
            "p_value": p_value,
            "reference": reference,
            "retention": retention,
            "retention_ci95": retention_ci95,
            "verdict": verdict,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.interval import Interval # noqa: PLC0415
        d = dict(src_dict)
        gained = cast(list[int], d.pop("gained"))


        def _parse_holm_p(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        holm_p = _parse_holm_p(d.pop("holm_p"))


        def _parse_items_needed(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        items_needed = _parse_items_needed(d.pop("items_needed"))


        lost = cast(list[int], d.pop("lost"))


        def _parse_lower_bound(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        lower_bound = _parse_lower_bound(d.pop("lower_bound"))


        margin = d.pop("margin")

        def _parse_p_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p_value = _parse_p_value(d.pop("p_value"))


        reference = NonInferiorityReadReference(d.pop("reference"))




        def _parse_retention(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        retention = _parse_retention(d.pop("retention"))


        def _parse_retention_ci95(data: object) -> Interval | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                retention_ci95_type_0 = Interval.from_dict(data)



                return retention_ci95_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Interval | None, data)

        retention_ci95 = _parse_retention_ci95(d.pop("retention_ci95"))


        verdict = Decision(d.pop("verdict"))




        non_inferiority_read = cls(
            gained=gained,
            holm_p=holm_p,
            items_needed=items_needed,
            lost=lost,
            lower_bound=lower_bound,
            margin=margin,
            p_value=p_value,
            reference=reference,
            retention=retention,
            retention_ci95=retention_ci95,
            verdict=verdict,
        )


        non_inferiority_read.additional_properties = d
        return non_inferiority_read

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
