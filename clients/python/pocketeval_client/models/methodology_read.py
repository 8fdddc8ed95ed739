from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.methodology_read_definitions import MethodologyReadDefinitions
  from ..models.methodology_read_repeats import MethodologyReadRepeats
  from ..models.methodology_read_replies import MethodologyReadReplies
  from ..models.methodology_read_temperature import MethodologyReadTemperature
  from ..models.methodology_read_texts import MethodologyReadTexts
  from ..models.pattern_read import PatternRead
  from ..models.text_read import TextRead





T = TypeVar("T", bound="MethodologyRead")



@_attrs_define
class MethodologyRead:
    """ 
        Attributes:
            default (bool):
            default_repeats (int):
            definitions (MethodologyReadDefinitions):
            extraction (list[PatternRead]): Tried in order; empty: PocketEval's standalone 'Answer: X' reading
            index_weighting (str):
            mcq_option_line (str):
            mcq_prompt (TextRead):
            name (str):
            repeats (MethodologyReadRepeats):
            replies (MethodologyReadReplies): How a grader's reply to the text of the same key is read
            sha256 (str): What a run's reproducibility record carries
            source (str):
            temperature (MethodologyReadTemperature):
            texts (MethodologyReadTexts): The texts its benchmarks send, keyed `<benchmark>.<role>` (prompt, checker,
                grader), exactly as sent
            title (str):
            version (str):
     """

    default: bool
    default_repeats: int
    definitions: MethodologyReadDefinitions
    extraction: list[PatternRead]
    index_weighting: str
    mcq_option_line: str
    mcq_prompt: TextRead
    name: str
    repeats: MethodologyReadRepeats
    replies: MethodologyReadReplies
    sha256: str
    source: str
    temperature: MethodologyReadTemperature
    texts: MethodologyReadTexts
    title: str
    version: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.methodology_read_definitions import MethodologyReadDefinitions # noqa: PLC0415
        from ..models.methodology_read_repeats import MethodologyReadRepeats # noqa: PLC0415
        from ..models.methodology_read_replies import MethodologyReadReplies # noqa: PLC0415
        from ..models.methodology_read_temperature import MethodologyReadTemperature # noqa: PLC0415
        from ..models.methodology_read_texts import MethodologyReadTexts # noqa: PLC0415
        from ..models.pattern_read import PatternRead # noqa: PLC0415
        from ..models.text_read import TextRead # noqa: PLC0415
        default = self.default

        default_repeats = self.default_repeats

        definitions = self.definitions.to_dict()

        extraction = []
        for extraction_item_data in self.extraction:
            extraction_item = extraction_item_data.to_dict()
            extraction.append(extraction_item)



        index_weighting = self.index_weighting

        mcq_option_line = self.mcq_option_line

        mcq_prompt = self.mcq_prompt.to_dict()

        name = self.name

        repeats = self.repeats.to_dict()

        replies = self.replies.to_dict()

        sha256 = self.sha256

        source = self.source

        temperature = self.temperature.to_dict()

        texts = self.texts.to_dict()

        title = self.title

        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "default": default,
            "default_repeats": default_repeats,
            "definitions": definitions,
            "extraction": extraction,
            "index_weighting": index_weighting,
            "mcq_option_line": mcq_option_line,
            "mcq_prompt": mcq_prompt,
            "name": name,
            "repeats": repeats,
            "replies": replies,
            "sha256": sha256,
            "source": source,
            "temperature": temperature,
            "texts": texts,
            "title": title,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.methodology_read_definitions import MethodologyReadDefinitions # noqa: PLC0415
        from ..models.methodology_read_repeats import MethodologyReadRepeats # noqa: PLC0415
        from ..models.methodology_read_replies import MethodologyReadReplies # noqa: PLC0415
        from ..models.methodology_read_temperature import MethodologyReadTemperature # noqa: PLC0415
        from ..models.methodology_read_texts import MethodologyReadTexts # noqa: PLC0415
        from ..models.pattern_read import PatternRead # noqa: PLC0415
        from ..models.text_read import TextRead # noqa: PLC0415
        d = dict(src_dict)
        default = d.pop("default")

        default_repeats = d.pop("default_repeats")

        definitions = MethodologyReadDefinitions.from_dict(d.pop("definitions"))




        extraction = []
        _extraction = d.pop("extraction")
        for extraction_item_data in (_extraction):
            extraction_item = PatternRead.from_dict(extraction_item_data)



            extraction.append(extraction_item)


        index_weighting = d.pop("index_weighting")

        mcq_option_line = d.pop("mcq_option_line")

        mcq_prompt = TextRead.from_dict(d.pop("mcq_prompt"))




        name = d.pop("name")

        repeats = MethodologyReadRepeats.from_dict(d.pop("repeats"))




        replies = MethodologyReadReplies.from_dict(d.pop("replies"))




        sha256 = d.pop("sha256")

        source = d.pop("source")

        temperature = MethodologyReadTemperature.from_dict(d.pop("temperature"))




        texts = MethodologyReadTexts.from_dict(d.pop("texts"))




        title = d.pop("title")

        version = d.pop("version")

        methodology_read = cls(
            default=default,
            default_repeats=default_repeats,
            definitions=definitions,
            extraction=extraction,
            index_weighting=index_weighting,
            mcq_option_line=mcq_option_line,
            mcq_prompt=mcq_prompt,
            name=name,
            repeats=repeats,
            replies=replies,
            sha256=sha256,
            source=source,
            temperature=temperature,
            texts=texts,
            title=title,
            version=version,
        )


        methodology_read.additional_properties = d
        return methodology_read

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
