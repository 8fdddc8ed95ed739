from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DuplicatesDeriveIn")



@_attrs_define
class DuplicatesDeriveIn:
    """ A benchmark version without its near-duplicates: the first item of each cluster
    within the benchmark is kept, and items that copy another benchmark's are dropped.

        Attributes:
            name (str):
            against (list[str] | Unset):
            ngram (int | Unset):  Default: 3.
            threshold (float | Unset):  Default: 0.7.
     """

    name: str
    against: list[str] | Unset = UNSET
    ngram: int | Unset = 3
    threshold: float | Unset = 0.7





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        against: list[str] | Unset = UNSET
        if not isinstance(self.against, Unset):
            against = self.against



        ngram = self.ngram

        threshold = self.threshold


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
        })
        if against is not UNSET:
            field_dict["against"] = against
        if ngram is not UNSET:
            field_dict["ngram"] = ngram
        if threshold is not UNSET:
            field_dict["threshold"] = threshold

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        against = cast(list[str], d.pop("against", UNSET))


        ngram = d.pop("ngram", UNSET)

        threshold = d.pop("threshold", UNSET)

        duplicates_derive_in = cls(
            name=name,
            against=against,
            ngram=ngram,
            threshold=threshold,
        )

        return duplicates_derive_in

