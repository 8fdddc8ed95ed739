from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.item_set_version import ItemSetVersion





T = TypeVar("T", bound="BenchmarkRecord")



@_attrs_define
class BenchmarkRecord:
    """ 
        Attributes:
            name (str):
            item_set (ItemSetVersion | None | Unset): The version of the split's item set the run ran over; runs of other
                versions are not compared, gated or ranked with it
            items_sha256 (None | str | Unset): sha256 over the run's items: id, external id, split, subject and payload, in
                plan order (runs that ask a model; none for posted sets)
            prompt_template_sha256 (None | str | Unset):
     """

    name: str
    item_set: ItemSetVersion | None | Unset = UNSET
    items_sha256: None | str | Unset = UNSET
    prompt_template_sha256: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.item_set_version import ItemSetVersion # noqa: PLC0415
        name = self.name

        item_set: dict[str, Any] | None | Unset
        if isinstance(self.item_set, Unset):
            item_set = UNSET
        elif isinstance(self.item_set, ItemSetVersion):
            item_set = self.item_set.to_dict()
        else:
            item_set = self.item_set

        items_sha256: None | str | Unset
        if isinstance(self.items_sha256, Unset):
            items_sha256 = UNSET
        else:
            items_sha256 = self.items_sha256

        prompt_template_sha256: None | str | Unset
        if isinstance(self.prompt_template_sha256, Unset):
            prompt_template_sha256 = UNSET
        else:
            prompt_template_sha256 = self.prompt_template_sha256


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
        })
        if item_set is not UNSET:
            field_dict["item_set"] = item_set
        if items_sha256 is not UNSET:
            field_dict["items_sha256"] = items_sha256
        if prompt_template_sha256 is not UNSET:
            field_dict["prompt_template_sha256"] = prompt_template_sha256

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.item_set_version import ItemSetVersion # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_item_set(data: object) -> ItemSetVersion | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                item_set_type_0 = ItemSetVersion.from_dict(data)



                return item_set_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ItemSetVersion | None | Unset, data)

        item_set = _parse_item_set(d.pop("item_set", UNSET))


        def _parse_items_sha256(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        items_sha256 = _parse_items_sha256(d.pop("items_sha256", UNSET))


        def _parse_prompt_template_sha256(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        prompt_template_sha256 = _parse_prompt_template_sha256(d.pop("prompt_template_sha256", UNSET))


        benchmark_record = cls(
            name=name,
            item_set=item_set,
            items_sha256=items_sha256,
            prompt_template_sha256=prompt_template_sha256,
        )


        benchmark_record.additional_properties = d
        return benchmark_record

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
