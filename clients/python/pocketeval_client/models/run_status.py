from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.run_kind import RunKind
from ..models.run_state import RunState
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.device_metric_read import DeviceMetricRead
  from ..models.posted_plan import PostedPlan
  from ..models.pull_plan import PullPlan
  from ..models.reproducibility import Reproducibility
  from ..models.retraction_read import RetractionRead
  from ..models.run_plan import RunPlan
  from ..models.run_progress import RunProgress
  from ..models.run_runtime import RunRuntime
  from ..models.run_status_config import RunStatusConfig





T = TypeVar("T", bound="RunStatus")



@_attrs_define
class RunStatus:
    """ 
        Attributes:
            benchmark (None | str):
            config (RunStatusConfig): The plan as earlier versions returned it: the model under `endpoint` or `gguf`, with
                the runtime record and device metrics merged in (gguf.server, gguf.measured, device_metrics); prefer `plan`,
                `runtime` and `device_metrics`
            config_sha256 (str):
            created_at (datetime.datetime):
            error (None | str):
            finished_at (datetime.datetime | None):
            id (int):
            kind (RunKind):
            model (None | str):
            progress (RunProgress): Samples stored of those planned; for a pull run, bytes received of the files' bytes
                (its runtime's `pull` has the stage and the file count).
            repeats (int):
            status (RunState): queued -> running -> finished | failed | cancelled.
            created_by (None | str | Unset): The name of the API key that asked for the run (POCKETEVAL_KEYS; `key-` and the
                start of its hash for a key with every scope)
            device_metrics (list[DeviceMetricRead] | Unset):
            plan (None | PostedPlan | PullPlan | RunPlan | Unset): What was asked for; config_sha256 is its hash
            reproducibility (None | Reproducibility | Unset): Versions, numerics, item / prompt / file hashes, seeds
            retraction (None | RetractionRead | Unset): Set when the run was retracted (DELETE /runs/{id}): it counts in no
                leaderboard, comparison, gate or Index, and is listed only with `include=retracted`
            runtime (RunRuntime | Unset):
     """

    benchmark: None | str
    config: RunStatusConfig
    config_sha256: str
    created_at: datetime.datetime
    error: None | str
    finished_at: datetime.datetime | None
    id: int
    kind: RunKind
    model: None | str
    progress: RunProgress
    repeats: int
    status: RunState
    created_by: None | str | Unset = UNSET
    device_metrics: list[DeviceMetricRead] | Unset = UNSET
    plan: None | PostedPlan | PullPlan | RunPlan | Unset = UNSET
    reproducibility: None | Reproducibility | Unset = UNSET
    retraction: None | RetractionRead | Unset = UNSET
    runtime: RunRuntime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.device_metric_read import DeviceMetricRead # noqa: PLC0415
        from ..models.posted_plan import PostedPlan # noqa: PLC0415
        from ..models.pull_plan import PullPlan # noqa: PLC0415
        from ..models.reproducibility import Reproducibility # noqa: PLC0415
        from ..models.retraction_read import RetractionRead # noqa: PLC0415
        from ..models.run_plan import RunPlan # noqa: PLC0415
        from ..models.run_progress import RunProgress # noqa: PLC0415
        from ..models.run_runtime import RunRuntime # noqa: PLC0415
        from ..models.run_status_config import RunStatusConfig # noqa: PLC0415
        benchmark: None | str
        benchmark = self.benchmark

        config = self.config.to_dict()

        config_sha256 = self.config_sha256

        created_at = self.created_at.isoformat()

        error: None | str
        error = self.error

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        id = self.id

        kind = self.kind.value

        model: None | str
        model = self.model

        progress = self.progress.to_dict()

        repeats = self.repeats

        status = self.status.value

        created_by: None | str | Unset
        if isinstance(self.created_by, Unset):
            created_by = UNSET
        else:
            created_by = self.created_by

        device_metrics: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.device_metrics, Unset):
            device_metrics = []
            for device_metrics_item_data in self.device_metrics:
                device_metrics_item = device_metrics_item_data.to_dict()
                device_metrics.append(device_metrics_item)



        plan: dict[str, Any] | None | Unset
        if isinstance(self.plan, Unset):
            plan = UNSET
        elif isinstance(self.plan, RunPlan):
            plan = self.plan.to_dict()
        elif isinstance(self.plan, PostedPlan):
            plan = self.plan.to_dict()
        elif isinstance(self.plan, PullPlan):
            plan = self.plan.to_dict()
        else:
            plan = self.plan

        reproducibility: dict[str, Any] | None | Unset
        if isinstance(self.reproducibility, Unset):
            reproducibility = UNSET
        elif isinstance(self.reproducibility, Reproducibility):
            reproducibility = self.reproducibility.to_dict()
        else:
            reproducibility = self.reproducibility

        retraction: dict[str, Any] | None | Unset
        if isinstance(self.retraction, Unset):
            retraction = UNSET
        elif isinstance(self.retraction, RetractionRead):
            retraction = self.retraction.to_dict()
        else:
            retraction = self.retraction

        runtime: dict[str, Any] | Unset = UNSET
        if not isinstance(self.runtime, Unset):
            runtime = self.runtime.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmark": benchmark,
            "config": config,
            "config_sha256": config_sha256,
            "created_at": created_at,
            "error": error,
            "finished_at": finished_at,
            "id": id,
            "kind": kind,
            "model": model,
            "progress": progress,
            "repeats": repeats,
            "status": status,
        })
        if created_by is not UNSET:
            field_dict["created_by"] = created_by
        if device_metrics is not UNSET:
            field_dict["device_metrics"] = device_metrics
        if plan is not UNSET:
            field_dict["plan"] = plan
        if reproducibility is not UNSET:
            field_dict["reproducibility"] = reproducibility
        if retraction is not UNSET:
            field_dict["retraction"] = retraction
        if runtime is not UNSET:
            field_dict["runtime"] = runtime

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.device_metric_read import DeviceMetricRead # noqa: PLC0415
        from ..models.posted_plan import PostedPlan # noqa: PLC0415
        from ..models.pull_plan import PullPlan # noqa: PLC0415
        from ..models.reproducibility import Reproducibility # noqa: PLC0415
        from ..models.retraction_read import RetractionRead # noqa: PLC0415
        from ..models.run_plan import RunPlan # noqa: PLC0415
        from ..models.run_progress import RunProgress # noqa: PLC0415
        from ..models.run_runtime import RunRuntime # noqa: PLC0415
        from ..models.run_status_config import RunStatusConfig # noqa: PLC0415
        d = dict(src_dict)
        def _parse_benchmark(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        benchmark = _parse_benchmark(d.pop("benchmark"))


        config = RunStatusConfig.from_dict(d.pop("config"))




        config_sha256 = d.pop("config_sha256")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))


        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)



                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))


        id = d.pop("id")

        kind = RunKind(d.pop("kind"))




        def _parse_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        model = _parse_model(d.pop("model"))


        progress = RunProgress.from_dict(d.pop("progress"))




        repeats = d.pop("repeats")

        status = RunState(d.pop("status"))




        def _parse_created_by(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        created_by = _parse_created_by(d.pop("created_by", UNSET))


        _device_metrics = d.pop("device_metrics", UNSET)
        device_metrics: list[DeviceMetricRead] | Unset = UNSET
        if _device_metrics is not UNSET:
            device_metrics = []
            for device_metrics_item_data in _device_metrics:
                device_metrics_item = DeviceMetricRead.from_dict(device_metrics_item_data)



                device_metrics.append(device_metrics_item)


        def _parse_plan(data: object) -> None | PostedPlan | PullPlan | RunPlan | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                plan_type_0_type_0 = RunPlan.from_dict(data)



                return plan_type_0_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                plan_type_0_type_1 = PostedPlan.from_dict(data)



                return plan_type_0_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                plan_type_0_type_2 = PullPlan.from_dict(data)



                return plan_type_0_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostedPlan | PullPlan | RunPlan | Unset, data)

        plan = _parse_plan(d.pop("plan", UNSET))


        def _parse_reproducibility(data: object) -> None | Reproducibility | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                reproducibility_type_0 = Reproducibility.from_dict(data)



                return reproducibility_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Reproducibility | Unset, data)

        reproducibility = _parse_reproducibility(d.pop("reproducibility", UNSET))


        def _parse_retraction(data: object) -> None | RetractionRead | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                retraction_type_0 = RetractionRead.from_dict(data)



                return retraction_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RetractionRead | Unset, data)

        retraction = _parse_retraction(d.pop("retraction", UNSET))


        _runtime = d.pop("runtime", UNSET)
        runtime: RunRuntime | Unset
        if isinstance(_runtime,  Unset):
            runtime = UNSET
        else:
            runtime = RunRuntime.from_dict(_runtime)




        run_status = cls(
            benchmark=benchmark,
            config=config,
            config_sha256=config_sha256,
            created_at=created_at,
            error=error,
            finished_at=finished_at,
            id=id,
            kind=kind,
            model=model,
            progress=progress,
            repeats=repeats,
            status=status,
            created_by=created_by,
            device_metrics=device_metrics,
            plan=plan,
            reproducibility=reproducibility,
            retraction=retraction,
            runtime=runtime,
        )


        run_status.additional_properties = d
        return run_status

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
