from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.prompt_read_style import PromptReadStyle
from typing import cast

if TYPE_CHECKING:
  from ..models.prompt_read_detail import PromptReadDetail
  from ..models.prompt_read_tools_type_0_item import PromptReadToolsType0Item
  from ..models.prompt_read_turns_item_item import PromptReadTurnsItemItem





T = TypeVar("T", bound="PromptRead")



@_attrs_define
class PromptRead:
    """ What the item is sent as. loglikelihood: `text` plus the scored `continuations`;
    chat: `turns` of messages (one turn unless multi-turn) and, for tool calling, OpenAI `tools`.

        Attributes:
            continuations (list[str]):
            detail (PromptReadDetail): Shots used, or the option permutation shown
            item_id (int):
            repeat (int):
            style (PromptReadStyle):
            template_sha256 (str):
            text (None | str):
            tools (list[PromptReadToolsType0Item] | None):
            turns (list[list[PromptReadTurnsItemItem]]):
     """

    continuations: list[str]
    detail: PromptReadDetail
    item_id: int
    repeat: int
    style: PromptReadStyle
    template_sha256: str
    text: None | str
    tools: list[PromptReadToolsType0Item] | None
    turns: list[list[PromptReadTurnsItemItem]]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.prompt_read_detail import PromptReadDetail # noqa: PLC0415
        from ..models.prompt_read_tools_type_0_item import PromptReadToolsType0Item # noqa: PLC0415
        from ..models.prompt_read_turns_item_item import PromptReadTurnsItemItem # noqa: PLC0415
        continuations = self.continuations



        detail = self.detail.to_dict()

        item_id = self.item_id

        repeat = self.repeat

        style = self.style.value

        template_sha256 = self.template_sha256

        text: None | str
        text = self.text

        tools: list[dict[str, Any]] | None
        if isinstance(self.tools, list):
            tools = []
            for tools_type_0_item_data in self.tools:
                tools_type_0_item = tools_type_0_item_data.to_dict()
                tools.append(tools_type_0_item)


        else:
            tools = self.tools

        turns = []
        for turns_item_data in self.turns:
            turns_item = []
            for turns_item_item_data in turns_item_data:
                turns_item_item = turns_item_item_data.to_dict()
                turns_item.append(turns_item_item)


            turns.append(turns_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "continuations": continuations,
            "detail": detail,
            "item_id": item_id,
            "repeat": repeat,
            "style": style,
            "template_sha256": template_sha256,
            "text": text,
            "tools": tools,
            "turns": turns,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.prompt_read_detail import PromptReadDetail # noqa: PLC0415
        from ..models.prompt_read_tools_type_0_item import PromptReadToolsType0Item # noqa: PLC0415
        from ..models.prompt_read_turns_item_item import PromptReadTurnsItemItem # noqa: PLC0415
        d = dict(src_dict)
        continuations = cast(list[str], d.pop("continuations"))


        detail = PromptReadDetail.from_dict(d.pop("detail"))




        item_id = d.pop("item_id")

        repeat = d.pop("repeat")

        style = PromptReadStyle(d.pop("style"))




        template_sha256 = d.pop("template_sha256")

        def _parse_text(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        text = _parse_text(d.pop("text"))


        def _parse_tools(data: object) -> list[PromptReadToolsType0Item] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tools_type_0 = []
                _tools_type_0 = data
                for tools_type_0_item_data in (_tools_type_0):
                    tools_type_0_item = PromptReadToolsType0Item.from_dict(tools_type_0_item_data)



                    tools_type_0.append(tools_type_0_item)

                return tools_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PromptReadToolsType0Item] | None, data)

        tools = _parse_tools(d.pop("tools"))


        turns = []
        _turns = d.pop("turns")
        for turns_item_data in (_turns):
            turns_item = []
            _turns_item = turns_item_data
            for turns_item_item_data in (_turns_item):
                turns_item_item = PromptReadTurnsItemItem.from_dict(turns_item_item_data)



                turns_item.append(turns_item_item)

            turns.append(turns_item)


        prompt_read = cls(
            continuations=continuations,
            detail=detail,
            item_id=item_id,
            repeat=repeat,
            style=style,
            template_sha256=template_sha256,
            text=text,
            tools=tools,
            turns=turns,
        )


        prompt_read.additional_properties = d
        return prompt_read

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
