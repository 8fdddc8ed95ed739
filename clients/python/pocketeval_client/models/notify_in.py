from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="NotifyIn")



@_attrs_define
class NotifyIn:
    """ 
        Attributes:
            url (str): Where the run's end is POSTed (a JSON summary); the same addresses are refused as for model
                endpoints, and a host this server does not resolve (422 naming notify.url)
            secret (None | str | Unset): Signs each delivery: the PocketEval-Signature header holds t=<unix time>,v1=<hex
                HMAC-SHA256 of '<t>.' + body under this secret>. Without one, deliveries are unsigned. Never returned by the API
     """

    url: str
    secret: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        url = self.url

        secret: None | str | Unset
        if isinstance(self.secret, Unset):
            secret = UNSET
        else:
            secret = self.secret


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "url": url,
        })
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        def _parse_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        secret = _parse_secret(d.pop("secret", UNSET))


        notify_in = cls(
            url=url,
            secret=secret,
        )

        return notify_in

