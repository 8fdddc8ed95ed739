from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.benchmark_length_audit_definitions import BenchmarkLengthAuditDefinitions
  from ..models.length_read import LengthRead
  from ..models.subject_length_read import SubjectLengthRead





T = TypeVar("T", bound="BenchmarkLengthAudit")



@_attrs_define
class BenchmarkLengthAudit:
    """ 
        Attributes:
            benchmark (str):
            definitions (BenchmarkLengthAuditDefinitions):
            overall (LengthRead):
            split (None | str):
            subjects (list[SubjectLengthRead]):
            tokenizer (None | str): The GGUF whose tokenizer counted tokens
     """

    benchmark: str
    definitions: BenchmarkLengthAuditDefinitions
    overall: LengthRead
    split: None | str
    subjects: list[SubjectLengthRead]
    tokenizer: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.benchmark_length_audit_definitions import BenchmarkLengthAuditDefinitions # noqa: PLC0415
        from ..models.length_read import LengthRead # noqa: PLC0415
        from ..models.subject_length_read import SubjectLengthRead # noqa: PLC0415
        benchmark = self.benchmark

        definitions = self.definitions.to_dict()

        overall = self.overall.to_dict()

        split: None | str
        split = self.split

        subjects = []
        for subjects_item_data in self.subjects:
            subjects_item = subjects_item_data.to_dict()
            subjects.append(subjects_item)



        tokenizer: None | str
        tokenizer = self.tokenizer


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmark": benchmark,
            "definitions": definitions,
            "overall": overall,
            "split": split,
            "subjects": subjects,
            "tokenizer": tokenizer,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.benchmark_length_audit_definitions import BenchmarkLengthAuditDefinitions # noqa: PLC0415
        from ..models.length_read import LengthRead # noqa: PLC0415
        from ..models.subject_length_read import SubjectLengthRead # noqa: PLC0415
        d = dict(src_dict)
        benchmark = d.pop("benchmark")

        definitions = BenchmarkLengthAuditDefinitions.from_dict(d.pop("definitions"))




        overall = LengthRead.from_dict(d.pop("overall"))




        def _parse_split(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        split = _parse_split(d.pop("split"))


        subjects = []
        _subjects = d.pop("subjects")
        for subjects_item_data in (_subjects):
            subjects_item = SubjectLengthRead.from_dict(subjects_item_data)



            subjects.append(subjects_item)


        def _parse_tokenizer(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tokenizer = _parse_tokenizer(d.pop("tokenizer"))


        benchmark_length_audit = cls(
            benchmark=benchmark,
            definitions=definitions,
            overall=overall,
            split=split,
            subjects=subjects,
            tokenizer=tokenizer,
        )


        benchmark_length_audit.additional_properties = d
        return benchmark_length_audit

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
