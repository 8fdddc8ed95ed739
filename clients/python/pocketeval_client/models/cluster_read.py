from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.cluster_item_read import ClusterItemRead
  from ..models.link_read import LinkRead





T = TypeVar("T", bound="ClusterRead")



@_attrs_define
class ClusterRead:
    """ 
        Attributes:
            dropped (list[int]): Item ids a derived version without duplicates leaves out
            items (list[ClusterItemRead]):
            max_jaccard (float):
            min_jaccard (float): The least similar linked pair in the cluster (cosine similarity with the embeddings method)
            pairs (list[LinkRead]): Every pair at or above the threshold that links the cluster's items, with its similarity
     """

    dropped: list[int]
    items: list[ClusterItemRead]
    max_jaccard: float
    min_jaccard: float
    pairs: list[LinkRead]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.cluster_item_read import ClusterItemRead # noqa: PLC0415
        from ..models.link_read import LinkRead # noqa: PLC0415
        dropped = self.dropped



        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)



        max_jaccard = self.max_jaccard

        min_jaccard = self.min_jaccard

        pairs = []
        for pairs_item_data in self.pairs:
            pairs_item = pairs_item_data.to_dict()
            pairs.append(pairs_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "dropped": dropped,
            "items": items,
            "max_jaccard": max_jaccard,
            "min_jaccard": min_jaccard,
            "pairs": pairs,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cluster_item_read import ClusterItemRead # noqa: PLC0415
        from ..models.link_read import LinkRead # noqa: PLC0415
        d = dict(src_dict)
        dropped = cast(list[int], d.pop("dropped"))


        items = []
        _items = d.pop("items")
        for items_item_data in (_items):
            items_item = ClusterItemRead.from_dict(items_item_data)



            items.append(items_item)


        max_jaccard = d.pop("max_jaccard")

        min_jaccard = d.pop("min_jaccard")

        pairs = []
        _pairs = d.pop("pairs")
        for pairs_item_data in (_pairs):
            pairs_item = LinkRead.from_dict(pairs_item_data)



            pairs.append(pairs_item)


        cluster_read = cls(
            dropped=dropped,
            items=items,
            max_jaccard=max_jaccard,
            min_jaccard=min_jaccard,
            pairs=pairs,
        )


        cluster_read.additional_properties = d
        return cluster_read

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
