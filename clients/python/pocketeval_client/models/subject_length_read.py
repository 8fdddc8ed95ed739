from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.unit_length_read import UnitLengthRead





T = TypeVar("T", bound="SubjectLengthRead")



@_attrs_define
class SubjectLengthRead:
    """ 
        Attributes:
            distractor_mean_chars (float):
            distractor_mean_words (float):
            key_longest_rate (float): Share of items whose key is the strictly longest option
            key_mean_chars (float):
            key_mean_words (float):
            key_shortest_rate (float):
            n_items (int):
            rule_satisfied_rate (float): Share of items whose every distractor is at least as long as the key (the length
                rule)
            satisfies_rule (bool):
            subject (str):
            units (list[UnitLengthRead]): The same measures in characters, words and, with a tokenizer, its tokens
     """

    distractor_mean_chars: float
    distractor_mean_words: float
    key_longest_rate: float
    key_mean_chars: float
    key_mean_words: float
    key_shortest_rate: float
    n_items: int
    rule_satisfied_rate: float
    satisfies_rule: bool
    subject: str
    units: list[UnitLengthRead]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.unit_length_read import UnitLengthRead # noqa: PLC0415
        distractor_mean_chars = self.distractor_mean_chars

        distractor_mean_words = self.distractor_mean_words

        key_longest_rate = self.key_longest_rate

        key_mean_chars = self.key_mean_chars

        key_mean_words = self.key_mean_words

        key_shortest_rate = self.key_shortest_rate

        n_items = self.n_items

        rule_satisfied_rate = self.rule_satisfied_rate

        satisfies_rule = self.satisfies_rule

        subject = self.subject

        units = []
        for units_item_data in self.units:
            units_item = units_item_data.to_dict()
            units.append(units_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "distractor_mean_chars": distractor_mean_chars,
            "distractor_mean_words": distractor_mean_words,
            "key_longest_rate": key_longest_rate,
            "key_mean_chars": key_mean_chars,
            "key_mean_words": key_mean_words,
            "key_shortest_rate": key_shortest_rate,
            "n_items": n_items,
            "rule_satisfied_rate": rule_satisfied_rate,
            "satisfies_rule": satisfies_rule,
            "subject": subject,
            "units": units,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.unit_length_read import UnitLengthRead # noqa: PLC0415
        d = dict(src_dict)
        distractor_mean_chars = d.pop("distractor_mean_chars")

        distractor_mean_words = d.pop("distractor_mean_words")

        key_longest_rate = d.pop("key_longest_rate")

        key_mean_chars = d.pop("key_mean_chars")

        key_mean_words = d.pop("key_mean_words")

        key_shortest_rate = d.pop("key_shortest_rate")

        n_items = d.pop("n_items")

        rule_satisfied_rate = d.pop("rule_satisfied_rate")

        satisfies_rule = d.pop("satisfies_rule")

        subject = d.pop("subject")

        units = []
        _units = d.pop("units")
        for units_item_data in (_units):
            units_item = UnitLengthRead.from_dict(units_item_data)



            units.append(units_item)


        subject_length_read = cls(
            distractor_mean_chars=distractor_mean_chars,
            distractor_mean_words=distractor_mean_words,
            key_longest_rate=key_longest_rate,
            key_mean_chars=key_mean_chars,
            key_mean_words=key_mean_words,
            key_shortest_rate=key_shortest_rate,
            n_items=n_items,
            rule_satisfied_rate=rule_satisfied_rate,
            satisfies_rule=satisfies_rule,
            subject=subject,
            units=units,
        )


        subject_length_read.additional_properties = d
        return subject_length_read

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
