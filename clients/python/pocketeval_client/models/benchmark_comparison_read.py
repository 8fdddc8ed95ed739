from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.dropped_read import DroppedRead
  from ..models.interval import Interval
  from ..models.non_inferiority_read import NonInferiorityRead
  from ..models.subject_difference_read import SubjectDifferenceRead
  from ..models.table_read import TableRead





T = TypeVar("T", bound="BenchmarkComparisonRead")



@_attrs_define
class BenchmarkComparisonRead:
    """ 
        Attributes:
            accuracy_a (float):
            accuracy_b (float):
            benchmark (str):
            bootstrap_ci95 (Interval | None):
            ci95 (Interval | None):
            difference (float): b - a
            dropped (DroppedRead):
            holm_p (float | None): Holm-adjusted across the benchmarks compared
            mdd_80 (float | None): Smallest difference detectable with 80% power at this n and variance (two-sided 5%)
            n_paired (int):
            p_method (str):
            p_value (float | None): Two-sided test of no difference (p_method); the margin's test is non_inferiority.p_value
            paired_se (float | None):
            run_a (int):
            run_b (int):
            single_repeat (bool):
            subjects (list[SubjectDifferenceRead]):
            table (None | TableRead):
            unpaired_se (float | None): The SE without pairing, for contrast
            ci95_a (Interval | None | Unset): accuracy_a's 95% interval over the paired items by the rule of a run's own
                (Wilson; item-clustered with repeats): with every item paired, the run's interval
            ci95_b (Interval | None | Unset): accuracy_b's, likewise
            non_inferiority (None | NonInferiorityRead | Unset):
     """

    accuracy_a: float
    accuracy_b: float
    benchmark: str
    bootstrap_ci95: Interval | None
    ci95: Interval | None
    difference: float
    dropped: DroppedRead
    holm_p: float | None
    mdd_80: float | None
    n_paired: int
    p_method: str
    p_value: float | None
    paired_se: float | None
    run_a: int
    run_b: int
    single_repeat: bool
    subjects: list[SubjectDifferenceRead]
    table: None | TableRead
    unpaired_se: float | None
    ci95_a: Interval | None | Unset = UNSET
    ci95_b: Interval | None | Unset = UNSET
    non_inferiority: None | NonInferiorityRead | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.dropped_read import DroppedRead # noqa: PLC0415
        from ..models.interval import Interval # noqa: PLC0415
        from ..models.non_inferiority_read import NonInferiorityRead # noqa: PLC0415
        from ..models.subject_difference_read import SubjectDifferenceRead # noqa: PLC0415
        from ..models.table_read import TableRead # noqa: PLC0415
        accuracy_a = self.accuracy_a

        accuracy_b = self.accuracy_b

        benchmark = self.benchmark

        bootstrap_ci95: dict[str, Any] | None
        if isinstance(self.bootstrap_ci95, Interval):
            bootstrap_ci95 = self.bootstrap_ci95.to_dict()
        else:
            bootstrap_ci95 = self.bootstrap_ci95

        ci95: dict[str, Any] | None
        if isinstance(self.ci95, Interval):
            ci95 = self.ci95.to_dict()
        else:
            ci95 = self.ci95

        difference = self.difference

        dropped = self.dropped.to_dict()

        holm_p: float | None
        holm_p = self.holm_p

        mdd_80: float | None
        mdd_80 = self.mdd_80

        n_paired = self.n_paired

        p_method = self.p_method

        p_value: float | None
        p_value = self.p_value

        paired_se: float | None
        paired_se = self.paired_se

        run_a = self.run_a

        run_b = self.run_b

        single_repeat = self.single_repeat

        subjects = []
        for subjects_item_data in self.subjects:
            subjects_item = subjects_item_data.to_dict()
            subjects.append(subjects_item)



        table: dict[str, Any] | None
        if isinstance(self.table, TableRead):
            table = self.table.to_dict()
        else:
            table = self.table

        unpaired_se: float | None
        unpaired_se = self.unpaired_se

        ci95_a: dict[str, Any] | None | Unset
        if isinstance(self.ci95_a, Unset):
            ci95_a = UNSET
        elif isinstance(self.ci95_a, Interval):
            ci95_a = self.ci95_a.to_dict()
        else:
            ci95_a = self.ci95_a

        ci95_b: dict[str, Any] | None | Unset
        if isinstance(self.ci95_b, Unset):
            ci95_b = UNSET
        elif isinstance(self.ci95_b, Interval):
            ci95_b = self.ci95_b.to_dict()
        else:
            ci95_b = self.ci95_b

        non_inferiority: dict[str, Any] | None | Unset
        if isinstance(self.non_inferiority, Unset):
            non_inferiority = UNSET
        elif isinstance(self.non_inferiority, NonInferiorityRead):
            non_inferiority = self.non_inferiority.to_dict()
        else:
            non_inferiority = self.non_inferiority


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accuracy_a": accuracy_a,
            "accuracy_b": accuracy_b,
            "benchmark": benchmark,
            "bootstrap_ci95": bootstrap_ci95,
            "ci95": ci95,
            "difference": difference,
            "dropped": dropped,
            "holm_p": holm_p,
            "mdd_80": mdd_80,
            "n_paired": n_paired,
            "p_method": p_method,
            "p_value": p_value,
            "paired_se": paired_se,
            "run_a": run_a,
            "run_b": run_b,
            "single_repeat": single_repeat,
            "subjects": subjects,
            "table": table,
            "unpaired_se": unpaired_se,
        })
        if ci95_a is not UNSET:
            field_dict["ci95_a"] = ci95_a
        if ci95_b is not UNSET:
            field_dict["ci95_b"] = ci95_b
        if non_inferiority is not UNSET:
            field_dict["non_inferiority"] = non_inferiority

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.dropped_read import DroppedRead # noqa: PLC0415
        from ..models.interval import Interval # noqa: PLC0415
        from ..models.non_inferiority_read import NonInferiorityRead # noqa: PLC0415
        from ..models.subject_difference_read import SubjectDifferenceRead # noqa: PLC0415
        from ..models.table_read import TableRead # noqa: PLC0415
        d = dict(src_dict)
        accuracy_a = d.pop("accuracy_a")

        accuracy_b = d.pop("accuracy_b")

        benchmark = d.pop("benchmark")

        def _parse_bootstrap_ci95(data: object) -> Interval | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                bootstrap_ci95_type_0 = Interval.from_dict(data)



                return bootstrap_ci95_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Interval | None, data)

        bootstrap_ci95 = _parse_bootstrap_ci95(d.pop("bootstrap_ci95"))


        def _parse_ci95(data: object) -> Interval | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ci95_type_0 = Interval.from_dict(data)



                return ci95_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Interval | None, data)

        ci95 = _parse_ci95(d.pop("ci95"))


        difference = d.pop("difference")

        dropped = DroppedRead.from_dict(d.pop("dropped"))




        def _parse_holm_p(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        holm_p = _parse_holm_p(d.pop("holm_p"))


        def _parse_mdd_80(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mdd_80 = _parse_mdd_80(d.pop("mdd_80"))


        n_paired = d.pop("n_paired")

        p_method = d.pop("p_method")

        def _parse_p_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p_value = _parse_p_value(d.pop("p_value"))


        def _parse_paired_se(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        paired_se = _parse_paired_se(d.pop("paired_se"))


        run_a = d.pop("run_a")

        run_b = d.pop("run_b")

        single_repeat = d.pop("single_repeat")

        subjects = []
        _subjects = d.pop("subjects")
        for subjects_item_data in (_subjects):
            subjects_item = SubjectDifferenceRead.from_dict(subjects_item_data)



            subjects.append(subjects_item)


        def _parse_table(data: object) -> None | TableRead:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                table_type_0 = TableRead.from_dict(data)



                return table_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TableRead, data)

        table = _parse_table(d.pop("table"))


        def _parse_unpaired_se(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        unpaired_se = _parse_unpaired_se(d.pop("unpaired_se"))


        def _parse_ci95_a(data: object) -> Interval | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ci95_a_type_0 = Interval.from_dict(data)



                return ci95_a_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Interval | None | Unset, data)

        ci95_a = _parse_ci95_a(d.pop("ci95_a", UNSET))


        def _parse_ci95_b(data: object) -> Interval | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ci95_b_type_0 = Interval.from_dict(data)



                return ci95_b_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Interval | None | Unset, data)

        ci95_b = _parse_ci95_b(d.pop("ci95_b", UNSET))


        def _parse_non_inferiority(data: object) -> None | NonInferiorityRead | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                non_inferiority_type_0 = NonInferiorityRead.from_dict(data)



                return non_inferiority_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | NonInferiorityRead | Unset, data)

        non_inferiority = _parse_non_inferiority(d.pop("non_inferiority", UNSET))


        benchmark_comparison_read = cls(
            accuracy_a=accuracy_a,
            accuracy_b=accuracy_b,
            benchmark=benchmark,
            bootstrap_ci95=bootstrap_ci95,
            ci95=ci95,
            difference=difference,
            dropped=dropped,
            holm_p=holm_p,
            mdd_80=mdd_80,
            n_paired=n_paired,
            p_method=p_method,
            p_value=p_value,
            paired_se=paired_se,
            run_a=run_a,
            run_b=run_b,
            single_repeat=single_repeat,
            subjects=subjects,
            table=table,
            unpaired_se=unpaired_se,
            ci95_a=ci95_a,
            ci95_b=ci95_b,
            non_inferiority=non_inferiority,
        )


        benchmark_comparison_read.additional_properties = d
        return benchmark_comparison_read

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
