from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.arrangement_read import ArrangementRead
  from ..models.interval import Interval
  from ..models.letter_preference_read import LetterPreferenceRead
  from ..models.order_audit_read_definitions import OrderAuditReadDefinitions





T = TypeVar("T", bound="OrderAuditRead")



@_attrs_define
class OrderAuditRead:
    """ 
        Attributes:
            arrangements (list[ArrangementRead]):
            benchmark (str):
            best (str):
            definitions (OrderAuditReadDefinitions):
            letter_preference (LetterPreferenceRead | None): The model's picks per letter against its keys' letters (None:
                no sample was answered)
            order_sensitive (bool): p_adjusted < 0.05 or letter_preference.p_adjusted < 0.05
            p_adjusted (float): Bonferroni over the arrangement pairs, then Holm over this test and the letter-preference
                test
            p_value (float): McNemar's exact test, worst against best
            robust_accuracy (float | None):
            robust_method (str):
            run_id (int):
            spread (float): accuracy(worst) - accuracy(best), paired over items
            spread_ci95 (Interval | None):
            worst (str):
     """

    arrangements: list[ArrangementRead]
    benchmark: str
    best: str
    definitions: OrderAuditReadDefinitions
    letter_preference: LetterPreferenceRead | None
    order_sensitive: bool
    p_adjusted: float
    p_value: float
    robust_accuracy: float | None
    robust_method: str
    run_id: int
    spread: float
    spread_ci95: Interval | None
    worst: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.arrangement_read import ArrangementRead # noqa: PLC0415
        from ..models.interval import Interval # noqa: PLC0415
        from ..models.letter_preference_read import LetterPreferenceRead # noqa: PLC0415
        from ..models.order_audit_read_definitions import OrderAuditReadDefinitions # noqa: PLC0415
        arrangements = []
        for arrangements_item_data in self.arrangements:
            arrangements_item = arrangements_item_data.to_dict()
            arrangements.append(arrangements_item)



        benchmark = self.benchmark

        best = self.best

        definitions = self.definitions.to_dict()

        letter_preference: dict[str, Any] | None
        if isinstance(self.letter_preference, LetterPreferenceRead):
            letter_preference = self.letter_preference.to_dict()
        else:
            letter_preference = self.letter_preference

        order_sensitive = self.order_sensitive

        p_adjusted = self.p_adjusted

        p_value = self.p_value

        robust_accuracy: float | None
        robust_accuracy = self.robust_accuracy

        robust_method = self.robust_method

        run_id = self.run_id

        spread = self.spread

        spread_ci95: dict[str, Any] | None
        if isinstance(self.spread_ci95, Interval):
            spread_ci95 = self.spread_ci95.to_dict()
        else:
            spread_ci95 = self.spread_ci95

        worst = self.worst


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "arrangements": arrangements,
            "benchmark": benchmark,
            "best": best,
            "definitions": definitions,
            "letter_preference": letter_preference,
            "order_sensitive": order_sensitive,
            "p_adjusted": p_adjusted,
            "p_value": p_value,
            "robust_accuracy": robust_accuracy,
            "robust_method": robust_method,
            "run_id": run_id,
            "spread": spread,
            "spread_ci95": spread_ci95,
            "worst": worst,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.arrangement_read import ArrangementRead # noqa: PLC0415
        from ..models.interval import Interval # noqa: PLC0415
        from ..models.letter_preference_read import LetterPreferenceRead # noqa: PLC0415
        from ..models.order_audit_read_definitions import OrderAuditReadDefinitions # noqa: PLC0415
        d = dict(src_dict)
        arrangements = []
        _arrangements = d.pop("arrangements")
        for arrangements_item_data in (_arrangements):
            arrangements_item = ArrangementRead.from_dict(arrangements_item_data)



            arrangements.append(arrangements_item)


        benchmark = d.pop("benchmark")

        best = d.pop("best")

        definitions = OrderAuditReadDefinitions.from_dict(d.pop("definitions"))




        def _parse_letter_preference(data: object) -> LetterPreferenceRead | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                letter_preference_type_0 = LetterPreferenceRead.from_dict(data)



                return letter_preference_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LetterPreferenceRead | None, data)

        letter_preference = _parse_letter_preference(d.pop("letter_preference"))


        order_sensitive = d.pop("order_sensitive")

        p_adjusted = d.pop("p_adjusted")

        p_value = d.pop("p_value")

        def _parse_robust_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        robust_accuracy = _parse_robust_accuracy(d.pop("robust_accuracy"))


        robust_method = d.pop("robust_method")

        run_id = d.pop("run_id")

        spread = d.pop("spread")

        def _parse_spread_ci95(data: object) -> Interval | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                spread_ci95_type_0 = Interval.from_dict(data)



                return spread_ci95_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Interval | None, data)

        spread_ci95 = _parse_spread_ci95(d.pop("spread_ci95"))


        worst = d.pop("worst")

        order_audit_read = cls(
            arrangements=arrangements,
            benchmark=benchmark,
            best=best,
            definitions=definitions,
            letter_preference=letter_preference,
            order_sensitive=order_sensitive,
            p_adjusted=p_adjusted,
            p_value=p_value,
            robust_accuracy=robust_accuracy,
            robust_method=robust_method,
            run_id=run_id,
            spread=spread,
            spread_ci95=spread_ci95,
            worst=worst,
        )


        order_audit_read.additional_properties = d
        return order_audit_read

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
