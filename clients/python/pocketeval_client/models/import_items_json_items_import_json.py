from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.import_items_json_items_import_json_items_item import ImportItemsJsonItemsImportJSONItemsItem





T = TypeVar("T", bound="ImportItemsJsonItemsImportJSON")



@_attrs_define
class ImportItemsJsonItemsImportJSON:
    """ Rows in the generic layout, as in a generic JSONL file: `id` (optional), `question`,
    `choices` (mcq), `answer`, `subject`, `split`, `metadata`.

    `answer`: for mcq a letter ("B"), a 0-based index (1), a list for multi-correct items
    (["A", "C"]) or null when unkeyed; for freeform a string or a list of accepted strings.

        Attributes:
            items (list[ImportItemsJsonItemsImportJSONItemsItem]):
     """

    items: list[ImportItemsJsonItemsImportJSONItemsItem]





    def to_dict(self) -> dict[str, Any]:
        from ..models.import_items_json_items_import_json_items_item import ImportItemsJsonItemsImportJSONItemsItem # noqa: PLC0415
        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "items": items,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.import_items_json_items_import_json_items_item import ImportItemsJsonItemsImportJSONItemsItem # noqa: PLC0415
        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in (_items):
            items_item = ImportItemsJsonItemsImportJSONItemsItem.from_dict(items_item_data)



            items.append(items_item)


        import_items_json_items_import_json = cls(
            items=items,
        )

        return import_items_json_items_import_json

