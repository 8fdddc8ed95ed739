from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ProbeFigure")



@_attrs_define
class ProbeFigure:
    """ One candidate's measured speed, summed over its workers running at once.

        Attributes:
            decode_tok_s (float): Tokens decoded per second over all sequences
            prefill_tok_s (float): Prompt tokens evaluated per second
            sequences (int):
            threads (int):
            workers (int):
     """

    decode_tok_s: float
    prefill_tok_s: float
    sequences: int
    threads: int
    workers: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        decode_tok_s = self.decode_tok_s

        prefill_tok_s = self.prefill_tok_s

        sequences = self.sequences

        threads = self.threads

        workers = self.workers


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "decode_tok_s": decode_tok_s,
            "prefill_tok_s": prefill_tok_s,
            "sequences": sequences,
            "threads": threads,
            "workers": workers,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        decode_tok_s = d.pop("decode_tok_s")

        prefill_tok_s = d.pop("prefill_tok_s")

        sequences = d.pop("sequences")

        threads = d.pop("threads")

        workers = d.pop("workers")

        probe_figure = cls(
            decode_tok_s=decode_tok_s,
            prefill_tok_s=prefill_tok_s,
            sequences=sequences,
            threads=threads,
            workers=workers,
        )


        probe_figure.additional_properties = d
        return probe_figure

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
