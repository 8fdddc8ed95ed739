from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ProbeFigure")



@_attrs_define
class ProbeFigure:
    """ One candidate's measured speed, summed over its workers running at once.

        Attributes:
            prefill_tok_s (float): Prompt tokens evaluated per second
            sequences (int):
            threads (int):
            workers (int):
            decode_tok_s (float | None | Unset): Tokens decoded per second over all sequences; None in a loglikelihood
                probe, which does not decode
     """

    prefill_tok_s: float
    sequences: int
    threads: int
    workers: int
    decode_tok_s: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        prefill_tok_s = self.prefill_tok_s

        sequences = self.sequences

        threads = self.threads

        workers = self.workers

        decode_tok_s: float | None | Unset
        if isinstance(self.decode_tok_s, Unset):
            decode_tok_s = UNSET
        else:
            decode_tok_s = self.decode_tok_s


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "prefill_tok_s": prefill_tok_s,
            "sequences": sequences,
            "threads": threads,
            "workers": workers,
        })
        if decode_tok_s is not UNSET:
            field_dict["decode_tok_s"] = decode_tok_s

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        prefill_tok_s = d.pop("prefill_tok_s")

        sequences = d.pop("sequences")

        threads = d.pop("threads")

        workers = d.pop("workers")

        def _parse_decode_tok_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        decode_tok_s = _parse_decode_tok_s(d.pop("decode_tok_s", UNSET))


        probe_figure = cls(
            prefill_tok_s=prefill_tok_s,
            sequences=sequences,
            threads=threads,
            workers=workers,
            decode_tok_s=decode_tok_s,
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
