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
  from ..models.endpoint_model_in import EndpointModelIn
  from ..models.gguf_model_in import GGUFModelIn
  from ..models.methodology_in import MethodologyIn
  from ..models.notify_in import NotifyIn
  from ..models.option_order_audit_in import OptionOrderAuditIn
  from ..models.shortcut_audit_in import ShortcutAuditIn
  from ..models.stop_when import StopWhen
  from ..models.vision_audit_in import VisionAuditIn





T = TypeVar("T", bound="RunCreate")



@_attrs_define
class RunCreate:
    """ 
        Attributes:
            benchmarks (list[str]): Benchmark names, or `mobile-device-set`
            model (EndpointModelIn | GGUFModelIn): An endpoint (`base_url`) or a GGUF file (`path`)
            audit (None | OptionOrderAuditIn | ShortcutAuditIn | Unset | VisionAuditIn): Make this run an audit: `option-
                order` (repeats are the arrangements) or `no-shortcut` (repeats are the variants' tries)
            concurrency (int | Unset): At most POCKETEVAL_RUN_CONCURRENCY_MAX Default: 8.
            context_window (int | Unset):  Default: 16384.
            limit (int | None | Unset): First N items per benchmark; a benchmark scored over its categories takes the first
                of each, evenly, one each at least (the plan's `strata`)
            methodology (MethodologyIn | None | Unset): The prompts, answer reading, grading and sampling the run follows.
                Default: the published method of the mobile device set (Artificial Analysis's)
            notify (None | NotifyIn | Unset): Told when the run ends
            order (UnitOrder | Unset): The order a run's items go in. `random` (seeded by the run's seed, across its
                benchmarks; an item's repeats together) makes every prefix a uniform random sample, so
                the running estimate is unbiased and a run may stop early; `stored` keeps the items'
                stored order.
            reference_run (int | None | Unset): A finished run of the same one benchmark: this run takes its items in its
                order, paired (`limit`: its first ones; `sample`: a seeded sample, in its order), and `stop_when.decided` stops
                it once non-inferiority against it is decided, at the first of `looks` planned looks that decides
            repeats (int | None | Unset): Default: the methodology's repeats for each benchmark (5 where it names none); a
                benchmark may cap it (GET /benchmarks: max_repeats)
            request_timeout_s (float | Unset):  Default: 600.0.
            sample (int | None | Unset): N items per benchmark, chosen by `seed`; drawn from each category where the score
                needs them all, as `limit` is
            seed (int | Unset):  Default: 0.
            split (None | str | Unset):
            stop_when (None | StopWhen | Unset):
            time_limit_s (float | Unset): Per-response wall-clock limit of the second score Default: 60.0.
     """

    benchmarks: list[str]
    model: EndpointModelIn | GGUFModelIn
    audit: None | OptionOrderAuditIn | ShortcutAuditIn | Unset | VisionAuditIn = UNSET
    concurrency: int | Unset = 8
    context_window: int | Unset = 16384
    limit: int | None | Unset = UNSET
    methodology: MethodologyIn | None | Unset = UNSET
    notify: None | NotifyIn | Unset = UNSET
    order: UnitOrder | Unset = UNSET
    reference_run: int | None | Unset = UNSET
    repeats: int | None | Unset = UNSET
    request_timeout_s: float | Unset = 600.0
    sample: int | None | Unset = UNSET
    seed: int | Unset = 0
    split: None | str | Unset = UNSET
    stop_when: None | StopWhen | Unset = UNSET
    time_limit_s: float | Unset = 60.0





    def to_dict(self) -> dict[str, Any]:
        from ..models.endpoint_model_in import EndpointModelIn # noqa: PLC0415
        from ..models.gguf_model_in import GGUFModelIn # noqa: PLC0415
        from ..models.methodology_in import MethodologyIn # noqa: PLC0415
        from ..models.notify_in import NotifyIn # noqa: PLC0415
        from ..models.option_order_audit_in import OptionOrderAuditIn # noqa: PLC0415
        from ..models.shortcut_audit_in import ShortcutAuditIn # noqa: PLC0415
        from ..models.stop_when import StopWhen # noqa: PLC0415
        from ..models.vision_audit_in import VisionAuditIn # noqa: PLC0415
        benchmarks = self.benchmarks



        model: dict[str, Any]
        if isinstance(self.model, EndpointModelIn):
            model = self.model.to_dict()
        else:
            model = self.model.to_dict()


        audit: dict[str, Any] | None | Unset
        if isinstance(self.audit, Unset):
            audit = UNSET
        elif isinstance(self.audit, OptionOrderAuditIn):
            audit = self.audit.to_dict()
        elif isinstance(self.audit, ShortcutAuditIn):
            audit = self.audit.to_dict()
        elif isinstance(self.audit, VisionAuditIn):
            audit = self.audit.to_dict()
        else:
            audit = self.audit

        concurrency = self.concurrency

        context_window = self.context_window

        limit: int | None | Unset
        if isinstance(self.limit, Unset):
            limit = UNSET
        else:
            limit = self.limit

        methodology: dict[str, Any] | None | Unset
        if isinstance(self.methodology, Unset):
            methodology = UNSET
        elif isinstance(self.methodology, MethodologyIn):
            methodology = self.methodology.to_dict()
        else:
            methodology = self.methodology

        notify: dict[str, Any] | None | Unset
        if isinstance(self.notify, Unset):
            notify = UNSET
        elif isinstance(self.notify, NotifyIn):
            notify = self.notify.to_dict()
        else:
            notify = self.notify

        order: str | Unset = UNSET
        if not isinstance(self.order, Unset):
            order = self.order.value


        reference_run: int | None | Unset
        if isinstance(self.reference_run, Unset):
            reference_run = UNSET
        else:
            reference_run = self.reference_run

        repeats: int | None | Unset
        if isinstance(self.repeats, Unset):
            repeats = UNSET
        else:
            repeats = self.repeats

        request_timeout_s = self.request_timeout_s

        sample: int | None | Unset
        if isinstance(self.sample, Unset):
            sample = UNSET
        else:
            sample = self.sample

        seed = self.seed

        split: None | str | Unset
        if isinstance(self.split, Unset):
            split = UNSET
        else:
            split = self.split

        stop_when: dict[str, Any] | None | Unset
        if isinstance(self.stop_when, Unset):
            stop_when = UNSET
        elif isinstance(self.stop_when, StopWhen):
            stop_when = self.stop_when.to_dict()
        else:
            stop_when = self.stop_when

        time_limit_s = self.time_limit_s


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "benchmarks": benchmarks,
            "model": model,
        })
        if audit is not UNSET:
            field_dict["audit"] = audit
        if concurrency is not UNSET:
            field_dict["concurrency"] = concurrency
        if context_window is not UNSET:
            field_dict["context_window"] = context_window
        if limit is not UNSET:
            field_dict["limit"] = limit
        if methodology is not UNSET:
            field_dict["methodology"] = methodology
        if notify is not UNSET:
            field_dict["notify"] = notify
        if order is not UNSET:
            field_dict["order"] = order
        if reference_run is not UNSET:
            field_dict["reference_run"] = reference_run
        if repeats is not UNSET:
            field_dict["repeats"] = repeats
        if request_timeout_s is not UNSET:
            field_dict["request_timeout_s"] = request_timeout_s
        if sample is not UNSET:
            field_dict["sample"] = sample
        if seed is not UNSET:
            field_dict["seed"] = seed
        if split is not UNSET:
            field_dict["split"] = split
        if stop_when is not UNSET:
            field_dict["stop_when"] = stop_when
        if time_limit_s is not UNSET:
            field_dict["time_limit_s"] = time_limit_s

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.endpoint_model_in import EndpointModelIn # noqa: PLC0415
        from ..models.gguf_model_in import GGUFModelIn # noqa: PLC0415
        from ..models.methodology_in import MethodologyIn # noqa: PLC0415
        from ..models.notify_in import NotifyIn # noqa: PLC0415
        from ..models.option_order_audit_in import OptionOrderAuditIn # noqa: PLC0415
        from ..models.shortcut_audit_in import ShortcutAuditIn # noqa: PLC0415
        from ..models.stop_when import StopWhen # noqa: PLC0415
        from ..models.vision_audit_in import VisionAuditIn # noqa: PLC0415
        d = dict(src_dict)
        benchmarks = cast(list[str], d.pop("benchmarks"))


        def _parse_model(data: object) -> EndpointModelIn | GGUFModelIn:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                model_type_0 = EndpointModelIn.from_dict(data)



                return model_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            model_type_1 = GGUFModelIn.from_dict(data)



            return model_type_1

        model = _parse_model(d.pop("model"))


        def _parse_audit(data: object) -> None | OptionOrderAuditIn | ShortcutAuditIn | Unset | VisionAuditIn:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                audit_type_0_type_0 = OptionOrderAuditIn.from_dict(data)



                return audit_type_0_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                audit_type_0_type_1 = ShortcutAuditIn.from_dict(data)



                return audit_type_0_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                audit_type_0_type_2 = VisionAuditIn.from_dict(data)



                return audit_type_0_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OptionOrderAuditIn | ShortcutAuditIn | Unset | VisionAuditIn, data)

        audit = _parse_audit(d.pop("audit", UNSET))


        concurrency = d.pop("concurrency", UNSET)

        context_window = d.pop("context_window", UNSET)

        def _parse_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        limit = _parse_limit(d.pop("limit", UNSET))


        def _parse_methodology(data: object) -> MethodologyIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                methodology_type_0 = MethodologyIn.from_dict(data)



                return methodology_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MethodologyIn | None | Unset, data)

        methodology = _parse_methodology(d.pop("methodology", UNSET))


        def _parse_notify(data: object) -> None | NotifyIn | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                notify_type_0 = NotifyIn.from_dict(data)



                return notify_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | NotifyIn | Unset, data)

        notify = _parse_notify(d.pop("notify", UNSET))


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


        def _parse_repeats(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        repeats = _parse_repeats(d.pop("repeats", UNSET))


        request_timeout_s = d.pop("request_timeout_s", UNSET)

        def _parse_sample(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        sample = _parse_sample(d.pop("sample", UNSET))


        seed = d.pop("seed", UNSET)

        def _parse_split(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        split = _parse_split(d.pop("split", UNSET))


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


        time_limit_s = d.pop("time_limit_s", UNSET)

        run_create = cls(
            benchmarks=benchmarks,
            model=model,
            audit=audit,
            concurrency=concurrency,
            context_window=context_window,
            limit=limit,
            methodology=methodology,
            notify=notify,
            order=order,
            reference_run=reference_run,
            repeats=repeats,
            request_timeout_s=request_timeout_s,
            sample=sample,
            seed=seed,
            split=split,
            stop_when=stop_when,
            time_limit_s=time_limit_s,
        )

        return run_create

