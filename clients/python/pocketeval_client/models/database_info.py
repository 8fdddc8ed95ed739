from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="DatabaseInfo")



@_attrs_define
class DatabaseInfo:
    """ 
        Attributes:
            detail (str):
            head (None | str):
            reachable (bool):
            revision (None | str):
            url (str):
            missing (bool | Unset): a SQLite file not created yet Default: False.
     """

    detail: str
    head: None | str
    reachable: bool
    revision: None | str
    url: str
    missing: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        detail = self.detail

        head: None | str
        head = self.head

        reachable = self.reachable

        revision: None | str
        revision = self.revision

        url = self.url

        missing = self.missing


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "detail": detail,
            "head": head,
            "reachable": reachable,
            "revision": revision,
            "url": url,
        })
        if missing is not UNSET:
            field_dict["missing"] = missing

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        detail = d.pop("detail")

        def _parse_head(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        head = _parse_head(d.pop("head"))


        reachable = d.pop("reachable")

        def _parse_revision(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        revision = _parse_revision(d.pop("revision"))


        url = d.pop("url")

        missing = d.pop("missing", UNSET)

        database_info = cls(
            detail=detail,
            head=head,
            reachable=reachable,
            revision=revision,
            url=url,
            missing=missing,
        )


        database_info.additional_properties = d
        return database_info

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
