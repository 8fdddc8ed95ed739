from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="JudgePlan")



@_attrs_define
class JudgePlan:
    """ 
        Attributes:
            base_url (str):
            api_key_env (None | str | Unset):
            model (str | Unset):  Default: 'default'.
            prompt_sha256 (str | Unset):  Default: ''.
     """

    base_url: str
    api_key_env: None | str | Unset = UNSET
    model: str | Unset = 'default'
    prompt_sha256: str | Unset = ''
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        base_url = self.base_url

        api_key_env: None | str | Unset
        if isinstance(self.api_key_env, Unset):
            api_key_env = UNSET
        else:
            api_key_env = self.api_key_env

        model = self.model

        prompt_sha256 = self.prompt_sha256


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "base_url": base_url,
        })
        if api_key_env is not UNSET:
            field_dict["api_key_env"] = api_key_env
        if model is not UNSET:
            field_dict["model"] = model
        if prompt_sha256 is not UNSET:
            field_dict["prompt_sha256"] = prompt_sha256

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        base_url = d.pop("base_url")

        def _parse_api_key_env(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        api_key_env = _parse_api_key_env(d.pop("api_key_env", UNSET))


        model = d.pop("model", UNSET)

        prompt_sha256 = d.pop("prompt_sha256", UNSET)

        judge_plan = cls(
            base_url=base_url,
            api_key_env=api_key_env,
            model=model,
            prompt_sha256=prompt_sha256,
        )


        judge_plan.additional_properties = d
        return judge_plan

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
