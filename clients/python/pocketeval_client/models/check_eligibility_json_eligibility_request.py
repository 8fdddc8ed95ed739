from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CheckEligibilityJsonEligibilityRequest")



@_attrs_define
class CheckEligibilityJsonEligibilityRequest:
    """ 
        Attributes:
            budget_bytes (int | None | Unset): Default: POCKETEVAL_MEMORY_BUDGET_BYTES (8 GiB)
            model (None | str | Unset): Or the name of a registered GGUF model
            n_ctx (int | Unset):  Default: 8192.
            path (None | str | Unset): A GGUF inside POCKETEVAL_MODEL_DIRS (absolute, or relative to one of them)
     """

    budget_bytes: int | None | Unset = UNSET
    model: None | str | Unset = UNSET
    n_ctx: int | Unset = 8192
    path: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        budget_bytes: int | None | Unset
        if isinstance(self.budget_bytes, Unset):
            budget_bytes = UNSET
        else:
            budget_bytes = self.budget_bytes

        model: None | str | Unset
        if isinstance(self.model, Unset):
            model = UNSET
        else:
            model = self.model

        n_ctx = self.n_ctx

        path: None | str | Unset
        if isinstance(self.path, Unset):
            path = UNSET
        else:
            path = self.path


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if budget_bytes is not UNSET:
            field_dict["budget_bytes"] = budget_bytes
        if model is not UNSET:
            field_dict["model"] = model
        if n_ctx is not UNSET:
            field_dict["n_ctx"] = n_ctx
        if path is not UNSET:
            field_dict["path"] = path

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_budget_bytes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        budget_bytes = _parse_budget_bytes(d.pop("budget_bytes", UNSET))


        def _parse_model(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        model = _parse_model(d.pop("model", UNSET))


        n_ctx = d.pop("n_ctx", UNSET)

        def _parse_path(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        path = _parse_path(d.pop("path", UNSET))


        check_eligibility_json_eligibility_request = cls(
            budget_bytes=budget_bytes,
            model=model,
            n_ctx=n_ctx,
            path=path,
        )

        return check_eligibility_json_eligibility_request

