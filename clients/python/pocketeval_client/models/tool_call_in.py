from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.tool_call_in_arguments_type_0 import ToolCallInArgumentsType0





T = TypeVar("T", bound="ToolCallIn")



@_attrs_define
class ToolCallIn:
    """ An OpenAI-style function call; `arguments` is an object or its JSON text.

        Attributes:
            name (str):
            arguments (str | ToolCallInArgumentsType0 | Unset):
     """

    name: str
    arguments: str | ToolCallInArgumentsType0 | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.tool_call_in_arguments_type_0 import ToolCallInArgumentsType0 # noqa: PLC0415
        name = self.name

        arguments: dict[str, Any] | str | Unset
        if isinstance(self.arguments, Unset):
            arguments = UNSET
        elif isinstance(self.arguments, ToolCallInArgumentsType0):
            arguments = self.arguments.to_dict()
        else:
            arguments = self.arguments


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
        })
        if arguments is not UNSET:
            field_dict["arguments"] = arguments

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tool_call_in_arguments_type_0 import ToolCallInArgumentsType0 # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_arguments(data: object) -> str | ToolCallInArgumentsType0 | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                arguments_type_0 = ToolCallInArgumentsType0.from_dict(data)



                return arguments_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(str | ToolCallInArgumentsType0 | Unset, data)

        arguments = _parse_arguments(d.pop("arguments", UNSET))


        tool_call_in = cls(
            name=name,
            arguments=arguments,
        )

        return tool_call_in

