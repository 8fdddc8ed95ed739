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
from typing import cast






T = TypeVar("T", bound="ImportLmEvalSamplesBody")



@_attrs_define
class ImportLmEvalSamplesBody:
    """ 
        Attributes:
            file (list[File]): lm-eval's samples_<task>_<date>.jsonl files
            model (str | Unset): Name the run is filed under
            split (str | Unset):
     """

    file: list[File]
    model: str | Unset = UNSET
    split: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        file = []
        for file_item_data in self.file:
            file_item = file_item_data.to_tuple()

            file.append(file_item)



        model = self.model

        split = self.split


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "file": file,
        })
        if model is not UNSET:
            field_dict["model"] = model
        if split is not UNSET:
            field_dict["split"] = split

        return field_dict


    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        for file_item_element in self.file:
            files.append(("file", file_item_element.to_tuple()))




        if not isinstance(self.model, Unset):
            files.append(("model", (None, str(self.model).encode(), "text/plain")))



        if not isinstance(self.split, Unset):
            files.append(("split", (None, str(self.split).encode(), "text/plain")))




        for prop_name, prop in self.additional_properties.items():
            files.append((prop_name, (None, str(prop).encode(), "text/plain")))



        return files


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        file = []
        _file = d.pop("file")
        for file_item_data in (_file):
            file_item = File(
                 payload = BytesIO(file_item_data)
            )



            file.append(file_item)


        model = d.pop("model", UNSET)

        split = d.pop("split", UNSET)

        import_lm_eval_samples_body = cls(
            file=file,
            model=model,
            split=split,
        )


        import_lm_eval_samples_body.additional_properties = d
        return import_lm_eval_samples_body

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
