from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field
import json
from .. import types

from ..types import UNSET, Unset

from ..types import File, FileTypes
from ..types import UNSET, Unset
from io import BytesIO






T = TypeVar("T", bound="CheckEligibilityFilesBody")



@_attrs_define
class CheckEligibilityFilesBody:
    """ 
        Attributes:
            file (File): A GGUF file or just its first megabytes (the header)
            budget_bytes (int | Unset):
            n_ctx (int | Unset):
     """

    file: File
    budget_bytes: int | Unset = UNSET
    n_ctx: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        file = self.file.to_tuple()


        budget_bytes = self.budget_bytes

        n_ctx = self.n_ctx


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "file": file,
        })
        if budget_bytes is not UNSET:
            field_dict["budget_bytes"] = budget_bytes
        if n_ctx is not UNSET:
            field_dict["n_ctx"] = n_ctx

        return field_dict


    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("file", self.file.to_tuple()))



        if not isinstance(self.budget_bytes, Unset):
            files.append(("budget_bytes", (None, str(self.budget_bytes).encode(), "text/plain")))



        if not isinstance(self.n_ctx, Unset):
            files.append(("n_ctx", (None, str(self.n_ctx).encode(), "text/plain")))




        for prop_name, prop in self.additional_properties.items():
            files.append((prop_name, (None, str(prop).encode(), "text/plain")))



        return files


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        file = File(
             payload = BytesIO(d.pop("file"))
        )




        budget_bytes = d.pop("budget_bytes", UNSET)

        n_ctx = d.pop("n_ctx", UNSET)

        check_eligibility_files_body = cls(
            file=file,
            budget_bytes=budget_bytes,
            n_ctx=n_ctx,
        )


        check_eligibility_files_body.additional_properties = d
        return check_eligibility_files_body

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
