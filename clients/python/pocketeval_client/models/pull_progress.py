from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.pull_stage import PullStage
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PullProgress")



@_attrs_define
class PullProgress:
    """ How far a pull run got. `bytes` is known once the Hub has listed the files; a pull
    from the HF cache (or offline) downloads nothing.

        Attributes:
            stage (PullStage):
            bytes_ (int | None | Unset):
            bytes_done (int | Unset):  Default: 0.
            files (int | None | Unset):
     """

    stage: PullStage
    bytes_: int | None | Unset = UNSET
    bytes_done: int | Unset = 0
    files: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        stage = self.stage.value

        bytes_: int | None | Unset
        if isinstance(self.bytes_, Unset):
            bytes_ = UNSET
        else:
            bytes_ = self.bytes_

        bytes_done = self.bytes_done

        files: int | None | Unset
        if isinstance(self.files, Unset):
            files = UNSET
        else:
            files = self.files


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "stage": stage,
        })
        if bytes_ is not UNSET:
            field_dict["bytes"] = bytes_
        if bytes_done is not UNSET:
            field_dict["bytes_done"] = bytes_done
        if files is not UNSET:
            field_dict["files"] = files

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        stage = PullStage(d.pop("stage"))




        def _parse_bytes_(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        bytes_ = _parse_bytes_(d.pop("bytes", UNSET))


        bytes_done = d.pop("bytes_done", UNSET)

        def _parse_files(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        files = _parse_files(d.pop("files", UNSET))


        pull_progress = cls(
            stage=stage,
            bytes_=bytes_,
            bytes_done=bytes_done,
            files=files,
        )


        pull_progress.additional_properties = d
        return pull_progress

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
