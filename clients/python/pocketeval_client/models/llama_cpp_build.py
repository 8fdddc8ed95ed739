from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="LlamaCppBuild")



@_attrs_define
class LlamaCppBuild:
    """ 
        Attributes:
            commit (None | str):
            version (None | str):
            cmake_args (list[str] | Unset):
     """

    commit: None | str
    version: None | str
    cmake_args: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        commit: None | str
        commit = self.commit

        version: None | str
        version = self.version

        cmake_args: list[str] | Unset = UNSET
        if not isinstance(self.cmake_args, Unset):
            cmake_args = self.cmake_args




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "commit": commit,
            "version": version,
        })
        if cmake_args is not UNSET:
            field_dict["cmake_args"] = cmake_args

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_commit(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        commit = _parse_commit(d.pop("commit"))


        def _parse_version(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        version = _parse_version(d.pop("version"))


        cmake_args = cast(list[str], d.pop("cmake_args", UNSET))


        llama_cpp_build = cls(
            commit=commit,
            version=version,
            cmake_args=cmake_args,
        )


        llama_cpp_build.additional_properties = d
        return llama_cpp_build

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
