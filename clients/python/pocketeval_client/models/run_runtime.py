from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.early_stop import EarlyStop
  from ..models.pull_problem import PullProblem
  from ..models.pull_progress import PullProgress
  from ..models.pull_report import PullReport
  from ..models.ray_record import RayRecord
  from ..models.reuse_calibration import ReuseCalibration
  from ..models.run_estimate import RunEstimate
  from ..models.run_runtime_measured_type_0 import RunRuntimeMeasuredType0
  from ..models.sequential_record import SequentialRecord
  from ..models.server_process import ServerProcess
  from ..models.shared_generations import SharedGenerations
  from ..models.time_spent import TimeSpent
  from ..models.topology_record import TopologyRecord





T = TypeVar("T", bound="RunRuntime")



@_attrs_define
class RunRuntime:
    """ 
        Attributes:
            calibration (list[ReuseCalibration] | Unset):
            early_stop (EarlyStop | None | Unset):
            estimate (None | RunEstimate | Unset):
            measured (None | RunRuntimeMeasuredType0 | Unset):
            pull (None | PullProgress | Unset):
            pull_problem (None | PullProblem | Unset):
            pulled (None | PullReport | Unset):
            ray (None | RayRecord | Unset):
            sequential (None | SequentialRecord | Unset):
            server (None | ServerProcess | Unset):
            shared_generations (list[SharedGenerations] | Unset):
            time_spent (None | TimeSpent | Unset):
            topology (None | TopologyRecord | Unset):
     """

    calibration: list[ReuseCalibration] | Unset = UNSET
    early_stop: EarlyStop | None | Unset = UNSET
    estimate: None | RunEstimate | Unset = UNSET
    measured: None | RunRuntimeMeasuredType0 | Unset = UNSET
    pull: None | PullProgress | Unset = UNSET
    pull_problem: None | PullProblem | Unset = UNSET
    pulled: None | PullReport | Unset = UNSET
    ray: None | RayRecord | Unset = UNSET
    sequential: None | SequentialRecord | Unset = UNSET
    server: None | ServerProcess | Unset = UNSET
    shared_generations: list[SharedGenerations] | Unset = UNSET
    time_spent: None | TimeSpent | Unset = UNSET
    topology: None | TopologyRecord | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.early_stop import EarlyStop # noqa: PLC0415
        from ..models.pull_problem import PullProblem # noqa: PLC0415
        from ..models.pull_progress import PullProgress # noqa: PLC0415
        from ..models.pull_report import PullReport # noqa: PLC0415
        from ..models.ray_record import RayRecord # noqa: PLC0415
        from ..models.reuse_calibration import ReuseCalibration # noqa: PLC0415
        from ..models.run_estimate import RunEstimate # noqa: PLC0415
        from ..models.run_runtime_measured_type_0 import RunRuntimeMeasuredType0 # noqa: PLC0415
        from ..models.sequential_record import SequentialRecord # noqa: PLC0415
        from ..models.server_process import ServerProcess # noqa: PLC0415
        from ..models.shared_generations import SharedGenerations # noqa: PLC0415
        from ..models.time_spent import TimeSpent # noqa: PLC0415
        from ..models.topology_record import TopologyRecord # noqa: PLC0415
        calibration: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.calibration, Unset):
            calibration = []
            for calibration_item_data in self.calibration:
                calibration_item = calibration_item_data.to_dict()
                calibration.append(calibration_item)



        early_stop: dict[str, Any] | None | Unset
        if isinstance(self.early_stop, Unset):
            early_stop = UNSET
        elif isinstance(self.early_stop, EarlyStop):
            early_stop = self.early_stop.to_dict()
        else:
            early_stop = self.early_stop

        estimate: dict[str, Any] | None | Unset
        if isinstance(self.estimate, Unset):
            estimate = UNSET
        elif isinstance(self.estimate, RunEstimate):
            estimate = self.estimate.to_dict()
        else:
            estimate = self.estimate

        measured: dict[str, Any] | None | Unset
        if isinstance(self.measured, Unset):
            measured = UNSET
        elif isinstance(self.measured, RunRuntimeMeasuredType0):
            measured = self.measured.to_dict()
        else:
            measured = self.measured

        pull: dict[str, Any] | None | Unset
        if isinstance(self.pull, Unset):
            pull = UNSET
        elif isinstance(self.pull, PullProgress):
            pull = self.pull.to_dict()
        else:
            pull = self.pull

        pull_problem: dict[str, Any] | None | Unset
        if isinstance(self.pull_problem, Unset):
            pull_problem = UNSET
        elif isinstance(self.pull_problem, PullProblem):
            pull_problem = self.pull_problem.to_dict()
        else:
            pull_problem = self.pull_problem

        pulled: dict[str, Any] | None | Unset
        if isinstance(self.pulled, Unset):
            pulled = UNSET
        elif isinstance(self.pulled, PullReport):
            pulled = self.pulled.to_dict()
        else:
            pulled = self.pulled

        ray: dict[str, Any] | None | Unset
        if isinstance(self.ray, Unset):
            ray = UNSET
        elif isinstance(self.ray, RayRecord):
            ray = self.ray.to_dict()
        else:
            ray = self.ray

        sequential: dict[str, Any] | None | Unset
        if isinstance(self.sequential, Unset):
            sequential = UNSET
        elif isinstance(self.sequential, SequentialRecord):
            sequential = self.sequential.to_dict()
        else:
            sequential = self.sequential

        server: dict[str, Any] | None | Unset
        if isinstance(self.server, Unset):
            server = UNSET
        elif isinstance(self.server, ServerProcess):
            server = self.server.to_dict()
        else:
            server = self.server

        shared_generations: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.shared_generations, Unset):
            shared_generations = []
            for shared_generations_item_data in self.shared_generations:
                shared_generations_item = shared_generations_item_data.to_dict()
                shared_generations.append(shared_generations_item)



        time_spent: dict[str, Any] | None | Unset
        if isinstance(self.time_spent, Unset):
            time_spent = UNSET
        elif isinstance(self.time_spent, TimeSpent):
            time_spent = self.time_spent.to_dict()
        else:
            time_spent = self.time_spent

        topology: dict[str, Any] | None | Unset
        if isinstance(self.topology, Unset):
            topology = UNSET
        elif isinstance(self.topology, TopologyRecord):
            topology = self.topology.to_dict()
        else:
            topology = self.topology


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if calibration is not UNSET:
            field_dict["calibration"] = calibration
        if early_stop is not UNSET:
            field_dict["early_stop"] = early_stop
        if estimate is not UNSET:
            field_dict["estimate"] = estimate
        if measured is not UNSET:
            field_dict["measured"] = measured
        if pull is not UNSET:
            field_dict["pull"] = pull
        if pull_problem is not UNSET:
            field_dict["pull_problem"] = pull_problem
        if pulled is not UNSET:
            field_dict["pulled"] = pulled
        if ray is not UNSET:
            field_dict["ray"] = ray
        if sequential is not UNSET:
            field_dict["sequential"] = sequential
        if server is not UNSET:
            field_dict["server"] = server
        if shared_generations is not UNSET:
            field_dict["shared_generations"] = shared_generations
        if time_spent is not UNSET:
            field_dict["time_spent"] = time_spent
        if topology is not UNSET:
            field_dict["topology"] = topology

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.early_stop import EarlyStop # noqa: PLC0415
        from ..models.pull_problem import PullProblem # noqa: PLC0415
        from ..models.pull_progress import PullProgress # noqa: PLC0415
        from ..models.pull_report import PullReport # noqa: PLC0415
        from ..models.ray_record import RayRecord # noqa: PLC0415
        from ..models.reuse_calibration import ReuseCalibration # noqa: PLC0415
        from ..models.run_estimate import RunEstimate # noqa: PLC0415
        from ..models.run_runtime_measured_type_0 import RunRuntimeMeasuredType0 # noqa: PLC0415
        from ..models.sequential_record import SequentialRecord # noqa: PLC0415
        from ..models.server_process import ServerProcess # noqa: PLC0415
        from ..models.shared_generations import SharedGenerations # noqa: PLC0415
        from ..models.time_spent import TimeSpent # noqa: PLC0415
        from ..models.topology_record import TopologyRecord # noqa: PLC0415
        d = dict(src_dict)
        _calibration = d.pop("calibration", UNSET)
        calibration: list[ReuseCalibration] | Unset = UNSET
        if _calibration is not UNSET:
            calibration = []
            for calibration_item_data in _calibration:
                calibration_item = ReuseCalibration.from_dict(calibration_item_data)



                calibration.append(calibration_item)


        def _parse_early_stop(data: object) -> EarlyStop | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                early_stop_type_0 = EarlyStop.from_dict(data)



                return early_stop_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EarlyStop | None | Unset, data)

        early_stop = _parse_early_stop(d.pop("early_stop", UNSET))


        def _parse_estimate(data: object) -> None | RunEstimate | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                estimate_type_0 = RunEstimate.from_dict(data)



                return estimate_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunEstimate | Unset, data)

        estimate = _parse_estimate(d.pop("estimate", UNSET))


        def _parse_measured(data: object) -> None | RunRuntimeMeasuredType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                measured_type_0 = RunRuntimeMeasuredType0.from_dict(data)



                return measured_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunRuntimeMeasuredType0 | Unset, data)

        measured = _parse_measured(d.pop("measured", UNSET))


        def _parse_pull(data: object) -> None | PullProgress | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pull_type_0 = PullProgress.from_dict(data)



                return pull_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PullProgress | Unset, data)

        pull = _parse_pull(d.pop("pull", UNSET))


        def _parse_pull_problem(data: object) -> None | PullProblem | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pull_problem_type_0 = PullProblem.from_dict(data)



                return pull_problem_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PullProblem | Unset, data)

        pull_problem = _parse_pull_problem(d.pop("pull_problem", UNSET))


        def _parse_pulled(data: object) -> None | PullReport | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pulled_type_0 = PullReport.from_dict(data)



                return pulled_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PullReport | Unset, data)

        pulled = _parse_pulled(d.pop("pulled", UNSET))


        def _parse_ray(data: object) -> None | RayRecord | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ray_type_0 = RayRecord.from_dict(data)



                return ray_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RayRecord | Unset, data)

        ray = _parse_ray(d.pop("ray", UNSET))


        def _parse_sequential(data: object) -> None | SequentialRecord | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sequential_type_0 = SequentialRecord.from_dict(data)



                return sequential_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SequentialRecord | Unset, data)

        sequential = _parse_sequential(d.pop("sequential", UNSET))


        def _parse_server(data: object) -> None | ServerProcess | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                server_type_0 = ServerProcess.from_dict(data)



                return server_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ServerProcess | Unset, data)

        server = _parse_server(d.pop("server", UNSET))


        _shared_generations = d.pop("shared_generations", UNSET)
        shared_generations: list[SharedGenerations] | Unset = UNSET
        if _shared_generations is not UNSET:
            shared_generations = []
            for shared_generations_item_data in _shared_generations:
                shared_generations_item = SharedGenerations.from_dict(shared_generations_item_data)



                shared_generations.append(shared_generations_item)


        def _parse_time_spent(data: object) -> None | TimeSpent | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                time_spent_type_0 = TimeSpent.from_dict(data)



                return time_spent_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TimeSpent | Unset, data)

        time_spent = _parse_time_spent(d.pop("time_spent", UNSET))


        def _parse_topology(data: object) -> None | TopologyRecord | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                topology_type_0 = TopologyRecord.from_dict(data)



                return topology_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TopologyRecord | Unset, data)

        topology = _parse_topology(d.pop("topology", UNSET))


        run_runtime = cls(
            calibration=calibration,
            early_stop=early_stop,
            estimate=estimate,
            measured=measured,
            pull=pull,
            pull_problem=pull_problem,
            pulled=pulled,
            ray=ray,
            sequential=sequential,
            server=server,
            shared_generations=shared_generations,
            time_spent=time_spent,
            topology=topology,
        )


        run_runtime.additional_properties = d
        return run_runtime

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
