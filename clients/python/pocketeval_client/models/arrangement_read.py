from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.arrangement_read_key_rate import ArrangementReadKeyRate
  from ..models.arrangement_read_pick_rate import ArrangementReadPickRate
  from ..models.interval import Interval





T = TypeVar("T", bound="ArrangementRead")



@_attrs_define
class ArrangementRead:
    """ 
        Attributes:
            accuracy (float):
            arrangement (str):
            ci95 (Interval):
            key_rate (ArrangementReadKeyRate): Letter -> share of items whose key was shown there
            n_items (int):
            pick_rate (ArrangementReadPickRate): Letter -> share of answers naming it
     """

    accuracy: float
    arrangement: str
    ci95: Interval
    key_rate: ArrangementReadKeyRate
    n_items: int
    pick_rate: ArrangementReadPickRate
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.arrangement_read_key_rate import ArrangementReadKeyRate # noqa: PLC0415
        from ..models.arrangement_read_pick_rate import ArrangementReadPickRate # noqa: PLC0415
        from ..models.interval import Interval # noqa: PLC0415
        accuracy = self.accuracy

        arrangement = self.arrangement

        ci95 = self.ci95.to_dict()

        key_rate = self.key_rate.to_dict()

        n_items = self.n_items

        pick_rate = self.pick_rate.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accuracy": accuracy,
            "arrangement": arrangement,
            "ci95": ci95,
            "key_rate": key_rate,
            "n_items": n_items,
            "pick_rate": pick_rate,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.arrangement_read_key_rate import ArrangementReadKeyRate # noqa: PLC0415
        from ..models.arrangement_read_pick_rate import ArrangementReadPickRate # noqa: PLC0415
        from ..models.interval import Interval # noqa: PLC0415
        d = dict(src_dict)
        accuracy = d.pop("accuracy")

        arrangement = d.pop("arrangement")

        ci95 = Interval.from_dict(d.pop("ci95"))




        key_rate = ArrangementReadKeyRate.from_dict(d.pop("key_rate"))




        n_items = d.pop("n_items")

        pick_rate = ArrangementReadPickRate.from_dict(d.pop("pick_rate"))




        arrangement_read = cls(
            accuracy=accuracy,
            arrangement=arrangement,
            ci95=ci95,
            key_rate=key_rate,
            n_items=n_items,
            pick_rate=pick_rate,
        )


        arrangement_read.additional_properties = d
        return arrangement_read

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
