from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.reuse_mode import ReuseMode
from typing import cast






T = TypeVar("T", bound="Numerics")



@_attrs_define
class Numerics:
    """ 
        Attributes:
            flash_attn (bool):
            n_batch (int | None):
            n_threads (int | None):
            n_ubatch (int | None):
            reuse (ReuseMode): Loglikelihood runs: evaluate each item's whole context from an empty cache (exact,
                lm-evaluation-harness's numbers), or keep the shared few-shot prefix in the cache
                (faster; numbers drift, measured on a calibration sample and reported).
            runtime (str):
            swa_full (bool):
     """

    flash_attn: bool
    n_batch: int | None
    n_threads: int | None
    n_ubatch: int | None
    reuse: ReuseMode
    runtime: str
    swa_full: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        flash_attn = self.flash_attn

        n_batch: int | None
        n_batch = self.n_batch

        n_threads: int | None
        n_threads = self.n_threads

        n_ubatch: int | None
        n_ubatch = self.n_ubatch

        reuse = self.reuse.value

        runtime = self.runtime

        swa_full = self.swa_full


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "flash_attn": flash_attn,
            "n_batch": n_batch,
            "n_threads": n_threads,
            "n_ubatch": n_ubatch,
            "reuse": reuse,
            "runtime": runtime,
            "swa_full": swa_full,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        flash_attn = d.pop("flash_attn")

        def _parse_n_batch(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        n_batch = _parse_n_batch(d.pop("n_batch"))


        def _parse_n_threads(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        n_threads = _parse_n_threads(d.pop("n_threads"))


        def _parse_n_ubatch(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        n_ubatch = _parse_n_ubatch(d.pop("n_ubatch"))


        reuse = ReuseMode(d.pop("reuse"))




        runtime = d.pop("runtime")

        swa_full = d.pop("swa_full")

        numerics = cls(
            flash_attn=flash_attn,
            n_batch=n_batch,
            n_threads=n_threads,
            n_ubatch=n_ubatch,
            reuse=reuse,
            runtime=runtime,
            swa_full=swa_full,
        )


        numerics.additional_properties = d
        return numerics

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
