from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.item_analysis_read_definitions import ItemAnalysisReadDefinitions
  from ..models.item_analysis_read_runs import ItemAnalysisReadRuns
  from ..models.item_read import ItemRead
  from ..models.subject_items_read import SubjectItemsRead





T = TypeVar("T", bound="ItemAnalysisRead")



@_attrs_define
class ItemAnalysisRead:
    """ 
        Attributes:
            benchmark (str):
            definitions (ItemAnalysisReadDefinitions):
            group (list[str]):
            items (list[ItemRead]):
            n_items (int):
            runs (ItemAnalysisReadRuns): Model -> the run its scores come from
            subjects (list[SubjectItemsRead]):
     """

    benchmark: str
    definitions: ItemAnalysisReadDefinitions
    group: list[str]
    items: list[ItemRead]
    n_items: int
    runs: ItemAnalysisReadRuns
    subjects: list[SubjectItemsRead]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.item_analysis_read_definitions import ItemAnalysisReadDefinitions # noqa: PLC0415
        from ..models.item_analysis_read_runs import ItemAnalysisReadRuns # noqa: PLC0415
        from ..models.item_read import ItemRead # noqa: PLC0415
        from ..models.subject_items_read import SubjectItemsRead # noqa: PLC0415
        benchmark = self.benchmark

        definitions = self.definitions.to_dict()

        group = self.group



        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)



        n_items = self.n_items

        runs = self.runs.to_dict()

        subjects = []
        for subjects_item_data in self.subjects:
            subjects_item = subjects_item_data.to_dict()
            subjects.append(subjects_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmark": benchmark,
            "definitions": definitions,
            "group": group,
            "items": items,
            "n_items": n_items,
            "runs": runs,
            "subjects": subjects,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.item_analysis_read_definitions import ItemAnalysisReadDefinitions # noqa: PLC0415
        from ..models.item_analysis_read_runs import ItemAnalysisReadRuns # noqa: PLC0415
        from ..models.item_read import ItemRead # noqa: PLC0415
        from ..models.subject_items_read import SubjectItemsRead # noqa: PLC0415
        d = dict(src_dict)
        benchmark = d.pop("benchmark")

        definitions = ItemAnalysisReadDefinitions.from_dict(d.pop("definitions"))




        group = cast(list[str], d.pop("group"))


        items = []
        _items = d.pop("items")
        for items_item_data in (_items):
            items_item = ItemRead.from_dict(items_item_data)



            items.append(items_item)


        n_items = d.pop("n_items")

        runs = ItemAnalysisReadRuns.from_dict(d.pop("runs"))




        subjects = []
        _subjects = d.pop("subjects")
        for subjects_item_data in (_subjects):
            subjects_item = SubjectItemsRead.from_dict(subjects_item_data)



            subjects.append(subjects_item)


        item_analysis_read = cls(
            benchmark=benchmark,
            definitions=definitions,
            group=group,
            items=items,
            n_items=n_items,
            runs=runs,
            subjects=subjects,
        )


        item_analysis_read.additional_properties = d
        return item_analysis_read

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
