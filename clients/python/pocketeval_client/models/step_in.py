from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.tool_call_in import ToolCallIn





T = TypeVar("T", bound="StepIn")



@_attrs_define
class StepIn:
    """ One assistant message inside a multi-turn conversation: its tool calls, if any.

        Attributes:
            content (None | str | Unset):
            tool_calls (list[ToolCallIn] | Unset):
     """

    content: None | str | Unset = UNSET
    tool_calls: list[ToolCallIn] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.tool_call_in import ToolCallIn # noqa: PLC0415
        content: None | str | Unset
        if isinstance(self.content, Unset):
            content = UNSET
        else:
            content = self.content

        tool_calls: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.tool_calls, Unset):
            tool_calls = []
            for tool_calls_item_data in self.tool_calls:
                tool_calls_item = tool_calls_item_data.to_dict()
                tool_calls.append(tool_calls_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if content is not UNSET:
            field_dict["content"] = content
        if tool_calls is not UNSET:
            field_dict["tool_calls"] = tool_calls

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tool_call_in import ToolCallIn # noqa: PLC0415
        d = dict(src_dict)
        def _parse_content(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        content = _parse_content(d.pop("content", UNSET))


        _tool_calls = d.pop("tool_calls", UNSET)
        tool_calls: list[ToolCallIn] | Unset = UNSET
        if _tool_calls is not UNSET:
            tool_calls = []
            for tool_calls_item_data in _tool_calls:
                tool_calls_item = ToolCallIn.from_dict(tool_calls_item_data)



                tool_calls.append(tool_calls_item)


        step_in = cls(
            content=content,
            tool_calls=tool_calls,
        )

        return step_in

