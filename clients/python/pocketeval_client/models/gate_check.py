from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bound import Bound
from ..models.decision import Decision
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.interval import Interval





T = TypeVar("T", bound="GateCheck")



@_attrs_define
class GateCheck:
    """ One benchmark (or the Index): the build against the reference.

        Attributes:
            build (float | None):
            difference (float | None): build - reference
            items_needed (int | None): Paired items that would decide it (80% power), where it is not decided
            lower_bound (float | None): Lower end of the 95% interval of the difference: above -margin, non-inferior
            name (str):
            reference (float | None):
            retention (float | None):
            retention_ci95 (Interval | None):
            verdict (Decision | None): None for an Index one side lacks components of: not checked
            benchmark_items (int | None | Unset): The items of the benchmark's split
            deciding_bound (Bound | None | Unset): The bound the verdict rests on; none when not decided
            gained (list[int] | Unset):
            lost (list[int] | Unset): Items the reference got right and the build wrong
            needed_exceeds_benchmark (bool | Unset): items_needed is more than the benchmark has: it cannot decide it
                Default: False.
            note (None | str | Unset):
            p_value (float | None | Unset): One-sided p of H0 build - reference <= -margin
            runs (list[int] | None | Unset): The reference's and the build's run
            upper_bound (float | None | Unset): Upper end of the 95% interval: below -margin, inferior
     """

    build: float | None
    difference: float | None
    items_needed: int | None
    lower_bound: float | None
    name: str
    reference: float | None
    retention: float | None
    retention_ci95: Interval | None
    verdict: Decision | None
    benchmark_items: int | None | Unset = UNSET
    deciding_bound: Bound | None | Unset = UNSET
    gained: list[int] | Unset = UNSET
    lost: list[int] | Unset = UNSET
    needed_exceeds_benchmark: bool | Unset = False
    note: None | str | Unset = UNSET
    p_value: float | None | Unset = UNSET
    runs: list[int] | None | Unset = UNSET
    upper_bound: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.interval import Interval # noqa: PLC0415
        build: float | None
        build = self.build

        difference: float | None
        difference = self.difference

        items_needed: int | None
        items_needed = self.items_needed

        lower_bound: float | None
        lower_bound = self.lower_bound

        name = self.name

        reference: float | None
        reference = self.reference

        retention: float | None
        retention = self.retention

        retention_ci95: dict[str, Any] | None
        if isinstance(self.retention_ci95, Interval):
            retention_ci95 = self.retention_ci95.to_dict()
        else:
            retention_ci95 = self.retention_ci95

        verdict: None | str
        if isinstance(self.verdict, Decision):
            verdict = self.verdict.value
        else:
            verdict = self.verdict

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

        gained: list[int] | Unset = UNSET
        if not isinstance(self.gained, Unset):
            gained = self.gained



        lost: list[int] | Unset = UNSET
        if not isinstance(self.lost, Unset):
            lost = self.lost



        needed_exceeds_benchmark = self.needed_exceeds_benchmark

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        p_value: float | None | Unset
        if isinstance(self.p_value, Unset):
            p_value = UNSET
        else:
            p_value = self.p_value

        runs: list[int] | None | Unset
        if isinstance(self.runs, Unset):
            runs = UNSET
        elif isinstance(self.runs, list):
            runs = []
            for runs_type_0_item_data in self.runs:
                runs_type_0_item: int
                runs_type_0_item = runs_type_0_item_data
                runs.append(runs_type_0_item)


        else:
            runs = self.runs

        upper_bound: float | None | Unset
        if isinstance(self.upper_bound, Unset):
            upper_bound = UNSET
        else:
            upper_bound = self.upper_bound


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "build": build,
            "difference": difference,
            "items_needed": items_needed,
            "lower_bound": lower_bound,
            "name": name,
            "reference": reference,
            "retention": retention,
            "retention_ci95": retention_ci95,
            "verdict": verdict,
        })
        if benchmark_items is not UNSET:
            field_dict["benchmark_items"] = benchmark_items
        if deciding_bound is not UNSET:
            field_dict["deciding_bound"] = deciding_bound
        if gained is not UNSET:
            field_dict["gained"] = gained
        if lost is not UNSET:
            field_dict["lost"] = lost
        if needed_exceeds_benchmark is not UNSET:
            field_dict["needed_exceeds_benchmark"] = needed_exceeds_benchmark
        if note is not UNSET:
            field_dict["note"] = note
        if p_value is not UNSET:
            field_dict["p_value"] = p_value
        if runs is not UNSET:
            field_dict["runs"] = runs
        if upper_bound is not UNSET:
            field_dict["upper_bound"] = upper_bound

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.interval import Interval # noqa: PLC0415
        d = dict(src_dict)
        def _parse_build(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        build = _parse_build(d.pop("build"))


        def _parse_difference(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        difference = _parse_difference(d.pop("difference"))


        def _parse_items_needed(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        items_needed = _parse_items_needed(d.pop("items_needed"))


        def _parse_lower_bound(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        lower_bound = _parse_lower_bound(d.pop("lower_bound"))


        name = d.pop("name")

        def _parse_reference(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        reference = _parse_reference(d.pop("reference"))


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


        def _parse_verdict(data: object) -> Decision | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                verdict_type_0 = Decision(data)



                return verdict_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decision | None, data)

        verdict = _parse_verdict(d.pop("verdict"))


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


        gained = cast(list[int], d.pop("gained", UNSET))


        lost = cast(list[int], d.pop("lost", UNSET))


        needed_exceeds_benchmark = d.pop("needed_exceeds_benchmark", UNSET)

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))


        def _parse_p_value(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        p_value = _parse_p_value(d.pop("p_value", UNSET))


        def _parse_runs(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                runs_type_0 = []
                _runs_type_0 = data
                for runs_type_0_item_data in (_runs_type_0):
                    def _parse_runs_type_0_item(data: object) -> int:
                        return cast(int, data)

                    runs_type_0_item = _parse_runs_type_0_item(runs_type_0_item_data)

                    runs_type_0.append(runs_type_0_item)

                return runs_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        runs = _parse_runs(d.pop("runs", UNSET))


        def _parse_upper_bound(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        upper_bound = _parse_upper_bound(d.pop("upper_bound", UNSET))


        gate_check = cls(
            build=build,
            difference=difference,
            items_needed=items_needed,
            lower_bound=lower_bound,
            name=name,
            reference=reference,
            retention=retention,
            retention_ci95=retention_ci95,
            verdict=verdict,
            benchmark_items=benchmark_items,
            deciding_bound=deciding_bound,
            gained=gained,
            lost=lost,
            needed_exceeds_benchmark=needed_exceeds_benchmark,
            note=note,
            p_value=p_value,
            runs=runs,
            upper_bound=upper_bound,
        )


        gate_check.additional_properties = d
        return gate_check

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
