from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.score_request_missing import ScoreRequestMissing
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.methodology_in import MethodologyIn
  from ..models.notify_in import NotifyIn
  from ..models.prediction_in import PredictionIn





T = TypeVar("T", bound="ScoreRequest")



@_attrs_define
class ScoreRequest:
    """ 
        Attributes:
            predictions (list[PredictionIn]):
            methodology (MethodologyIn | None | Unset): The prompts, answer reading, grading and sampling the run follows.
                Default: the published method of the mobile device set (Artificial Analysis's)
            missing (ScoreRequestMissing | Unset): wrong: items without a prediction count as wrong; exclude: score only the
                (item, repeat) pairs predicted, a pair without a prediction in no denominator Default:
                ScoreRequestMissing.WRONG.
            model (str | Unset): Name the scored model is recorded under Default: 'predictions'.
            notify (None | NotifyIn | Unset): Told when the run is stored
            split (None | str | Unset): Default: the benchmark's test split
     """

    predictions: list[PredictionIn]
    methodology: MethodologyIn | None | Unset = UNSET
    missing: ScoreRequestMissing | Unset = ScoreRequestMissing.WRONG
    model: str | Unset = 'predictions'
    notify: None | NotifyIn | Unset = UNSET
    split: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.methodology_in import MethodologyIn # noqa: PLC0415
        from ..models.notify_in import NotifyIn # noqa: PLC0415
        from ..models.prediction_in import PredictionIn # noqa: PLC0415
        predictions = []
        for predictions_item_data in self.predictions:
            predictions_item = predictions_item_data.to_dict()
            predictions.append(predictions_item)



        methodology: dict[str, Any] | None | Unset
        if isinstance(self.methodology, Unset):
            methodology = UNSET
        elif isinstance(self.methodology, MethodologyIn):
            methodology = self.methodology.to_dict()
        else:
            methodology = self.methodology

        missing: str | Unset = UNSET
        if not isinstance(self.missing, Unset):
            missing = self.missing.value


        model = self.model

        notify: dict[str, Any] | None | Unset
        if isinstance(self.notify, Unset):
            notify = UNSET
        elif isinstance(self.notify, NotifyIn):
            notify = self.notify.to_dict()
        else:
            notify = self.notify

        split: None | str | Unset
        if isinstance(self.split, Unset):
            split = UNSET
        else:
            split = self.split


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "predictions": predictions,
        })
        if methodology is not UNSET:
            field_dict["methodology"] = methodology
        if missing is not UNSET:
            field_dict["missing"] = missing
        if model is not UNSET:
            field_dict["model"] = model
        if notify is not UNSET:
            field_dict["notify"] = notify
        if split is not UNSET:
            field_dict["split"] = split

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.methodology_in import MethodologyIn # noqa: PLC0415
        from ..models.notify_in import NotifyIn # noqa: PLC0415
        from ..models.prediction_in import PredictionIn # noqa: PLC0415
        d = dict(src_dict)
        predictions = []
        _predictions = d.pop("predictions")
        for predictions_item_data in (_predictions):
            predictions_item = PredictionIn.from_dict(predictions_item_data)



            predictions.append(predictions_item)


        def _parse_methodology(data: object) -> MethodologyIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                methodology_type_0 = MethodologyIn.from_dict(data)



                return methodology_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MethodologyIn | None | Unset, data)

        methodology = _parse_methodology(d.pop("methodology", UNSET))


        _missing = d.pop("missing", UNSET)
        missing: ScoreRequestMissing | Unset
        if isinstance(_missing,  Unset):
            missing = UNSET
        else:
            missing = ScoreRequestMissing(_missing)




        model = d.pop("model", UNSET)

        def _parse_notify(data: object) -> None | NotifyIn | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                notify_type_0 = NotifyIn.from_dict(data)



                return notify_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | NotifyIn | Unset, data)

        notify = _parse_notify(d.pop("notify", UNSET))


        def _parse_split(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        split = _parse_split(d.pop("split", UNSET))


        score_request = cls(
            predictions=predictions,
            methodology=methodology,
            missing=missing,
            model=model,
            notify=notify,
            split=split,
        )

        return score_request

