from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="ModelIdentity")



@_attrs_define
class ModelIdentity:
    """ Two quantisations, variants or files of one model name are two rows.

        Attributes:
            endpoint_model (None | str): Endpoint runs: `model` in requests
            file_sha256 (None | str): GGUF runs: the file's sha256
            name (str):
            quantisation (None | str): GGUF file type, e.g. Q4_K_M
            variant (None | str):
     """

    endpoint_model: None | str
    file_sha256: None | str
    name: str
    quantisation: None | str
    variant: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        endpoint_model: None | str
        endpoint_model = self.endpoint_model

        file_sha256: None | str
        file_sha256 = self.file_sha256

        name = self.name

        quantisation: None | str
        quantisation = self.quantisation

        variant: None | str
        variant = self.variant


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "endpoint_model": endpoint_model,
            "file_sha256": file_sha256,
            "name": name,
            "quantisation": quantisation,
            "variant": variant,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_endpoint_model(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        endpoint_model = _parse_endpoint_model(d.pop("endpoint_model"))


        def _parse_file_sha256(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        file_sha256 = _parse_file_sha256(d.pop("file_sha256"))


        name = d.pop("name")

        def _parse_quantisation(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        quantisation = _parse_quantisation(d.pop("quantisation"))


        def _parse_variant(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        variant = _parse_variant(d.pop("variant"))


        model_identity = cls(
            endpoint_model=endpoint_model,
            file_sha256=file_sha256,
            name=name,
            quantisation=quantisation,
            variant=variant,
        )


        model_identity.additional_properties = d
        return model_identity

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
