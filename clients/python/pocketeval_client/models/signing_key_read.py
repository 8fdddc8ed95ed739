from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="SigningKeyRead")



@_attrs_define
class SigningKeyRead:
    """ 
        Attributes:
            algorithm (str): Ed25519
            fingerprint (str): sha256 of the raw 32-byte public key
            public_key_pem (str): SubjectPublicKeyInfo, PEM: give it to `pocketeval verify --public-key`
     """

    algorithm: str
    fingerprint: str
    public_key_pem: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        algorithm = self.algorithm

        fingerprint = self.fingerprint

        public_key_pem = self.public_key_pem


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "algorithm": algorithm,
            "fingerprint": fingerprint,
            "public_key_pem": public_key_pem,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        algorithm = d.pop("algorithm")

        fingerprint = d.pop("fingerprint")

        public_key_pem = d.pop("public_key_pem")

        signing_key_read = cls(
            algorithm=algorithm,
            fingerprint=fingerprint,
            public_key_pem=public_key_pem,
        )


        signing_key_read.additional_properties = d
        return signing_key_read

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
