from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.bound import Bound
from ..models.decision import Decision
from ..models.index_non_inferiority_read_reference import IndexNonInferiorityReadReference
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.interval import Interval





T = TypeVar("T", bound="IndexNonInferiorityRead")



@_attrs_define
class IndexNonInferiorityRead:
    """ The Mobile Intelligence Index of the build against the reference's, from the two
    Index values and their standard errors (unpaired: see definitions.non_inferiority).

        Attributes:
            difference (float | None): build - reference
            index_build (float | None):
            index_reference (float | None):
            lower_bound (float | None): Above -margin: non-inferior
            margin (float):
            missing (list[str]): Index components one side lacks: no verdict
            p_value (float | None): One-sided: H0 build - reference <= -margin
            reference (IndexNonInferiorityReadReference):
            retention (float | None):
            retention_ci95 (Interval | None):
            stderr (float | None): sqrt(se_reference^2 + se_build^2)
            verdict (Decision | None):
            deciding_bound (Bound | None | Unset): lower (non-inferior) or upper (inferior); none when inconclusive
            upper_bound (float | None | Unset): Below -margin: inferior
     """

    difference: float | None
    index_build: float | None
    index_reference: float | None
    lower_bound: float | None
    margin: float
    missing: list[str]
    p_value: float | None
    reference: IndexNonInferiorityReadReference
    retention: float | None
    retention_ci95: Interval | None
    stderr: float | None
    verdict: Decision | None
    deciding_bound: Bound | None | Unset = UNSET
    upper_bound: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.interval import Interval # noqa: PLC0415
        difference: float | None
        difference = self.difference

        index_build: float | None
        index_build = self.index_build

        index_reference: float | None
        index_reference = self.index_reference

        lower_bound: float | None
        lower_bound = self.lower_bound

        margin = self.margin

        missing = self.missing



        p_value: float | None
        p_value = self.p_value

        reference = self.reference.value

        retention: float | None
        retention = self.retention

        retention_ci95: dict[str, Any] | None
        if isinstance(self.retention_ci95, Interval):
            retention_ci95 = self.retention_ci95.to_dict()
        else:
            retention_ci95 = self.retention_ci95

        stderr: float | None
        stderr = self.stderr

        verdict: None | str
        if isinstance(self.verdict, Decision):
            verdict = self.verdict.value
        else:
            verdict = self.verdict

        deciding_bound: None | str | Unset
        if isinstance(self.deciding_bound, Unset):
            deciding_bound = UNSET
        elif isinstance(self.deciding_bound, Bound):
            deciding_bound = self.deciding_bound.value
        else:
            deciding_bound = self.deciding_bound

        upper_bound: float | None | Unset
        if isinstance(self.upper_bound, Unset):
            upper_bound = UNSET
        else:
            upper_bound = self.upper_bound


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "difference": difference,
            "index_build": index_build,
            "index_reference": index_reference,
            "lower_bound": lower_bound,
            "margin": margin,
            "missing": missing,
            "p_value": p_value,
            "reference": reference,
            "retention": retention,
            "retention_ci95": retention_ci95,
            "stderr": stderr,
            "verdict": verdict,
        })
        if deciding_bound is not UNSET:
            field_dict["deciding_bound"] = deciding_bound
        if upper_bound is not UNSET:
            field_dict["upper_bound"] = upper_bound

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.interval import Interval # noqa: PLC0415
        d = dict(src_dict)
        def _parse_difference(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        difference = _parse_difference(d.pop("difference"))


        def _parse_index_build(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        index_build = _parse_index_build(d.pop("index_build"))


        def _parse_index_reference(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        index_reference = _parse_index_reference(d.pop("index_reference"))


        def _parse_lower_bound(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        lower_bound = _parse_lower_bound(d.pop("lower_bound"))


        margin = d.pop("margin")

        missing = cast(list[str], d.pop("missing"))


        def _parse_p_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p_value = _parse_p_value(d.pop("p_value"))


        reference = IndexNonInferiorityReadReference(d.pop("reference"))




        def _parse_retention(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        retention = _parse_retention(d.pop("retention"))


        def _parse_retention_ci95(data: object) -> Interval | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                retention_ci95_type_0 = Interval.from_dict(data)



                return retention_ci95_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Interval | None, data)

        retention_ci95 = _parse_retention_ci95(d.pop("retention_ci95"))


        def _parse_stderr(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        stderr = _parse_stderr(d.pop("stderr"))


        def _parse_verdict(data: object) -> Decision | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                verdict_type_0 = Decision(data)



                return verdict_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Decision | None, data)

        verdict = _parse_verdict(d.pop("verdict"))


        def _parse_deciding_bound(data: object) -> Bound | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deciding_bound_type_0 = Bound(data)



                return deciding_bound_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Bound | None | Unset, data)

        deciding_bound = _parse_deciding_bound(d.pop("deciding_bound", UNSET))


        def _parse_upper_bound(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        upper_bound = _parse_upper_bound(d.pop("upper_bound", UNSET))


        index_non_inferiority_read = cls(
            difference=difference,
            index_build=index_build,
            index_reference=index_reference,
            lower_bound=lower_bound,
            margin=margin,
            missing=missing,
            p_value=p_value,
            reference=reference,
            retention=retention,
            retention_ci95=retention_ci95,
            stderr=stderr,
            verdict=verdict,
            deciding_bound=deciding_bound,
            upper_bound=upper_bound,
        )


        index_non_inferiority_read.additional_properties = d
        return index_non_inferiority_read

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
