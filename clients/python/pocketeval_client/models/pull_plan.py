from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import Literal, cast






T = TypeVar("T", bound="PullPlan")



@_attrs_define
class PullPlan:
    """ A pull run's plan: one catalog benchmark's published files, from its repository at a
    revision (the catalog's unless one was asked for).

        Attributes:
            benchmark (str):
            gated (bool):
            licence (str):
            max_errors (int): Rejected rows listed at most, as for imports
            repo_id (str):
            revision (str):
            kind (Literal['pull'] | Unset):  Default: 'pull'.
     """

    benchmark: str
    gated: bool
    licence: str
    max_errors: int
    repo_id: str
    revision: str
    kind: Literal['pull'] | Unset = 'pull'
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        benchmark = self.benchmark

        gated = self.gated

        licence = self.licence

        max_errors = self.max_errors

        repo_id = self.repo_id

        revision = self.revision

        kind = self.kind


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmark": benchmark,
            "gated": gated,
            "licence": licence,
            "max_errors": max_errors,
            "repo_id": repo_id,
            "revision": revision,
        })
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        benchmark = d.pop("benchmark")

        gated = d.pop("gated")

        licence = d.pop("licence")

        max_errors = d.pop("max_errors")

        repo_id = d.pop("repo_id")

        revision = d.pop("revision")

        kind = cast(Literal['pull'] | Unset , d.pop("kind", UNSET))
        if kind != 'pull'and not isinstance(kind, Unset):
            raise ValueError(f"kind must match const 'pull', got '{kind}'")

        pull_plan = cls(
            benchmark=benchmark,
            gated=gated,
            licence=licence,
            max_errors=max_errors,
            repo_id=repo_id,
            revision=revision,
            kind=kind,
        )


        pull_plan.additional_properties = d
        return pull_plan

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
