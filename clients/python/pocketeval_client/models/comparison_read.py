from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.benchmark_comparison_read import BenchmarkComparisonRead
  from ..models.comparison_read_bootstrap import ComparisonReadBootstrap
  from ..models.comparison_read_definitions import ComparisonReadDefinitions
  from ..models.index_non_inferiority_read import IndexNonInferiorityRead
  from ..models.mismatch_read import MismatchRead
  from ..models.side_read import SideRead





T = TypeVar("T", bound="ComparisonRead")



@_attrs_define
class ComparisonRead:
    """ 
        Attributes:
            a (SideRead):
            b (SideRead):
            benchmarks (list[BenchmarkComparisonRead]):
            bootstrap (ComparisonReadBootstrap): resamples and seed
            definitions (ComparisonReadDefinitions):
            mismatches (list[MismatchRead]): Differences in how the runs were made; only with allow_mismatch=true
            index_non_inferiority (IndexNonInferiorityRead | None | Unset): With margin=: the Index, where both sides have
                every component
     """

    a: SideRead
    b: SideRead
    benchmarks: list[BenchmarkComparisonRead]
    bootstrap: ComparisonReadBootstrap
    definitions: ComparisonReadDefinitions
    mismatches: list[MismatchRead]
    index_non_inferiority: IndexNonInferiorityRead | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.benchmark_comparison_read import BenchmarkComparisonRead # noqa: PLC0415
        from ..models.comparison_read_bootstrap import ComparisonReadBootstrap # noqa: PLC0415
        from ..models.comparison_read_definitions import ComparisonReadDefinitions # noqa: PLC0415
        from ..models.index_non_inferiority_read import IndexNonInferiorityRead # noqa: PLC0415
        from ..models.mismatch_read import MismatchRead # noqa: PLC0415
        from ..models.side_read import SideRead # noqa: PLC0415
        a = self.a.to_dict()

        b = self.b.to_dict()

        benchmarks = []
        for benchmarks_item_data in self.benchmarks:
            benchmarks_item = benchmarks_item_data.to_dict()
            benchmarks.append(benchmarks_item)



        bootstrap = self.bootstrap.to_dict()

        definitions = self.definitions.to_dict()

        mismatches = []
        for mismatches_item_data in self.mismatches:
            mismatches_item = mismatches_item_data.to_dict()
            mismatches.append(mismatches_item)



        index_non_inferiority: dict[str, Any] | None | Unset
        if isinstance(self.index_non_inferiority, Unset):
            index_non_inferiority = UNSET
        elif isinstance(self.index_non_inferiority, IndexNonInferiorityRead):
            index_non_inferiority = self.index_non_inferiority.to_dict()
        else:
            index_non_inferiority = self.index_non_inferiority


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "a": a,
            "b": b,
            "benchmarks": benchmarks,
            "bootstrap": bootstrap,
            "definitions": definitions,
            "mismatches": mismatches,
        })
        if index_non_inferiority is not UNSET:
            field_dict["index_non_inferiority"] = index_non_inferiority

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.benchmark_comparison_read import BenchmarkComparisonRead # noqa: PLC0415
        from ..models.comparison_read_bootstrap import ComparisonReadBootstrap # noqa: PLC0415
        from ..models.comparison_read_definitions import ComparisonReadDefinitions # noqa: PLC0415
        from ..models.index_non_inferiority_read import IndexNonInferiorityRead # noqa: PLC0415
        from ..models.mismatch_read import MismatchRead # noqa: PLC0415
        from ..models.side_read import SideRead # noqa: PLC0415
        d = dict(src_dict)
        a = SideRead.from_dict(d.pop("a"))




        b = SideRead.from_dict(d.pop("b"))




        benchmarks = []
        _benchmarks = d.pop("benchmarks")
        for benchmarks_item_data in (_benchmarks):
            benchmarks_item = BenchmarkComparisonRead.from_dict(benchmarks_item_data)



            benchmarks.append(benchmarks_item)


        bootstrap = ComparisonReadBootstrap.from_dict(d.pop("bootstrap"))




        definitions = ComparisonReadDefinitions.from_dict(d.pop("definitions"))




        mismatches = []
        _mismatches = d.pop("mismatches")
        for mismatches_item_data in (_mismatches):
            mismatches_item = MismatchRead.from_dict(mismatches_item_data)



            mismatches.append(mismatches_item)


        def _parse_index_non_inferiority(data: object) -> IndexNonInferiorityRead | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                index_non_inferiority_type_0 = IndexNonInferiorityRead.from_dict(data)



                return index_non_inferiority_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IndexNonInferiorityRead | None | Unset, data)

        index_non_inferiority = _parse_index_non_inferiority(d.pop("index_non_inferiority", UNSET))


        comparison_read = cls(
            a=a,
            b=b,
            benchmarks=benchmarks,
            bootstrap=bootstrap,
            definitions=definitions,
            mismatches=mismatches,
            index_non_inferiority=index_non_inferiority,
        )


        comparison_read.additional_properties = d
        return comparison_read

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
