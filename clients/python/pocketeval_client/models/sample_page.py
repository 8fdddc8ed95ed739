from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.sample_read import SampleRead





T = TypeVar("T", bound="SamplePage")



@_attrs_define
class SamplePage:
    """ 
        Attributes:
            next_cursor (None | str):
            samples (list[SampleRead]):
     """

    next_cursor: None | str
    samples: list[SampleRead]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.sample_read import SampleRead # noqa: PLC0415
        next_cursor: None | str
        next_cursor = self.next_cursor

        samples = []
        for samples_item_data in self.samples:
            samples_item = samples_item_data.to_dict()
            samples.append(samples_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "next_cursor": next_cursor,
            "samples": samples,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sample_read import SampleRead # noqa: PLC0415
        d = dict(src_dict)
        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))


        samples = []
        _samples = d.pop("samples")
        for samples_item_data in (_samples):
            samples_item = SampleRead.from_dict(samples_item_data)



            samples.append(samples_item)


        sample_page = cls(
            next_cursor=next_cursor,
            samples=samples,
        )


        sample_page.additional_properties = d
        return sample_page

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
