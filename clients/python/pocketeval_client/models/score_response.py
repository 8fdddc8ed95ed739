from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.run_state import RunState
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.metrics_read import MetricsRead





T = TypeVar("T", bound="ScoreResponse")



@_attrs_define
class ScoreResponse:
    """ 
        Attributes:
            metrics (MetricsRead):
            model (str):
            run_id (int):
            status (RunState): queued -> running -> finished | failed | cancelled.
            unknown_ids (list[str]): Up to 100 item references that matched nothing
            error (None | str | Unset): Why the run failed, naming the first scoring error
     """

    metrics: MetricsRead
    model: str
    run_id: int
    status: RunState
    unknown_ids: list[str]
    error: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.metrics_read import MetricsRead # noqa: PLC0415
        metrics = self.metrics.to_dict()

        model = self.model

        run_id = self.run_id

        status = self.status.value

        unknown_ids = self.unknown_ids



        error: None | str | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        else:
            error = self.error


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "metrics": metrics,
            "model": model,
            "run_id": run_id,
            "status": status,
            "unknown_ids": unknown_ids,
        })
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.metrics_read import MetricsRead # noqa: PLC0415
        d = dict(src_dict)
        metrics = MetricsRead.from_dict(d.pop("metrics"))




        model = d.pop("model")

        run_id = d.pop("run_id")

        status = RunState(d.pop("status"))




        unknown_ids = cast(list[str], d.pop("unknown_ids"))


        def _parse_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error = _parse_error(d.pop("error", UNSET))


        score_response = cls(
            metrics=metrics,
            model=model,
            run_id=run_id,
            status=status,
            unknown_ids=unknown_ids,
            error=error,
        )


        score_response.additional_properties = d
        return score_response

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
