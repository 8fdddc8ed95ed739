from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.derivation_method import DerivationMethod
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.derivation_runs import DerivationRuns
  from ..models.derivation_validation import DerivationValidation





T = TypeVar("T", bound="Derivation")



@_attrs_define
class Derivation:
    """ How a derived benchmark version was made from its parent: it keeps the parent's
    definition (prompts, scoring) and item ids, less the dropped items of one split.

        Attributes:
            method (DerivationMethod):
            parent (str):
            parent_version (str):
            rules (list[str]): What removed an item, in words
            split (None | str): The split filtered (other splits, such as few-shot examples, are copied whole); null: every
                split
            audit_run_id (int | None | Unset):
            dropped (list[str] | Unset): External ids removed
            kept (int | Unset):  Default: 0.
            runs (DerivationRuns | Unset): Model -> the run its answers came from
            spec (None | str | Unset): The built-in definition it shares
            validation (DerivationValidation | Unset): Option expansion: counts of the checks made on the extra options
     """

    method: DerivationMethod
    parent: str
    parent_version: str
    rules: list[str]
    split: None | str
    audit_run_id: int | None | Unset = UNSET
    dropped: list[str] | Unset = UNSET
    kept: int | Unset = 0
    runs: DerivationRuns | Unset = UNSET
    spec: None | str | Unset = UNSET
    validation: DerivationValidation | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.derivation_runs import DerivationRuns # noqa: PLC0415
        from ..models.derivation_validation import DerivationValidation # noqa: PLC0415
        method = self.method.value

        parent = self.parent

        parent_version = self.parent_version

        rules = self.rules



        split: None | str
        split = self.split

        audit_run_id: int | None | Unset
        if isinstance(self.audit_run_id, Unset):
            audit_run_id = UNSET
        else:
            audit_run_id = self.audit_run_id

        dropped: list[str] | Unset = UNSET
        if not isinstance(self.dropped, Unset):
            dropped = self.dropped



        kept = self.kept

        runs: dict[str, Any] | Unset = UNSET
        if not isinstance(self.runs, Unset):
            runs = self.runs.to_dict()

        spec: None | str | Unset
        if isinstance(self.spec, Unset):
            spec = UNSET
        else:
            spec = self.spec

        validation: dict[str, Any] | Unset = UNSET
        if not isinstance(self.validation, Unset):
            validation = self.validation.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "method": method,
            "parent": parent,
            "parent_version": parent_version,
            "rules": rules,
            "split": split,
        })
        if audit_run_id is not UNSET:
            field_dict["audit_run_id"] = audit_run_id
        if dropped is not UNSET:
            field_dict["dropped"] = dropped
        if kept is not UNSET:
            field_dict["kept"] = kept
        if runs is not UNSET:
            field_dict["runs"] = runs
        if spec is not UNSET:
            field_dict["spec"] = spec
        if validation is not UNSET:
            field_dict["validation"] = validation

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.derivation_runs import DerivationRuns # noqa: PLC0415
        from ..models.derivation_validation import DerivationValidation # noqa: PLC0415
        d = dict(src_dict)
        method = DerivationMethod(d.pop("method"))




        parent = d.pop("parent")

        parent_version = d.pop("parent_version")

        rules = cast(list[str], d.pop("rules"))


        def _parse_split(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        split = _parse_split(d.pop("split"))


        def _parse_audit_run_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        audit_run_id = _parse_audit_run_id(d.pop("audit_run_id", UNSET))


        dropped = cast(list[str], d.pop("dropped", UNSET))


        kept = d.pop("kept", UNSET)

        _runs = d.pop("runs", UNSET)
        runs: DerivationRuns | Unset
        if isinstance(_runs,  Unset):
            runs = UNSET
        else:
            runs = DerivationRuns.from_dict(_runs)




        def _parse_spec(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        spec = _parse_spec(d.pop("spec", UNSET))


        _validation = d.pop("validation", UNSET)
        validation: DerivationValidation | Unset
        if isinstance(_validation,  Unset):
            validation = UNSET
        else:
            validation = DerivationValidation.from_dict(_validation)




        derivation = cls(
            method=method,
            parent=parent,
            parent_version=parent_version,
            rules=rules,
            split=split,
            audit_run_id=audit_run_id,
            dropped=dropped,
            kept=kept,
            runs=runs,
            spec=spec,
            validation=validation,
        )


        derivation.additional_properties = d
        return derivation

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
