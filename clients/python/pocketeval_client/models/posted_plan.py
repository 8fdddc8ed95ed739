from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.methodology_pin import MethodologyPin





T = TypeVar("T", bound="PostedPlan")



@_attrs_define
class PostedPlan:
    """ Posted predictions: which benchmark and split they were scored against.

        Attributes:
            benchmark (str):
            missing (str):
            split (None | str):
            kind (Literal['predictions'] | Unset):  Default: 'predictions'.
            methodology (MethodologyPin | Unset): The methodology a run's prompts, answer reading, grading and sampling
                follow (by
                name and version, with the hash of its texts), and where the run departs from it.
            source (str | Unset):  Default: 'posted predictions'.
     """

    benchmark: str
    missing: str
    split: None | str
    kind: Literal['predictions'] | Unset = 'predictions'
    methodology: MethodologyPin | Unset = UNSET
    source: str | Unset = 'posted predictions'
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.methodology_pin import MethodologyPin # noqa: PLC0415
        benchmark = self.benchmark

        missing = self.missing

        split: None | str
        split = self.split

        kind = self.kind

        methodology: dict[str, Any] | Unset = UNSET
        if not isinstance(self.methodology, Unset):
            methodology = self.methodology.to_dict()

        source = self.source


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmark": benchmark,
            "missing": missing,
            "split": split,
        })
        if kind is not UNSET:
            field_dict["kind"] = kind
        if methodology is not UNSET:
            field_dict["methodology"] = methodology
        if source is not UNSET:
            field_dict["source"] = source

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.methodology_pin import MethodologyPin # noqa: PLC0415
        d = dict(src_dict)
        benchmark = d.pop("benchmark")

        missing = d.pop("missing")

        def _parse_split(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        split = _parse_split(d.pop("split"))


        kind = cast(Literal['predictions'] | Unset , d.pop("kind", UNSET))
        if kind != 'predictions'and not isinstance(kind, Unset):
            raise ValueError(f"kind must match const 'predictions', got '{kind}'")

        _methodology = d.pop("methodology", UNSET)
        methodology: MethodologyPin | Unset
        if isinstance(_methodology,  Unset):
            methodology = UNSET
        else:
            methodology = MethodologyPin.from_dict(_methodology)




        source = d.pop("source", UNSET)

        posted_plan = cls(
            benchmark=benchmark,
            missing=missing,
            split=split,
            kind=kind,
            methodology=methodology,
            source=source,
        )


        posted_plan.additional_properties = d
        return posted_plan

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
