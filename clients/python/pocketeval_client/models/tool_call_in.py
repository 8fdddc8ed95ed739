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
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





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
        field_dict.update(self.additional_properties)
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


        tool_call_in.additional_properties = d
        return tool_call_in

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
