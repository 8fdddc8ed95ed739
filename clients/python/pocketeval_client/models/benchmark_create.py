from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.benchmark_create_kind import BenchmarkCreateKind
from ..types import UNSET, Unset






T = TypeVar("T", bound="BenchmarkCreate")



@_attrs_define
class BenchmarkCreate:
    """ A user-defined benchmark; items are imported afterwards.

        Attributes:
            kind (BenchmarkCreateKind):
            name (str):
            answer_key_required (bool | Unset):  Default: False.
            description (str | Unset):  Default: ''.
            prompt_template (str | Unset): The chat prompt of endpoint and GGUF runs; {question}, {options} (one 'A. text'
                line per option), {subject} and {letters} are filled in, nothing else is interpreted. Empty: the kind's standard
                prompt Default: ''.
            subject_label (str | Unset):  Default: 'subject'.
            version (str | Unset):  Default: '1'.
     """

    kind: BenchmarkCreateKind
    name: str
    answer_key_required: bool | Unset = False
    description: str | Unset = ''
    prompt_template: str | Unset = ''
    subject_label: str | Unset = 'subject'
    version: str | Unset = '1'





    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        name = self.name

        answer_key_required = self.answer_key_required

        description = self.description

        prompt_template = self.prompt_template

        subject_label = self.subject_label

        version = self.version


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "kind": kind,
            "name": name,
        })
        if answer_key_required is not UNSET:
            field_dict["answer_key_required"] = answer_key_required
        if description is not UNSET:
            field_dict["description"] = description
        if prompt_template is not UNSET:
            field_dict["prompt_template"] = prompt_template
        if subject_label is not UNSET:
            field_dict["subject_label"] = subject_label
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = BenchmarkCreateKind(d.pop("kind"))




        name = d.pop("name")

        answer_key_required = d.pop("answer_key_required", UNSET)

        description = d.pop("description", UNSET)

        prompt_template = d.pop("prompt_template", UNSET)

        subject_label = d.pop("subject_label", UNSET)

        version = d.pop("version", UNSET)

        benchmark_create = cls(
            kind=kind,
            name=name,
            answer_key_required=answer_key_required,
            description=description,
            prompt_template=prompt_template,
            subject_label=subject_label,
            version=version,
        )

        return benchmark_create

