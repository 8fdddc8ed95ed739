from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.import_report_splits import ImportReportSplits
  from ..models.imported_file import ImportedFile





T = TypeVar("T", bound="ImportReport")



@_attrs_define
class ImportReport:
    """ 
        Attributes:
            benchmark (str):
            files (list[ImportedFile]):
            inserted (int):
            received (int):
            replaced (int):
            sha256 (str): sha256 of the file (of the sorted file list when several)
            splits (ImportReportSplits):
            subjects (int): Distinct subjects over all splits
            unchanged (int):
     """

    benchmark: str
    files: list[ImportedFile]
    inserted: int
    received: int
    replaced: int
    sha256: str
    splits: ImportReportSplits
    subjects: int
    unchanged: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.import_report_splits import ImportReportSplits # noqa: PLC0415
        from ..models.imported_file import ImportedFile # noqa: PLC0415
        benchmark = self.benchmark

        files = []
        for files_item_data in self.files:
            files_item = files_item_data.to_dict()
            files.append(files_item)



        inserted = self.inserted

        received = self.received

        replaced = self.replaced

        sha256 = self.sha256

        splits = self.splits.to_dict()

        subjects = self.subjects

        unchanged = self.unchanged


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmark": benchmark,
            "files": files,
            "inserted": inserted,
            "received": received,
            "replaced": replaced,
            "sha256": sha256,
            "splits": splits,
            "subjects": subjects,
            "unchanged": unchanged,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.import_report_splits import ImportReportSplits # noqa: PLC0415
        from ..models.imported_file import ImportedFile # noqa: PLC0415
        d = dict(src_dict)
        benchmark = d.pop("benchmark")

        files = []
        _files = d.pop("files")
        for files_item_data in (_files):
            files_item = ImportedFile.from_dict(files_item_data)



            files.append(files_item)


        inserted = d.pop("inserted")

        received = d.pop("received")

        replaced = d.pop("replaced")

        sha256 = d.pop("sha256")

        splits = ImportReportSplits.from_dict(d.pop("splits"))




        subjects = d.pop("subjects")

        unchanged = d.pop("unchanged")

        import_report = cls(
            benchmark=benchmark,
            files=files,
            inserted=inserted,
            received=received,
            replaced=replaced,
            sha256=sha256,
            splits=splits,
            subjects=subjects,
            unchanged=unchanged,
        )


        import_report.additional_properties = d
        return import_report

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
