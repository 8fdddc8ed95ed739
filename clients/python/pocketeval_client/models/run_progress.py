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
  from ..models.benchmark_progress import BenchmarkProgress





T = TypeVar("T", bound="RunProgress")



@_attrs_define
class RunProgress:
    """ Samples stored of those planned; for a pull run, bytes received of the files' bytes
    (its runtime's `pull` has the stage and the file count).

        Attributes:
            benchmarks (list[BenchmarkProgress]):
            done (int):
            errors (int):
            eta_s (float | None): Seconds left, from the samples finished and the time those in flight have run
                (app.runs.execute.eta): it only counts down while no sample finishes; 0 once `finishing`; None before a sample
                has ended
            rate_per_s (float | None):
            started_at (datetime.datetime | None):
            total (int):
            finishing (bool | Unset): The estimate ran out while samples are still in flight Default: False.
            heartbeat_at (datetime.datetime | None | Unset): When the process carrying the run out last said it still does
                (every 10 s while it runs): a run whose heartbeat is old has lost its process and is taken over
            in_flight_s (list[float] | Unset): How long each sample in flight has run, seconds, longest first
     """

    benchmarks: list[BenchmarkProgress]
    done: int
    errors: int
    eta_s: float | None
    rate_per_s: float | None
    started_at: datetime.datetime | None
    total: int
    finishing: bool | Unset = False
    heartbeat_at: datetime.datetime | None | Unset = UNSET
    in_flight_s: list[float] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.benchmark_progress import BenchmarkProgress # noqa: PLC0415
        benchmarks = []
        for benchmarks_item_data in self.benchmarks:
            benchmarks_item = benchmarks_item_data.to_dict()
            benchmarks.append(benchmarks_item)



        done = self.done

        errors = self.errors

        eta_s: float | None
        eta_s = self.eta_s

        rate_per_s: float | None
        rate_per_s = self.rate_per_s

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        total = self.total

        finishing = self.finishing

        heartbeat_at: None | str | Unset
        if isinstance(self.heartbeat_at, Unset):
            heartbeat_at = UNSET
        elif isinstance(self.heartbeat_at, datetime.datetime):
            heartbeat_at = self.heartbeat_at.isoformat()
        else:
            heartbeat_at = self.heartbeat_at

        in_flight_s: list[float] | Unset = UNSET
        if not isinstance(self.in_flight_s, Unset):
            in_flight_s = self.in_flight_s




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmarks": benchmarks,
            "done": done,
            "errors": errors,
            "eta_s": eta_s,
            "rate_per_s": rate_per_s,
            "started_at": started_at,
            "total": total,
        })
        if finishing is not UNSET:
            field_dict["finishing"] = finishing
        if heartbeat_at is not UNSET:
            field_dict["heartbeat_at"] = heartbeat_at
        if in_flight_s is not UNSET:
            field_dict["in_flight_s"] = in_flight_s

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.benchmark_progress import BenchmarkProgress # noqa: PLC0415
        d = dict(src_dict)
        benchmarks = []
        _benchmarks = d.pop("benchmarks")
        for benchmarks_item_data in (_benchmarks):
            benchmarks_item = BenchmarkProgress.from_dict(benchmarks_item_data)



            benchmarks.append(benchmarks_item)


        done = d.pop("done")

        errors = d.pop("errors")

        def _parse_eta_s(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        eta_s = _parse_eta_s(d.pop("eta_s"))


        def _parse_rate_per_s(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rate_per_s = _parse_rate_per_s(d.pop("rate_per_s"))


        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)



                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))


        total = d.pop("total")

        finishing = d.pop("finishing", UNSET)

        def _parse_heartbeat_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                heartbeat_at_type_0 = datetime.datetime.fromisoformat(data)



                return heartbeat_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        heartbeat_at = _parse_heartbeat_at(d.pop("heartbeat_at", UNSET))


        in_flight_s = cast(list[float], d.pop("in_flight_s", UNSET))


        run_progress = cls(
            benchmarks=benchmarks,
            done=done,
            errors=errors,
            eta_s=eta_s,
            rate_per_s=rate_per_s,
            started_at=started_at,
            total=total,
            finishing=finishing,
            heartbeat_at=heartbeat_at,
            in_flight_s=in_flight_s,
        )


        run_progress.additional_properties = d
        return run_progress

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
