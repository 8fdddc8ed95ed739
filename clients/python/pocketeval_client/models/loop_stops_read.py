from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="LoopStopsRead")



@_attrs_define
class LoopStopsRead:
    """ GGUF runs with stop_loops: how often a degenerate loop was found (app.inference.
    repetition) and what stopping there saves, or (observe) whether such generations
    recover when let run.

        Attributes:
            action (str):
            found (int): Samples whose generation looped
            tokens_saved (int): stop: the output cap less the tokens generated, summed (at most what was saved); observe:
                the tokens generated after the loop was found (what stopping would have saved)
            correct (int | None | Unset): observe: looping samples scored correct
            recovered (int | None | Unset): observe: looping generations that still ended by themselves before the cap
     """

    action: str
    found: int
    tokens_saved: int
    correct: int | None | Unset = UNSET
    recovered: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        action = self.action

        found = self.found

        tokens_saved = self.tokens_saved

        correct: int | None | Unset
        if isinstance(self.correct, Unset):
            correct = UNSET
        else:
            correct = self.correct

        recovered: int | None | Unset
        if isinstance(self.recovered, Unset):
            recovered = UNSET
        else:
            recovered = self.recovered


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "action": action,
            "found": found,
            "tokens_saved": tokens_saved,
        })
        if correct is not UNSET:
            field_dict["correct"] = correct
        if recovered is not UNSET:
            field_dict["recovered"] = recovered

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = d.pop("action")

        found = d.pop("found")

        tokens_saved = d.pop("tokens_saved")

        def _parse_correct(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        correct = _parse_correct(d.pop("correct", UNSET))


        def _parse_recovered(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        recovered = _parse_recovered(d.pop("recovered", UNSET))


        loop_stops_read = cls(
            action=action,
            found=found,
            tokens_saved=tokens_saved,
            correct=correct,
            recovered=recovered,
        )


        loop_stops_read.additional_properties = d
        return loop_stops_read

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
