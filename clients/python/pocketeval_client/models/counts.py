from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Counts")



@_attrs_define
class Counts:
    """ 
        Attributes:
            correct (int):
            missing (int):
            predictions (int):
            unknown_ids (int):
            unparsed (int):
            unscored (int):
            wrong (int):
            error (int | Unset): Samples whose scorer, check or grader raised: no verdict on the model, in no denominator
                Default: 0.
            truncated (int | Unset): Responses cut by the output cap (finish_reason length) before a final answer; scored
                wrong Default: 0.
     """

    correct: int
    missing: int
    predictions: int
    unknown_ids: int
    unparsed: int
    unscored: int
    wrong: int
    error: int | Unset = 0
    truncated: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        correct = self.correct

        missing = self.missing

        predictions = self.predictions

        unknown_ids = self.unknown_ids

        unparsed = self.unparsed

        unscored = self.unscored

        wrong = self.wrong

        error = self.error

        truncated = self.truncated


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "correct": correct,
            "missing": missing,
            "predictions": predictions,
            "unknown_ids": unknown_ids,
            "unparsed": unparsed,
            "unscored": unscored,
            "wrong": wrong,
        })
        if error is not UNSET:
            field_dict["error"] = error
        if truncated is not UNSET:
            field_dict["truncated"] = truncated

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        correct = d.pop("correct")

        missing = d.pop("missing")

        predictions = d.pop("predictions")

        unknown_ids = d.pop("unknown_ids")

        unparsed = d.pop("unparsed")

        unscored = d.pop("unscored")

        wrong = d.pop("wrong")

        error = d.pop("error", UNSET)

        truncated = d.pop("truncated", UNSET)

        counts = cls(
            correct=correct,
            missing=missing,
            predictions=predictions,
            unknown_ids=unknown_ids,
            unparsed=unparsed,
            unscored=unscored,
            wrong=wrong,
            error=error,
            truncated=truncated,
        )


        counts.additional_properties = d
        return counts

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
