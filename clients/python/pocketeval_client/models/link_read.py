from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="LinkRead")



@_attrs_define
class LinkRead:
    """ One linked pair of a cluster: both items' ids and how similar they are.

        Attributes:
            a (int): Item id (the lower of the two)
            b (int): Item id
            similarity (float): Word n-gram Jaccard (cosine similarity with the embeddings method)
     """

    a: int
    b: int
    similarity: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        a = self.a

        b = self.b

        similarity = self.similarity


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "a": a,
            "b": b,
            "similarity": similarity,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        a = d.pop("a")

        b = d.pop("b")

        similarity = d.pop("similarity")

        link_read = cls(
            a=a,
            b=b,
            similarity=similarity,
        )


        link_read.additional_properties = d
        return link_read

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
