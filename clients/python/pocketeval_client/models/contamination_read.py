from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.contamination_read_definitions import ContaminationReadDefinitions
  from ..models.corpus_file_read import CorpusFileRead
  from ..models.overlap_read import OverlapRead





T = TypeVar("T", bound="ContaminationRead")



@_attrs_define
class ContaminationRead:
    """ 
        Attributes:
            benchmark (str):
            corpus (list[CorpusFileRead]):
            definitions (ContaminationReadDefinitions):
            flagged (list[OverlapRead]):
            min_overlap (float):
            n_flagged (int):
            n_items (int):
            n_probed (int): Items with at least `ngram` words
            ngram (int):
            split (None | str):
     """

    benchmark: str
    corpus: list[CorpusFileRead]
    definitions: ContaminationReadDefinitions
    flagged: list[OverlapRead]
    min_overlap: float
    n_flagged: int
    n_items: int
    n_probed: int
    ngram: int
    split: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.contamination_read_definitions import ContaminationReadDefinitions # noqa: PLC0415
        from ..models.corpus_file_read import CorpusFileRead # noqa: PLC0415
        from ..models.overlap_read import OverlapRead # noqa: PLC0415
        benchmark = self.benchmark

        corpus = []
        for corpus_item_data in self.corpus:
            corpus_item = corpus_item_data.to_dict()
            corpus.append(corpus_item)



        definitions = self.definitions.to_dict()

        flagged = []
        for flagged_item_data in self.flagged:
            flagged_item = flagged_item_data.to_dict()
            flagged.append(flagged_item)



        min_overlap = self.min_overlap

        n_flagged = self.n_flagged

        n_items = self.n_items

        n_probed = self.n_probed

        ngram = self.ngram

        split: None | str
        split = self.split


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmark": benchmark,
            "corpus": corpus,
            "definitions": definitions,
            "flagged": flagged,
            "min_overlap": min_overlap,
            "n_flagged": n_flagged,
            "n_items": n_items,
            "n_probed": n_probed,
            "ngram": ngram,
            "split": split,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contamination_read_definitions import ContaminationReadDefinitions # noqa: PLC0415
        from ..models.corpus_file_read import CorpusFileRead # noqa: PLC0415
        from ..models.overlap_read import OverlapRead # noqa: PLC0415
        d = dict(src_dict)
        benchmark = d.pop("benchmark")

        corpus = []
        _corpus = d.pop("corpus")
        for corpus_item_data in (_corpus):
            corpus_item = CorpusFileRead.from_dict(corpus_item_data)



            corpus.append(corpus_item)


        definitions = ContaminationReadDefinitions.from_dict(d.pop("definitions"))




        flagged = []
        _flagged = d.pop("flagged")
        for flagged_item_data in (_flagged):
            flagged_item = OverlapRead.from_dict(flagged_item_data)



            flagged.append(flagged_item)


        min_overlap = d.pop("min_overlap")

        n_flagged = d.pop("n_flagged")

        n_items = d.pop("n_items")

        n_probed = d.pop("n_probed")

        ngram = d.pop("ngram")

        def _parse_split(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        split = _parse_split(d.pop("split"))


        contamination_read = cls(
            benchmark=benchmark,
            corpus=corpus,
            definitions=definitions,
            flagged=flagged,
            min_overlap=min_overlap,
            n_flagged=n_flagged,
            n_items=n_items,
            n_probed=n_probed,
            ngram=ngram,
            split=split,
        )


        contamination_read.additional_properties = d
        return contamination_read

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
