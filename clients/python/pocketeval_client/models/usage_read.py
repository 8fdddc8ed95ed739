from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="UsageRead")



@_attrs_define
class UsageRead:
    """ 
        Attributes:
            completion_tokens (int):
            prompt_tokens (int):
            reasoning_tokens (int):
            samples_reporting (int):
     """

    completion_tokens: int
    prompt_tokens: int
    reasoning_tokens: int
    samples_reporting: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        completion_tokens = self.completion_tokens

        prompt_tokens = self.prompt_tokens

        reasoning_tokens = self.reasoning_tokens

        samples_reporting = self.samples_reporting


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "completion_tokens": completion_tokens,
            "prompt_tokens": prompt_tokens,
            "reasoning_tokens": reasoning_tokens,
            "samples_reporting": samples_reporting,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        completion_tokens = d.pop("completion_tokens")

        prompt_tokens = d.pop("prompt_tokens")

        reasoning_tokens = d.pop("reasoning_tokens")

        samples_reporting = d.pop("samples_reporting")

        usage_read = cls(
            completion_tokens=completion_tokens,
            prompt_tokens=prompt_tokens,
            reasoning_tokens=reasoning_tokens,
            samples_reporting=samples_reporting,
        )


        usage_read.additional_properties = d
        return usage_read

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
