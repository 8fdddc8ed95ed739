from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.derivation import Derivation
  from ..models.source_read import SourceRead
  from ..models.split_count import SplitCount
  from ..models.subject_count import SubjectCount





T = TypeVar("T", bound="BenchmarkRead")



@_attrs_define
class BenchmarkRead:
    """ 
        Attributes:
            answer_key_required (bool):
            builtin (bool):
            created_at (datetime.datetime):
            default_split (str):
            description (str):
            items (int):
            kind (str):
            layouts (list[str]):
            name (str):
            prompt_template (str):
            prompt_template_sha256 (str):
            scoring (str):
            source_sha256 (None | str): sha256 of the most recent import
            sources (list[SourceRead]):
            splits (list[SplitCount]):
            subject_label (str):
            subjects (list[SubjectCount]):
            version (str):
            derivation (Derivation | None | Unset):
            parent (None | str | Unset): The benchmark this version was derived from
     """

    answer_key_required: bool
    builtin: bool
    created_at: datetime.datetime
    default_split: str
    description: str
    items: int
    kind: str
    layouts: list[str]
    name: str
    prompt_template: str
    prompt_template_sha256: str
    scoring: str
    source_sha256: None | str
    sources: list[SourceRead]
    splits: list[SplitCount]
    subject_label: str
    subjects: list[SubjectCount]
    version: str
    derivation: Derivation | None | Unset = UNSET
    parent: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.derivation import Derivation # noqa: PLC0415
        from ..models.source_read import SourceRead # noqa: PLC0415
        from ..models.split_count import SplitCount # noqa: PLC0415
        from ..models.subject_count import SubjectCount # noqa: PLC0415
        answer_key_required = self.answer_key_required

        builtin = self.builtin

        created_at = self.created_at.isoformat()

        default_split = self.default_split

        description = self.description

        items = self.items

        kind = self.kind

        layouts = self.layouts



        name = self.name

        prompt_template = self.prompt_template

        prompt_template_sha256 = self.prompt_template_sha256

        scoring = self.scoring

        source_sha256: None | str
        source_sha256 = self.source_sha256

        sources = []
        for sources_item_data in self.sources:
            sources_item = sources_item_data.to_dict()
            sources.append(sources_item)



        splits = []
        for splits_item_data in self.splits:
            splits_item = splits_item_data.to_dict()
            splits.append(splits_item)



        subject_label = self.subject_label

        subjects = []
        for subjects_item_data in self.subjects:
            subjects_item = subjects_item_data.to_dict()
            subjects.append(subjects_item)



        version = self.version

        derivation: dict[str, Any] | None | Unset
        if isinstance(self.derivation, Unset):
            derivation = UNSET
        elif isinstance(self.derivation, Derivation):
            derivation = self.derivation.to_dict()
        else:
            derivation = self.derivation

        parent: None | str | Unset
        if isinstance(self.parent, Unset):
            parent = UNSET
        else:
            parent = self.parent


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "answer_key_required": answer_key_required,
            "builtin": builtin,
            "created_at": created_at,
            "default_split": default_split,
            "description": description,
            "items": items,
            "kind": kind,
            "layouts": layouts,
            "name": name,
            "prompt_template": prompt_template,
            "prompt_template_sha256": prompt_template_sha256,
            "scoring": scoring,
            "source_sha256": source_sha256,
            "sources": sources,
            "splits": splits,
            "subject_label": subject_label,
            "subjects": subjects,
            "version": version,
        })
        if derivation is not UNSET:
            field_dict["derivation"] = derivation
        if parent is not UNSET:
            field_dict["parent"] = parent

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.derivation import Derivation # noqa: PLC0415
        from ..models.source_read import SourceRead # noqa: PLC0415
        from ..models.split_count import SplitCount # noqa: PLC0415
        from ..models.subject_count import SubjectCount # noqa: PLC0415
        d = dict(src_dict)
        answer_key_required = d.pop("answer_key_required")

        builtin = d.pop("builtin")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))




        default_split = d.pop("default_split")

        description = d.pop("description")

        items = d.pop("items")

        kind = d.pop("kind")

        layouts = cast(list[str], d.pop("layouts"))


        name = d.pop("name")

        prompt_template = d.pop("prompt_template")

        prompt_template_sha256 = d.pop("prompt_template_sha256")

        scoring = d.pop("scoring")

        def _parse_source_sha256(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source_sha256 = _parse_source_sha256(d.pop("source_sha256"))


        sources = []
        _sources = d.pop("sources")
        for sources_item_data in (_sources):
            sources_item = SourceRead.from_dict(sources_item_data)



            sources.append(sources_item)


        splits = []
        _splits = d.pop("splits")
        for splits_item_data in (_splits):
            splits_item = SplitCount.from_dict(splits_item_data)



            splits.append(splits_item)


        subject_label = d.pop("subject_label")

        subjects = []
        _subjects = d.pop("subjects")
        for subjects_item_data in (_subjects):
            subjects_item = SubjectCount.from_dict(subjects_item_data)



            subjects.append(subjects_item)


        version = d.pop("version")

        def _parse_derivation(data: object) -> Derivation | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                derivation_type_0 = Derivation.from_dict(data)



                return derivation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Derivation | None | Unset, data)

        derivation = _parse_derivation(d.pop("derivation", UNSET))


        def _parse_parent(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        parent = _parse_parent(d.pop("parent", UNSET))


        benchmark_read = cls(
            answer_key_required=answer_key_required,
            builtin=builtin,
            created_at=created_at,
            default_split=default_split,
            description=description,
            items=items,
            kind=kind,
            layouts=layouts,
            name=name,
            prompt_template=prompt_template,
            prompt_template_sha256=prompt_template_sha256,
            scoring=scoring,
            source_sha256=source_sha256,
            sources=sources,
            splits=splits,
            subject_label=subject_label,
            subjects=subjects,
            version=version,
            derivation=derivation,
            parent=parent,
        )


        benchmark_read.additional_properties = d
        return benchmark_read

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
