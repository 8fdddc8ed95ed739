from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.pull_problem_errors_type_0_item import PullProblemErrorsType0Item
  from ..models.pull_problem_extra import PullProblemExtra





T = TypeVar("T", bound="PullProblem")



@_attrs_define
class PullProblem:
    """ Why a pull run failed: the problem+json the HTTP form answers with.

        Attributes:
            detail (str):
            status (int):
            title (str):
            type_slug (str):
            errors (list[PullProblemErrorsType0Item] | None | Unset):
            extra (PullProblemExtra | Unset):
     """

    detail: str
    status: int
    title: str
    type_slug: str
    errors: list[PullProblemErrorsType0Item] | None | Unset = UNSET
    extra: PullProblemExtra | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.pull_problem_errors_type_0_item import PullProblemErrorsType0Item # noqa: PLC0415
        from ..models.pull_problem_extra import PullProblemExtra # noqa: PLC0415
        detail = self.detail

        status = self.status

        title = self.title

        type_slug = self.type_slug

        errors: list[dict[str, Any]] | None | Unset
        if isinstance(self.errors, Unset):
            errors = UNSET
        elif isinstance(self.errors, list):
            errors = []
            for errors_type_0_item_data in self.errors:
                errors_type_0_item = errors_type_0_item_data.to_dict()
                errors.append(errors_type_0_item)


        else:
            errors = self.errors

        extra: dict[str, Any] | Unset = UNSET
        if not isinstance(self.extra, Unset):
            extra = self.extra.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "detail": detail,
            "status": status,
            "title": title,
            "type_slug": type_slug,
        })
        if errors is not UNSET:
            field_dict["errors"] = errors
        if extra is not UNSET:
            field_dict["extra"] = extra

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pull_problem_errors_type_0_item import PullProblemErrorsType0Item # noqa: PLC0415
        from ..models.pull_problem_extra import PullProblemExtra # noqa: PLC0415
        d = dict(src_dict)
        detail = d.pop("detail")

        status = d.pop("status")

        title = d.pop("title")

        type_slug = d.pop("type_slug")

        def _parse_errors(data: object) -> list[PullProblemErrorsType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                errors_type_0 = []
                _errors_type_0 = data
                for errors_type_0_item_data in (_errors_type_0):
                    errors_type_0_item = PullProblemErrorsType0Item.from_dict(errors_type_0_item_data)



                    errors_type_0.append(errors_type_0_item)

                return errors_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PullProblemErrorsType0Item] | None | Unset, data)

        errors = _parse_errors(d.pop("errors", UNSET))


        _extra = d.pop("extra", UNSET)
        extra: PullProblemExtra | Unset
        if isinstance(_extra,  Unset):
            extra = UNSET
        else:
            extra = PullProblemExtra.from_dict(_extra)




        pull_problem = cls(
            detail=detail,
            status=status,
            title=title,
            type_slug=type_slug,
            errors=errors,
            extra=extra,
        )


        pull_problem.additional_properties = d
        return pull_problem

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
