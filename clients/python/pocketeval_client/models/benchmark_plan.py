from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.sample_style import SampleStyle
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.benchmark_plan_strata_type_0 import BenchmarkPlanStrataType0





T = TypeVar("T", bound="BenchmarkPlan")



@_attrs_define
class BenchmarkPlan:
    """ 
        Attributes:
            benchmark_id (int):
            item_ids (list[int]):
            name (str):
            repeats (int):
            split (None | str):
            arrangements (list[str] | Unset):
            n_options (int | None | Unset):
            notes (list[str] | Unset):
            prompt_template_sha256 (str | Unset):  Default: ''.
            regenerated (list[int] | Unset):
            shared_repeats (bool | Unset):  Default: False.
            strata (BenchmarkPlanStrataType0 | None | Unset):
            style (SampleStyle | Unset): How a benchmark's items are put to the model in a run.
     """

    benchmark_id: int
    item_ids: list[int]
    name: str
    repeats: int
    split: None | str
    arrangements: list[str] | Unset = UNSET
    n_options: int | None | Unset = UNSET
    notes: list[str] | Unset = UNSET
    prompt_template_sha256: str | Unset = ''
    regenerated: list[int] | Unset = UNSET
    shared_repeats: bool | Unset = False
    strata: BenchmarkPlanStrataType0 | None | Unset = UNSET
    style: SampleStyle | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.benchmark_plan_strata_type_0 import BenchmarkPlanStrataType0 # noqa: PLC0415
        benchmark_id = self.benchmark_id

        item_ids = self.item_ids



        name = self.name

        repeats = self.repeats

        split: None | str
        split = self.split

        arrangements: list[str] | Unset = UNSET
        if not isinstance(self.arrangements, Unset):
            arrangements = self.arrangements



        n_options: int | None | Unset
        if isinstance(self.n_options, Unset):
            n_options = UNSET
        else:
            n_options = self.n_options

        notes: list[str] | Unset = UNSET
        if not isinstance(self.notes, Unset):
            notes = self.notes



        prompt_template_sha256 = self.prompt_template_sha256

        regenerated: list[int] | Unset = UNSET
        if not isinstance(self.regenerated, Unset):
            regenerated = self.regenerated



        shared_repeats = self.shared_repeats

        strata: dict[str, Any] | None | Unset
        if isinstance(self.strata, Unset):
            strata = UNSET
        elif isinstance(self.strata, BenchmarkPlanStrataType0):
            strata = self.strata.to_dict()
        else:
            strata = self.strata

        style: str | Unset = UNSET
        if not isinstance(self.style, Unset):
            style = self.style.value



        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmark_id": benchmark_id,
            "item_ids": item_ids,
            "name": name,
            "repeats": repeats,
            "split": split,
        })
        if arrangements is not UNSET:
            field_dict["arrangements"] = arrangements
        if n_options is not UNSET:
            field_dict["n_options"] = n_options
        if notes is not UNSET:
            field_dict["notes"] = notes
        if prompt_template_sha256 is not UNSET:
            field_dict["prompt_template_sha256"] = prompt_template_sha256
        if regenerated is not UNSET:
            field_dict["regenerated"] = regenerated
        if shared_repeats is not UNSET:
            field_dict["shared_repeats"] = shared_repeats
        if strata is not UNSET:
            field_dict["strata"] = strata
        if style is not UNSET:
            field_dict["style"] = style

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.benchmark_plan_strata_type_0 import BenchmarkPlanStrataType0 # noqa: PLC0415
        d = dict(src_dict)
        benchmark_id = d.pop("benchmark_id")

        item_ids = cast(list[int], d.pop("item_ids"))


        name = d.pop("name")

        repeats = d.pop("repeats")

        def _parse_split(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        split = _parse_split(d.pop("split"))


        arrangements = cast(list[str], d.pop("arrangements", UNSET))


        def _parse_n_options(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        n_options = _parse_n_options(d.pop("n_options", UNSET))


        notes = cast(list[str], d.pop("notes", UNSET))


        prompt_template_sha256 = d.pop("prompt_template_sha256", UNSET)

        regenerated = cast(list[int], d.pop("regenerated", UNSET))


        shared_repeats = d.pop("shared_repeats", UNSET)

        def _parse_strata(data: object) -> BenchmarkPlanStrataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                strata_type_0 = BenchmarkPlanStrataType0.from_dict(data)



                return strata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BenchmarkPlanStrataType0 | None | Unset, data)

        strata = _parse_strata(d.pop("strata", UNSET))


        _style = d.pop("style", UNSET)
        style: SampleStyle | Unset
        if isinstance(_style,  Unset):
            style = UNSET
        else:
            style = SampleStyle(_style)




        benchmark_plan = cls(
            benchmark_id=benchmark_id,
            item_ids=item_ids,
            name=name,
            repeats=repeats,
            split=split,
            arrangements=arrangements,
            n_options=n_options,
            notes=notes,
            prompt_template_sha256=prompt_template_sha256,
            regenerated=regenerated,
            shared_repeats=shared_repeats,
            strata=strata,
            style=style,
        )


        benchmark_plan.additional_properties = d
        return benchmark_plan

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
