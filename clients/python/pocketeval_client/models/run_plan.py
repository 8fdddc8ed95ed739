from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.unit_order import UnitOrder
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.benchmark_plan import BenchmarkPlan
  from ..models.endpoint_plan import EndpointPlan
  from ..models.gguf_plan import GGUFPlan
  from ..models.judge_plan import JudgePlan
  from ..models.methodology_pin import MethodologyPin
  from ..models.order_audit_plan import OrderAuditPlan
  from ..models.run_limits import RunLimits
  from ..models.shortcut_audit_plan import ShortcutAuditPlan
  from ..models.stop_when import StopWhen
  from ..models.vision_audit_plan import VisionAuditPlan





T = TypeVar("T", bound="RunPlan")



@_attrs_define
class RunPlan:
    """ An endpoint or GGUF run: what to evaluate, how, on which items.

        Attributes:
            benchmarks (list[BenchmarkPlan]):
            model (EndpointPlan | GGUFPlan):
            audit (None | OrderAuditPlan | ShortcutAuditPlan | Unset | VisionAuditPlan):
            concurrency (int | Unset):  Default: 1.
            judge (JudgePlan | None | Unset):
            limit (int | None | Unset):
            limits (RunLimits | Unset):
            methodology (MethodologyPin | Unset): The methodology a run's prompts, answer reading, grading and sampling
                follow (by
                name and version, with the hash of its texts), and where the run departs from it.
            order (UnitOrder | Unset): The order a run's items go in. `random` (seeded by the run's seed, across its
                benchmarks; an item's repeats together) makes every prefix a uniform random sample, so
                the running estimate is unbiased and a run may stop early; `stored` keeps the items'
                stored order.
            reference_run (int | None | Unset):
            sample (int | None | Unset):
            seed (int | Unset):  Default: 0.
            stop_when (None | StopWhen | Unset):
     """

    benchmarks: list[BenchmarkPlan]
    model: EndpointPlan | GGUFPlan
    audit: None | OrderAuditPlan | ShortcutAuditPlan | Unset | VisionAuditPlan = UNSET
    concurrency: int | Unset = 1
    judge: JudgePlan | None | Unset = UNSET
    limit: int | None | Unset = UNSET
    limits: RunLimits | Unset = UNSET
    methodology: MethodologyPin | Unset = UNSET
    order: UnitOrder | Unset = UNSET
    reference_run: int | None | Unset = UNSET
    sample: int | None | Unset = UNSET
    seed: int | Unset = 0
    stop_when: None | StopWhen | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.benchmark_plan import BenchmarkPlan # noqa: PLC0415
        from ..models.endpoint_plan import EndpointPlan # noqa: PLC0415
        from ..models.gguf_plan import GGUFPlan # noqa: PLC0415
        from ..models.judge_plan import JudgePlan # noqa: PLC0415
        from ..models.methodology_pin import MethodologyPin # noqa: PLC0415
        from ..models.order_audit_plan import OrderAuditPlan # noqa: PLC0415
        from ..models.run_limits import RunLimits # noqa: PLC0415
        from ..models.shortcut_audit_plan import ShortcutAuditPlan # noqa: PLC0415
        from ..models.stop_when import StopWhen # noqa: PLC0415
        from ..models.vision_audit_plan import VisionAuditPlan # noqa: PLC0415
        benchmarks = []
        for benchmarks_item_data in self.benchmarks:
            benchmarks_item = benchmarks_item_data.to_dict()
            benchmarks.append(benchmarks_item)



        model: dict[str, Any]
        if isinstance(self.model, EndpointPlan):
            model = self.model.to_dict()
        else:
            model = self.model.to_dict()


        audit: dict[str, Any] | None | Unset
        if isinstance(self.audit, Unset):
            audit = UNSET
        elif isinstance(self.audit, OrderAuditPlan):
            audit = self.audit.to_dict()
        elif isinstance(self.audit, ShortcutAuditPlan):
            audit = self.audit.to_dict()
        elif isinstance(self.audit, VisionAuditPlan):
            audit = self.audit.to_dict()
        else:
            audit = self.audit

        concurrency = self.concurrency

        judge: dict[str, Any] | None | Unset
        if isinstance(self.judge, Unset):
            judge = UNSET
        elif isinstance(self.judge, JudgePlan):
            judge = self.judge.to_dict()
        else:
            judge = self.judge

        limit: int | None | Unset
        if isinstance(self.limit, Unset):
            limit = UNSET
        else:
            limit = self.limit

        limits: dict[str, Any] | Unset = UNSET
        if not isinstance(self.limits, Unset):
            limits = self.limits.to_dict()

        methodology: dict[str, Any] | Unset = UNSET
        if not isinstance(self.methodology, Unset):
            methodology = self.methodology.to_dict()

        order: str | Unset = UNSET
        if not isinstance(self.order, Unset):
            order = self.order.value


        reference_run: int | None | Unset
        if isinstance(self.reference_run, Unset):
            reference_run = UNSET
        else:
            reference_run = self.reference_run

        sample: int | None | Unset
        if isinstance(self.sample, Unset):
            sample = UNSET
        else:
            sample = self.sample

        seed = self.seed

        stop_when: dict[str, Any] | None | Unset
        if isinstance(self.stop_when, Unset):
            stop_when = UNSET
        elif isinstance(self.stop_when, StopWhen):
            stop_when = self.stop_when.to_dict()
        else:
            stop_when = self.stop_when


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmarks": benchmarks,
            "model": model,
        })
        if audit is not UNSET:
            field_dict["audit"] = audit
        if concurrency is not UNSET:
            field_dict["concurrency"] = concurrency
        if judge is not UNSET:
            field_dict["judge"] = judge
        if limit is not UNSET:
            field_dict["limit"] = limit
        if limits is not UNSET:
            field_dict["limits"] = limits
        if methodology is not UNSET:
            field_dict["methodology"] = methodology
        if order is not UNSET:
            field_dict["order"] = order
        if reference_run is not UNSET:
            field_dict["reference_run"] = reference_run
        if sample is not UNSET:
            field_dict["sample"] = sample
        if seed is not UNSET:
            field_dict["seed"] = seed
        if stop_when is not UNSET:
            field_dict["stop_when"] = stop_when

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.benchmark_plan import BenchmarkPlan # noqa: PLC0415
        from ..models.endpoint_plan import EndpointPlan # noqa: PLC0415
        from ..models.gguf_plan import GGUFPlan # noqa: PLC0415
        from ..models.judge_plan import JudgePlan # noqa: PLC0415
        from ..models.methodology_pin import MethodologyPin # noqa: PLC0415
        from ..models.order_audit_plan import OrderAuditPlan # noqa: PLC0415
        from ..models.run_limits import RunLimits # noqa: PLC0415
        from ..models.shortcut_audit_plan import ShortcutAuditPlan # noqa: PLC0415
        from ..models.stop_when import StopWhen # noqa: PLC0415
        from ..models.vision_audit_plan import VisionAuditPlan # noqa: PLC0415
        d = dict(src_dict)
        benchmarks = []
        _benchmarks = d.pop("benchmarks")
        for benchmarks_item_data in (_benchmarks):
            benchmarks_item = BenchmarkPlan.from_dict(benchmarks_item_data)



            benchmarks.append(benchmarks_item)


        def _parse_model(data: object) -> EndpointPlan | GGUFPlan:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                model_type_0 = EndpointPlan.from_dict(data)



                return model_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            model_type_1 = GGUFPlan.from_dict(data)



            return model_type_1

        model = _parse_model(d.pop("model"))


        def _parse_audit(data: object) -> None | OrderAuditPlan | ShortcutAuditPlan | Unset | VisionAuditPlan:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                audit_type_0_type_0 = OrderAuditPlan.from_dict(data)



                return audit_type_0_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                audit_type_0_type_1 = ShortcutAuditPlan.from_dict(data)



                return audit_type_0_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                audit_type_0_type_2 = VisionAuditPlan.from_dict(data)



                return audit_type_0_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OrderAuditPlan | ShortcutAuditPlan | Unset | VisionAuditPlan, data)

        audit = _parse_audit(d.pop("audit", UNSET))


        concurrency = d.pop("concurrency", UNSET)

        def _parse_judge(data: object) -> JudgePlan | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                judge_type_0 = JudgePlan.from_dict(data)



                return judge_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(JudgePlan | None | Unset, data)

        judge = _parse_judge(d.pop("judge", UNSET))


        def _parse_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        limit = _parse_limit(d.pop("limit", UNSET))


        _limits = d.pop("limits", UNSET)
        limits: RunLimits | Unset
        if isinstance(_limits,  Unset):
            limits = UNSET
        else:
            limits = RunLimits.from_dict(_limits)




        _methodology = d.pop("methodology", UNSET)
        methodology: MethodologyPin | Unset
        if isinstance(_methodology,  Unset):
            methodology = UNSET
        else:
            methodology = MethodologyPin.from_dict(_methodology)




        _order = d.pop("order", UNSET)
        order: UnitOrder | Unset
        if isinstance(_order,  Unset):
            order = UNSET
        else:
            order = UnitOrder(_order)




        def _parse_reference_run(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reference_run = _parse_reference_run(d.pop("reference_run", UNSET))


        def _parse_sample(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        sample = _parse_sample(d.pop("sample", UNSET))


        seed = d.pop("seed", UNSET)

        def _parse_stop_when(data: object) -> None | StopWhen | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                stop_when_type_0 = StopWhen.from_dict(data)



                return stop_when_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StopWhen | Unset, data)

        stop_when = _parse_stop_when(d.pop("stop_when", UNSET))


        run_plan = cls(
            benchmarks=benchmarks,
            model=model,
            audit=audit,
            concurrency=concurrency,
            judge=judge,
            limit=limit,
            limits=limits,
            methodology=methodology,
            order=order,
            reference_run=reference_run,
            sample=sample,
            seed=seed,
            stop_when=stop_when,
        )


        run_plan.additional_properties = d
        return run_plan

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
