from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.callback_state import CallbackState
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.attempt_read import AttemptRead





T = TypeVar("T", bound="NotificationsRead")



@_attrs_define
class NotificationsRead:
    """ 
        Attributes:
            attempts (list[AttemptRead]):
            delivered_at (datetime.datetime | None):
            next_attempt_at (datetime.datetime | None):
            run_id (int):
            signed (bool):
            state (CallbackState | None):
            url (None | str): Scheme, host and path (no query); null when the run named no `notify`
     """

    attempts: list[AttemptRead]
    delivered_at: datetime.datetime | None
    next_attempt_at: datetime.datetime | None
    run_id: int
    signed: bool
    state: CallbackState | None
    url: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.attempt_read import AttemptRead # noqa: PLC0415
        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)



        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        run_id = self.run_id

        signed = self.signed

        state: None | str
        if isinstance(self.state, CallbackState):
            state = self.state.value
        else:
            state = self.state

        url: None | str
        url = self.url


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "attempts": attempts,
            "delivered_at": delivered_at,
            "next_attempt_at": next_attempt_at,
            "run_id": run_id,
            "signed": signed,
            "state": state,
            "url": url,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attempt_read import AttemptRead # noqa: PLC0415
        d = dict(src_dict)
        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in (_attempts):
            attempts_item = AttemptRead.from_dict(attempts_item_data)



            attempts.append(attempts_item)


        def _parse_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = datetime.datetime.fromisoformat(data)



                return delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_at = _parse_delivered_at(d.pop("delivered_at"))


        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)



                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))


        run_id = d.pop("run_id")

        signed = d.pop("signed")

        def _parse_state(data: object) -> CallbackState | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                state_type_0 = CallbackState(data)



                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CallbackState | None, data)

        state = _parse_state(d.pop("state"))


        def _parse_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        url = _parse_url(d.pop("url"))


        notifications_read = cls(
            attempts=attempts,
            delivered_at=delivered_at,
            next_attempt_at=next_attempt_at,
            run_id=run_id,
            signed=signed,
            state=state,
            url=url,
        )


        notifications_read.additional_properties = d
        return notifications_read

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
