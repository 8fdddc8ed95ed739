from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.host_cpu_refused import HostCpuRefused





T = TypeVar("T", bound="HostCpu")



@_attrs_define
class HostCpu:
    """ 
        Attributes:
            advertised (list[str]): /proc/cpuinfo flags
            chosen (list[str]): what PocketEval builds with: usable, less AMX unless asked for
            compiler (None | str):
            machine (str):
            refused (HostCpuRefused): advertised but not runnable: what happened
            usable (list[str]): ggml extensions proven to run in a child process
     """

    advertised: list[str]
    chosen: list[str]
    compiler: None | str
    machine: str
    refused: HostCpuRefused
    usable: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.host_cpu_refused import HostCpuRefused # noqa: PLC0415
        advertised = self.advertised



        chosen = self.chosen



        compiler: None | str
        compiler = self.compiler

        machine = self.machine

        refused = self.refused.to_dict()

        usable = self.usable




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "advertised": advertised,
            "chosen": chosen,
            "compiler": compiler,
            "machine": machine,
            "refused": refused,
            "usable": usable,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.host_cpu_refused import HostCpuRefused # noqa: PLC0415
        d = dict(src_dict)
        advertised = cast(list[str], d.pop("advertised"))


        chosen = cast(list[str], d.pop("chosen"))


        def _parse_compiler(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        compiler = _parse_compiler(d.pop("compiler"))


        machine = d.pop("machine")

        refused = HostCpuRefused.from_dict(d.pop("refused"))




        usable = cast(list[str], d.pop("usable"))


        host_cpu = cls(
            advertised=advertised,
            chosen=chosen,
            compiler=compiler,
            machine=machine,
            refused=refused,
            usable=usable,
        )


        host_cpu.additional_properties = d
        return host_cpu

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
