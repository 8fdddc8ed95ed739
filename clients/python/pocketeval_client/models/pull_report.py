from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.hub_pull import HubPull
  from ..models.import_report import ImportReport





T = TypeVar("T", bound="PullReport")



@_attrs_define
class PullReport:
    """ 
        Attributes:
            items (ImportReport):
            pull (HubPull): What a pull fetched: the repository, the commit it resolved, the licence shown.
            run_id (int | None | Unset): The pull run that did it
     """

    items: ImportReport
    pull: HubPull
    run_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.hub_pull import HubPull # noqa: PLC0415
        from ..models.import_report import ImportReport # noqa: PLC0415
        items = self.items.to_dict()

        pull = self.pull.to_dict()

        run_id: int | None | Unset
        if isinstance(self.run_id, Unset):
            run_id = UNSET
        else:
            run_id = self.run_id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "items": items,
            "pull": pull,
        })
        if run_id is not UNSET:
            field_dict["run_id"] = run_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hub_pull import HubPull # noqa: PLC0415
        from ..models.import_report import ImportReport # noqa: PLC0415
        d = dict(src_dict)
        items = ImportReport.from_dict(d.pop("items"))




        pull = HubPull.from_dict(d.pop("pull"))




        def _parse_run_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        run_id = _parse_run_id(d.pop("run_id", UNSET))


        pull_report = cls(
            items=items,
            pull=pull,
            run_id=run_id,
        )


        pull_report.additional_properties = d
        return pull_report

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
