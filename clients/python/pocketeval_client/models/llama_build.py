from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="LlamaBuild")



@_attrs_define
class LlamaBuild:
    """ 
        Attributes:
            build_key (None | str):
            cmake_args (list[str] | None): from the build record, if PocketEval built it
            cpu_features (list[str]): the ggml extensions the build uses
            system_info (None | str): llama_print_system_info(), in a child
            version (None | str):
     """

    build_key: None | str
    cmake_args: list[str] | None
    cpu_features: list[str]
    system_info: None | str
    version: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        build_key: None | str
        build_key = self.build_key

        cmake_args: list[str] | None
        if isinstance(self.cmake_args, list):
            cmake_args = self.cmake_args


        else:
            cmake_args = self.cmake_args

        cpu_features = self.cpu_features



        system_info: None | str
        system_info = self.system_info

        version: None | str
        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "build_key": build_key,
            "cmake_args": cmake_args,
            "cpu_features": cpu_features,
            "system_info": system_info,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_build_key(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        build_key = _parse_build_key(d.pop("build_key"))


        def _parse_cmake_args(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                cmake_args_type_0 = cast(list[str], data)

                return cmake_args_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        cmake_args = _parse_cmake_args(d.pop("cmake_args"))


        cpu_features = cast(list[str], d.pop("cpu_features"))


        def _parse_system_info(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        system_info = _parse_system_info(d.pop("system_info"))


        def _parse_version(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        version = _parse_version(d.pop("version"))


        llama_build = cls(
            build_key=build_key,
            cmake_args=cmake_args,
            cpu_features=cpu_features,
            system_info=system_info,
            version=version,
        )


        llama_build.additional_properties = d
        return llama_build

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
