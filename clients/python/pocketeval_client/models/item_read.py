from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.item_read_metadata import ItemReadMetadata
  from ..models.item_read_task_type_0 import ItemReadTaskType0





T = TypeVar("T", bound="ItemRead")



@_attrs_define
class ItemRead:
    """ 
        Attributes:
            benchmark (str):
            external_id (str):
            id (int):
            metadata (ItemReadMetadata):
            n_choices (int | None):
            question (str):
            split (str):
            subject (str):
            answers (list[str] | None | Unset): Correct letters (mcq)
            choices (list[str] | None | Unset):
            references (list[str] | None | Unset): Accepted answers (freeform)
            task (ItemReadTaskType0 | None | Unset): Benchmark-specific content: BFCL turns, functions, ground truth and
                initial state; IFBench instruction ids and arguments
     """

    benchmark: str
    external_id: str
    id: int
    metadata: ItemReadMetadata
    n_choices: int | None
    question: str
    split: str
    subject: str
    answers: list[str] | None | Unset = UNSET
    choices: list[str] | None | Unset = UNSET
    references: list[str] | None | Unset = UNSET
    task: ItemReadTaskType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.item_read_metadata import ItemReadMetadata # noqa: PLC0415
        from ..models.item_read_task_type_0 import ItemReadTaskType0 # noqa: PLC0415
        benchmark = self.benchmark

        external_id = self.external_id

        id = self.id

        metadata = self.metadata.to_dict()

        n_choices: int | None
        n_choices = self.n_choices

        question = self.question

        split = self.split

        subject = self.subject

        answers: list[str] | None | Unset
        if isinstance(self.answers, Unset):
            answers = UNSET
        elif isinstance(self.answers, list):
            answers = self.answers


        else:
            answers = self.answers

        choices: list[str] | None | Unset
        if isinstance(self.choices, Unset):
            choices = UNSET
        elif isinstance(self.choices, list):
            choices = self.choices


        else:
            choices = self.choices

        references: list[str] | None | Unset
        if isinstance(self.references, Unset):
            references = UNSET
        elif isinstance(self.references, list):
            references = self.references


        else:
            references = self.references

        task: dict[str, Any] | None | Unset
        if isinstance(self.task, Unset):
            task = UNSET
        elif isinstance(self.task, ItemReadTaskType0):
            task = self.task.to_dict()
        else:
            task = self.task


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmark": benchmark,
            "external_id": external_id,
            "id": id,
            "metadata": metadata,
            "n_choices": n_choices,
            "question": question,
            "split": split,
            "subject": subject,
        })
        if answers is not UNSET:
            field_dict["answers"] = answers
        if choices is not UNSET:
            field_dict["choices"] = choices
        if references is not UNSET:
            field_dict["references"] = references
        if task is not UNSET:
            field_dict["task"] = task

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.item_read_metadata import ItemReadMetadata # noqa: PLC0415
        from ..models.item_read_task_type_0 import ItemReadTaskType0 # noqa: PLC0415
        d = dict(src_dict)
        benchmark = d.pop("benchmark")

        external_id = d.pop("external_id")

        id = d.pop("id")

        metadata = ItemReadMetadata.from_dict(d.pop("metadata"))




        def _parse_n_choices(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        n_choices = _parse_n_choices(d.pop("n_choices"))


        question = d.pop("question")

        split = d.pop("split")

        subject = d.pop("subject")

        def _parse_answers(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                answers_type_0 = cast(list[str], data)

                return answers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        answers = _parse_answers(d.pop("answers", UNSET))


        def _parse_choices(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                choices_type_0 = cast(list[str], data)

                return choices_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        choices = _parse_choices(d.pop("choices", UNSET))


        def _parse_references(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                references_type_0 = cast(list[str], data)

                return references_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        references = _parse_references(d.pop("references", UNSET))


        def _parse_task(data: object) -> ItemReadTaskType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                task_type_0 = ItemReadTaskType0.from_dict(data)



                return task_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ItemReadTaskType0 | None | Unset, data)

        task = _parse_task(d.pop("task", UNSET))


        item_read = cls(
            benchmark=benchmark,
            external_id=external_id,
            id=id,
            metadata=metadata,
            n_choices=n_choices,
            question=question,
            split=split,
            subject=subject,
            answers=answers,
            choices=choices,
            references=references,
            task=task,
        )


        item_read.additional_properties = d
        return item_read

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
