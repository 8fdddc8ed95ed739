from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.cluster_read import ClusterRead
  from ..models.duplicates_read_definitions import DuplicatesReadDefinitions





T = TypeVar("T", bound="DuplicatesRead")



@_attrs_define
class DuplicatesRead:
    """ 
        Attributes:
            against (list[str]): Other benchmarks searched for copies of its items
            benchmark (str):
            clusters (list[ClusterRead]):
            definitions (DuplicatesReadDefinitions):
            method (str): minhash (word n-gram Jaccard) or embeddings (cosine)
            n_dropped (int):
            n_items (int):
            ngram (int | None):
            split (None | str):
            threshold (float):
     """

    against: list[str]
    benchmark: str
    clusters: list[ClusterRead]
    definitions: DuplicatesReadDefinitions
    method: str
    n_dropped: int
    n_items: int
    ngram: int | None
    split: None | str
    threshold: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.cluster_read import ClusterRead # noqa: PLC0415
        from ..models.duplicates_read_definitions import DuplicatesReadDefinitions # noqa: PLC0415
        against = self.against



        benchmark = self.benchmark

        clusters = []
        for clusters_item_data in self.clusters:
            clusters_item = clusters_item_data.to_dict()
            clusters.append(clusters_item)



        definitions = self.definitions.to_dict()

        method = self.method

        n_dropped = self.n_dropped

        n_items = self.n_items

        ngram: int | None
        ngram = self.ngram

        split: None | str
        split = self.split

        threshold = self.threshold


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "against": against,
            "benchmark": benchmark,
            "clusters": clusters,
            "definitions": definitions,
            "method": method,
            "n_dropped": n_dropped,
            "n_items": n_items,
            "ngram": ngram,
            "split": split,
            "threshold": threshold,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cluster_read import ClusterRead # noqa: PLC0415
        from ..models.duplicates_read_definitions import DuplicatesReadDefinitions # noqa: PLC0415
        d = dict(src_dict)
        against = cast(list[str], d.pop("against"))


        benchmark = d.pop("benchmark")

        clusters = []
        _clusters = d.pop("clusters")
        for clusters_item_data in (_clusters):
            clusters_item = ClusterRead.from_dict(clusters_item_data)



            clusters.append(clusters_item)


        definitions = DuplicatesReadDefinitions.from_dict(d.pop("definitions"))




        method = d.pop("method")

        n_dropped = d.pop("n_dropped")

        n_items = d.pop("n_items")

        def _parse_ngram(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ngram = _parse_ngram(d.pop("ngram"))


        def _parse_split(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        split = _parse_split(d.pop("split"))


        threshold = d.pop("threshold")

        duplicates_read = cls(
            against=against,
            benchmark=benchmark,
            clusters=clusters,
            definitions=definitions,
            method=method,
            n_dropped=n_dropped,
            n_items=n_items,
            ngram=ngram,
            split=split,
            threshold=threshold,
        )


        duplicates_read.additional_properties = d
        return duplicates_read

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
