from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.pulled_file import PulledFile





T = TypeVar("T", bound="HubPull")



@_attrs_define
class HubPull:
    """ What a pull fetched: the repository, the commit it resolved, the licence shown.

        Attributes:
            commit (str):
            files (list[PulledFile]):
            gated (bool):
            licence (str):
            repo_id (str):
            revision (str):
     """

    commit: str
    files: list[PulledFile]
    gated: bool
    licence: str
    repo_id: str
    revision: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.pulled_file import PulledFile # noqa: PLC0415
        commit = self.commit

        files = []
        for files_item_data in self.files:
            files_item = files_item_data.to_dict()
            files.append(files_item)



        gated = self.gated

        licence = self.licence

        repo_id = self.repo_id

        revision = self.revision


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "commit": commit,
            "files": files,
            "gated": gated,
            "licence": licence,
            "repo_id": repo_id,
            "revision": revision,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pulled_file import PulledFile # noqa: PLC0415
        d = dict(src_dict)
        commit = d.pop("commit")

        files = []
        _files = d.pop("files")
        for files_item_data in (_files):
            files_item = PulledFile.from_dict(files_item_data)



            files.append(files_item)


        gated = d.pop("gated")

        licence = d.pop("licence")

        repo_id = d.pop("repo_id")

        revision = d.pop("revision")

        hub_pull = cls(
            commit=commit,
            files=files,
            gated=gated,
            licence=licence,
            repo_id=repo_id,
            revision=revision,
        )


        hub_pull.additional_properties = d
        return hub_pull

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
