from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.benchmark_estimate import BenchmarkEstimate
  from ..models.index_estimate import IndexEstimate





T = TypeVar("T", bound="RunEstimate")



@_attrs_define
class RunEstimate:
    """ The running estimate of an executed run: items go in a seeded random order, so the
    items done are a uniform random sample of those planned, and each benchmark's figures
    are its results' own (the same metric and 95% interval) over the items done.

        Attributes:
            at (datetime.datetime):
            benchmarks (list[BenchmarkEstimate]):
            samples_done (int):
            index (IndexEstimate | None | Unset): The Mobile Intelligence Index, when the run has all five components
     """

    at: datetime.datetime
    benchmarks: list[BenchmarkEstimate]
    samples_done: int
    index: IndexEstimate | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.benchmark_estimate import BenchmarkEstimate # noqa: PLC0415
        from ..models.index_estimate import IndexEstimate # noqa: PLC0415
        at = self.at.isoformat()

        benchmarks = []
        for benchmarks_item_data in self.benchmarks:
            benchmarks_item = benchmarks_item_data.to_dict()
            benchmarks.append(benchmarks_item)



        samples_done = self.samples_done

        index: dict[str, Any] | None | Unset
        if isinstance(self.index, Unset):
            index = UNSET
        elif isinstance(self.index, IndexEstimate):
            index = self.index.to_dict()
        else:
            index = self.index


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "at": at,
            "benchmarks": benchmarks,
            "samples_done": samples_done,
        })
        if index is not UNSET:
            field_dict["index"] = index

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.benchmark_estimate import BenchmarkEstimate # noqa: PLC0415
        from ..models.index_estimate import IndexEstimate # noqa: PLC0415
        d = dict(src_dict)
        at = datetime.datetime.fromisoformat(d.pop("at"))




        benchmarks = []
        _benchmarks = d.pop("benchmarks")
        for benchmarks_item_data in (_benchmarks):
            benchmarks_item = BenchmarkEstimate.from_dict(benchmarks_item_data)



            benchmarks.append(benchmarks_item)


        samples_done = d.pop("samples_done")

        def _parse_index(data: object) -> IndexEstimate | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                index_type_0 = IndexEstimate.from_dict(data)



                return index_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IndexEstimate | None | Unset, data)

        index = _parse_index(d.pop("index", UNSET))


        run_estimate = cls(
            at=at,
            benchmarks=benchmarks,
            samples_done=samples_done,
            index=index,
        )


        run_estimate.additional_properties = d
        return run_estimate

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
