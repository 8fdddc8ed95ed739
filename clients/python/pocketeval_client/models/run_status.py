from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.run_progress import RunProgress
  from ..models.run_status_config import RunStatusConfig





T = TypeVar("T", bound="RunStatus")



@_attrs_define
class RunStatus:
    """ 
        Attributes:
            benchmark (None | str):
            config (RunStatusConfig):
            config_sha256 (str):
            created_at (datetime.datetime):
            error (None | str):
            finished_at (datetime.datetime | None):
            id (int):
            kind (str):
            model (None | str):
            progress (RunProgress):
            repeats (int):
            status (str):
     """

    benchmark: None | str
    config: RunStatusConfig
    config_sha256: str
    created_at: datetime.datetime
    error: None | str
    finished_at: datetime.datetime | None
    id: int
    kind: str
    model: None | str
    progress: RunProgress
    repeats: int
    status: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.run_progress import RunProgress # noqa: PLC0415
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

        kind = self.kind

        model: None | str
        model = self.model

        progress = self.progress.to_dict()

        repeats = self.repeats

        status = self.status


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

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.run_progress import RunProgress # noqa: PLC0415
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

        kind = d.pop("kind")

        def _parse_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        model = _parse_model(d.pop("model"))


        progress = RunProgress.from_dict(d.pop("progress"))




        repeats = d.pop("repeats")

        status = d.pop("status")

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
