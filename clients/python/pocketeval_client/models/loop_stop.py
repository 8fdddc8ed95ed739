from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.loop_stop_action import LoopStopAction
from ..types import UNSET, Unset






T = TypeVar("T", bound="LoopStop")



@_attrs_define
class LoopStop:
    """ End a generation that repeats one block of tokens `repeats` times in a row (a loop of
    `min_span` tokens at least, blocks of at most `max_block`): the sample is truncated
    (wrong), the evidence kept. On by default for GGUF runs, as a deviation from the method
    (a small model's loop runs to its cap: minutes a sample on a phone-class CPU).
    `observe` only marks where it would have stopped (how often such loops recover).

        Attributes:
            action (LoopStopAction | Unset):  Default: LoopStopAction.STOP.
            max_block (int | Unset):  Default: 64.
            min_span (int | Unset):  Default: 32.
            repeats (int | Unset):  Default: 4.
     """

    action: LoopStopAction | Unset = LoopStopAction.STOP
    max_block: int | Unset = 64
    min_span: int | Unset = 32
    repeats: int | Unset = 4





    def to_dict(self) -> dict[str, Any]:
        action: str | Unset = UNSET
        if not isinstance(self.action, Unset):
            action = self.action.value


        max_block = self.max_block

        min_span = self.min_span

        repeats = self.repeats


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if action is not UNSET:
            field_dict["action"] = action
        if max_block is not UNSET:
            field_dict["max_block"] = max_block
        if min_span is not UNSET:
            field_dict["min_span"] = min_span
        if repeats is not UNSET:
            field_dict["repeats"] = repeats

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _action = d.pop("action", UNSET)
        action: LoopStopAction | Unset
        if isinstance(_action,  Unset):
            action = UNSET
        else:
            action = LoopStopAction(_action)




        max_block = d.pop("max_block", UNSET)

        min_span = d.pop("min_span", UNSET)

        repeats = d.pop("repeats", UNSET)

        loop_stop = cls(
            action=action,
            max_block=max_block,
            min_span=min_span,
            repeats=repeats,
        )

        return loop_stop

