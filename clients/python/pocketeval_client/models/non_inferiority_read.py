from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bound import Bound
from ..models.decision import Decision
from ..models.non_inferiority_read_reference import NonInferiorityReadReference
from ..types import UNSET, Unset
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
            lower_bound (float | None): Lower end of the 95% interval of build - reference: above -margin, non-inferior
            margin (float):
            p_value (float | None): One-sided: H0 build - reference <= -margin; the test of the margin (the comparison's
                p_value tests no difference)
            reference (NonInferiorityReadReference):
            retention (float | None): build accuracy / reference accuracy
            retention_ci95 (Interval | None):
            verdict (Decision):
            benchmark_items (int | None | Unset): The items of the benchmark's split
            deciding_bound (Bound | None | Unset): The bound the verdict rests on: lower (non-inferior) or upper (inferior);
                none when inconclusive
            needed_exceeds_benchmark (bool | Unset): items_needed is more than benchmark_items: the benchmark cannot decide
                it at the observed difference Default: False.
            upper_bound (float | None | Unset): Upper end of the 95% interval of build - reference: below -margin, inferior
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
    benchmark_items: int | None | Unset = UNSET
    deciding_bound: Bound | None | Unset = UNSET
    needed_exceeds_benchmark: bool | Unset = False
    upper_bound: float | None | Unset = UNSET
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

        benchmark_items: int | None | Unset
        if isinstance(self.benchmark_items, Unset):
            benchmark_items = UNSET
        else:
            benchmark_items = self.benchmark_items

        deciding_bound: None | str | Unset
        if isinstance(self.deciding_bound, Unset):
            deciding_bound = UNSET
        elif isinstance(self.deciding_bound, Bound):
            deciding_bound = self.deciding_bound.value
        else:
            deciding_bound = self.deciding_bound

        needed_exceeds_benchmark = self.needed_exceeds_benchmark

        upper_bound: float | None | Unset
        if isinstance(self.upper_bound, Unset):
            upper_bound = UNSET
        else:
            upper_bound = self.upper_bound


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
        if benchmark_items is not UNSET:
            field_dict["benchmark_items"] = benchmark_items
        if deciding_bound is not UNSET:
            field_dict["deciding_bound"] = deciding_bound
        if needed_exceeds_benchmark is not UNSET:
            field_dict["needed_exceeds_benchmark"] = needed_exceeds_benchmark
        if upper_bound is not UNSET:
            field_dict["upper_bound"] = upper_bound

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




        def _parse_benchmark_items(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        benchmark_items = _parse_benchmark_items(d.pop("benchmark_items", UNSET))


        def _parse_deciding_bound(data: object) -> Bound | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deciding_bound_type_0 = Bound(data)



                return deciding_bound_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Bound | None | Unset, data)

        deciding_bound = _parse_deciding_bound(d.pop("deciding_bound", UNSET))


        needed_exceeds_benchmark = d.pop("needed_exceeds_benchmark", UNSET)

        def _parse_upper_bound(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        upper_bound = _parse_upper_bound(d.pop("upper_bound", UNSET))


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
            benchmark_items=benchmark_items,
            deciding_bound=deciding_bound,
            needed_exceeds_benchmark=needed_exceeds_benchmark,
            upper_bound=upper_bound,
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
