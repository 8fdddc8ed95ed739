from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.step_in import StepIn
  from ..models.tool_call_in import ToolCallIn





T = TypeVar("T", bound="PredictionIn")



@_attrs_define
class PredictionIn:
    """ Name the item by `item_id` or `external_id`, then give what the benchmark scores:
    `answer` (a letter, a 0-based index or the final answer text) or `response` (raw model
    text to extract from) for multiple choice, math and free text; `response` for
    instruction following; `tool_calls` for single tool calls (omit or [] for no call).
    `turns` (per user turn, the assistant steps) for multi-turn tool use.
    `grade` (CORRECT, PARTIAL, INCORRECT, NOT_ATTEMPTED) with the `response` for graded
    knowledge questions.

        Attributes:
            answer (int | None | str | Unset):
            external_id (None | str | Unset):
            grade (None | str | Unset):
            item_id (int | None | Unset):
            repeat (int | Unset):  Default: 0.
            response (None | str | Unset):
            tool_calls (list[ToolCallIn] | None | Unset):
            turns (list[list[StepIn]] | None | Unset):
     """

    answer: int | None | str | Unset = UNSET
    external_id: None | str | Unset = UNSET
    grade: None | str | Unset = UNSET
    item_id: int | None | Unset = UNSET
    repeat: int | Unset = 0
    response: None | str | Unset = UNSET
    tool_calls: list[ToolCallIn] | None | Unset = UNSET
    turns: list[list[StepIn]] | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.step_in import StepIn # noqa: PLC0415
        from ..models.tool_call_in import ToolCallIn # noqa: PLC0415
        answer: int | None | str | Unset
        if isinstance(self.answer, Unset):
            answer = UNSET
        else:
            answer = self.answer

        external_id: None | str | Unset
        if isinstance(self.external_id, Unset):
            external_id = UNSET
        else:
            external_id = self.external_id

        grade: None | str | Unset
        if isinstance(self.grade, Unset):
            grade = UNSET
        else:
            grade = self.grade

        item_id: int | None | Unset
        if isinstance(self.item_id, Unset):
            item_id = UNSET
        else:
            item_id = self.item_id

        repeat = self.repeat

        response: None | str | Unset
        if isinstance(self.response, Unset):
            response = UNSET
        else:
            response = self.response

        tool_calls: list[dict[str, Any]] | None | Unset
        if isinstance(self.tool_calls, Unset):
            tool_calls = UNSET
        elif isinstance(self.tool_calls, list):
            tool_calls = []
            for tool_calls_type_0_item_data in self.tool_calls:
                tool_calls_type_0_item = tool_calls_type_0_item_data.to_dict()
                tool_calls.append(tool_calls_type_0_item)


        else:
            tool_calls = self.tool_calls

        turns: list[list[dict[str, Any]]] | None | Unset
        if isinstance(self.turns, Unset):
            turns = UNSET
        elif isinstance(self.turns, list):
            turns = []
            for turns_type_0_item_data in self.turns:
                turns_type_0_item = []
                for turns_type_0_item_item_data in turns_type_0_item_data:
                    turns_type_0_item_item = turns_type_0_item_item_data.to_dict()
                    turns_type_0_item.append(turns_type_0_item_item)


                turns.append(turns_type_0_item)


        else:
            turns = self.turns


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if answer is not UNSET:
            field_dict["answer"] = answer
        if external_id is not UNSET:
            field_dict["external_id"] = external_id
        if grade is not UNSET:
            field_dict["grade"] = grade
        if item_id is not UNSET:
            field_dict["item_id"] = item_id
        if repeat is not UNSET:
            field_dict["repeat"] = repeat
        if response is not UNSET:
            field_dict["response"] = response
        if tool_calls is not UNSET:
            field_dict["tool_calls"] = tool_calls
        if turns is not UNSET:
            field_dict["turns"] = turns

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.step_in import StepIn # noqa: PLC0415
        from ..models.tool_call_in import ToolCallIn # noqa: PLC0415
        d = dict(src_dict)
        def _parse_answer(data: object) -> int | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | str | Unset, data)

        answer = _parse_answer(d.pop("answer", UNSET))


        def _parse_external_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        external_id = _parse_external_id(d.pop("external_id", UNSET))


        def _parse_grade(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        grade = _parse_grade(d.pop("grade", UNSET))


        def _parse_item_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        item_id = _parse_item_id(d.pop("item_id", UNSET))


        repeat = d.pop("repeat", UNSET)

        def _parse_response(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        response = _parse_response(d.pop("response", UNSET))


        def _parse_tool_calls(data: object) -> list[ToolCallIn] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tool_calls_type_0 = []
                _tool_calls_type_0 = data
                for tool_calls_type_0_item_data in (_tool_calls_type_0):
                    tool_calls_type_0_item = ToolCallIn.from_dict(tool_calls_type_0_item_data)



                    tool_calls_type_0.append(tool_calls_type_0_item)

                return tool_calls_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ToolCallIn] | None | Unset, data)

        tool_calls = _parse_tool_calls(d.pop("tool_calls", UNSET))


        def _parse_turns(data: object) -> list[list[StepIn]] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                turns_type_0 = []
                _turns_type_0 = data
                for turns_type_0_item_data in (_turns_type_0):
                    turns_type_0_item = []
                    _turns_type_0_item = turns_type_0_item_data
                    for turns_type_0_item_item_data in (_turns_type_0_item):
                        turns_type_0_item_item = StepIn.from_dict(turns_type_0_item_item_data)



                        turns_type_0_item.append(turns_type_0_item_item)

                    turns_type_0.append(turns_type_0_item)

                return turns_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[StepIn]] | None | Unset, data)

        turns = _parse_turns(d.pop("turns", UNSET))


        prediction_in = cls(
            answer=answer,
            external_id=external_id,
            grade=grade,
            item_id=item_id,
            repeat=repeat,
            response=response,
            tool_calls=tool_calls,
            turns=turns,
        )

        return prediction_in

