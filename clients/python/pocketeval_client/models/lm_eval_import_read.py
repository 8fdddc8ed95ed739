from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.score_response import ScoreResponse





T = TypeVar("T", bound="LmEvalImportRead")



@_attrs_define
class LmEvalImportRead:
    """ 
        Attributes:
            mapped (int):
            samples (int): Sample lines read
            score (ScoreResponse):
            unmapped (int): Samples whose question matched no item
            unmapped_examples (list[str]): Up to 20 of them
     """

    mapped: int
    samples: int
    score: ScoreResponse
    unmapped: int
    unmapped_examples: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.score_response import ScoreResponse # noqa: PLC0415
        mapped = self.mapped

        samples = self.samples

        score = self.score.to_dict()

        unmapped = self.unmapped

        unmapped_examples = self.unmapped_examples




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "mapped": mapped,
            "samples": samples,
            "score": score,
            "unmapped": unmapped,
            "unmapped_examples": unmapped_examples,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.score_response import ScoreResponse # noqa: PLC0415
        d = dict(src_dict)
        mapped = d.pop("mapped")

        samples = d.pop("samples")

        score = ScoreResponse.from_dict(d.pop("score"))




        unmapped = d.pop("unmapped")

        unmapped_examples = cast(list[str], d.pop("unmapped_examples"))


        lm_eval_import_read = cls(
            mapped=mapped,
            samples=samples,
            score=score,
            unmapped=unmapped,
            unmapped_examples=unmapped_examples,
        )


        lm_eval_import_read.additional_properties = d
        return lm_eval_import_read

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
