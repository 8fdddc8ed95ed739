from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.counts import Counts
  from ..models.interval import Interval
  from ..models.latency_read import LatencyRead
  from ..models.loop_stops_read import LoopStopsRead
  from ..models.memory_read import MemoryRead
  from ..models.methodology_pin import MethodologyPin
  from ..models.metrics_read_definitions import MetricsReadDefinitions
  from ..models.metrics_read_extra import MetricsReadExtra
  from ..models.partial_read import PartialRead
  from ..models.pass_at_one import PassAtOne
  from ..models.reuse_calibration import ReuseCalibration
  from ..models.subject_read import SubjectRead
  from ..models.time_limited_read import TimeLimitedRead
  from ..models.usage_read import UsageRead





T = TypeVar("T", bound="MetricsRead")



@_attrs_define
class MetricsRead:
    """ 
        Attributes:
            accuracy (float | None):
            benchmark (str):
            ci95 (Interval | None):
            counts (Counts):
            definitions (MetricsReadDefinitions):
            macro_accuracy (float | None):
            n_items (int):
            n_keyed (int):
            normalized_gain (float | None):
            pass_at_1 (None | PassAtOne): null where the set has no headline
            random_baseline (float | None):
            repeats (list[int]):
            split (None | str):
            stderr (float | None):
            subjects (list[SubjectRead]):
            extra (MetricsReadExtra | Unset): The benchmark's own metrics (hallucination rate, tool-calling score,
                strict/loose levels...); each is defined in `definitions`
            first_error (None | str | Unset): The first scoring error's message, where samples could not be scored
            latency (LatencyRead | None | Unset):
            loop_stops (LoopStopsRead | None | Unset):
            memory (MemoryRead | None | Unset):
            methodology (MethodologyPin | None | Unset): The methodology the figures were made by, and where the run
                departed from it
            n_judged (int | Unset): Keyed items with a judged sample: the denominator of accuracy (items whose scoring
                raised are not) Default: 0.
            notes (list[str] | Unset): What the run's plan made of its request where it differs from the words, e.g. a limit
                above the items
            partial (None | PartialRead | Unset): Set for a failed or cancelled run: the figures cover only the samples
                scored and are not a score of the benchmark; a posted set that failed or judged nothing has no figures at all
                (accuracy, its interval, pass@1 and the subjects' figures null), only these counts
            reuse_calibration (None | ReuseCalibration | Unset): GGUF runs with reuse prefix: the drift against the exact
                path on the benchmark's first items (max |delta log P| over options, flips)
            time_limited (None | TimeLimitedRead | Unset): Endpoint runs: the 60-s score
            usage (None | Unset | UsageRead):
     """

    accuracy: float | None
    benchmark: str
    ci95: Interval | None
    counts: Counts
    definitions: MetricsReadDefinitions
    macro_accuracy: float | None
    n_items: int
    n_keyed: int
    normalized_gain: float | None
    pass_at_1: None | PassAtOne
    random_baseline: float | None
    repeats: list[int]
    split: None | str
    stderr: float | None
    subjects: list[SubjectRead]
    extra: MetricsReadExtra | Unset = UNSET
    first_error: None | str | Unset = UNSET
    latency: LatencyRead | None | Unset = UNSET
    loop_stops: LoopStopsRead | None | Unset = UNSET
    memory: MemoryRead | None | Unset = UNSET
    methodology: MethodologyPin | None | Unset = UNSET
    n_judged: int | Unset = 0
    notes: list[str] | Unset = UNSET
    partial: None | PartialRead | Unset = UNSET
    reuse_calibration: None | ReuseCalibration | Unset = UNSET
    time_limited: None | TimeLimitedRead | Unset = UNSET
    usage: None | Unset | UsageRead = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.counts import Counts # noqa: PLC0415
        from ..models.interval import Interval # noqa: PLC0415
        from ..models.latency_read import LatencyRead # noqa: PLC0415
        from ..models.loop_stops_read import LoopStopsRead # noqa: PLC0415
        from ..models.memory_read import MemoryRead # noqa: PLC0415
        from ..models.methodology_pin import MethodologyPin # noqa: PLC0415
        from ..models.metrics_read_definitions import MetricsReadDefinitions # noqa: PLC0415
        from ..models.metrics_read_extra import MetricsReadExtra # noqa: PLC0415
        from ..models.partial_read import PartialRead # noqa: PLC0415
        from ..models.pass_at_one import PassAtOne # noqa: PLC0415
        from ..models.reuse_calibration import ReuseCalibration # noqa: PLC0415
        from ..models.subject_read import SubjectRead # noqa: PLC0415
        from ..models.time_limited_read import TimeLimitedRead # noqa: PLC0415
        from ..models.usage_read import UsageRead # noqa: PLC0415
        accuracy: float | None
        accuracy = self.accuracy

        benchmark = self.benchmark

        ci95: dict[str, Any] | None
        if isinstance(self.ci95, Interval):
            ci95 = self.ci95.to_dict()
        else:
            ci95 = self.ci95

        counts = self.counts.to_dict()

        definitions = self.definitions.to_dict()

        macro_accuracy: float | None
        macro_accuracy = self.macro_accuracy

        n_items = self.n_items

        n_keyed = self.n_keyed

        normalized_gain: float | None
        normalized_gain = self.normalized_gain

        pass_at_1: dict[str, Any] | None
        if isinstance(self.pass_at_1, PassAtOne):
            pass_at_1 = self.pass_at_1.to_dict()
        else:
            pass_at_1 = self.pass_at_1

        random_baseline: float | None
        random_baseline = self.random_baseline

        repeats = self.repeats



        split: None | str
        split = self.split

        stderr: float | None
        stderr = self.stderr

        subjects = []
        for subjects_item_data in self.subjects:
            subjects_item = subjects_item_data.to_dict()
            subjects.append(subjects_item)



        extra: dict[str, Any] | Unset = UNSET
        if not isinstance(self.extra, Unset):
            extra = self.extra.to_dict()

        first_error: None | str | Unset
        if isinstance(self.first_error, Unset):
            first_error = UNSET
        else:
            first_error = self.first_error

        latency: dict[str, Any] | None | Unset
        if isinstance(self.latency, Unset):
            latency = UNSET
        elif isinstance(self.latency, LatencyRead):
            latency = self.latency.to_dict()
        else:
            latency = self.latency

        loop_stops: dict[str, Any] | None | Unset
        if isinstance(self.loop_stops, Unset):
            loop_stops = UNSET
        elif isinstance(self.loop_stops, LoopStopsRead):
            loop_stops = self.loop_stops.to_dict()
        else:
            loop_stops = self.loop_stops

        memory: dict[str, Any] | None | Unset
        if isinstance(self.memory, Unset):
            memory = UNSET
        elif isinstance(self.memory, MemoryRead):
            memory = self.memory.to_dict()
        else:
            memory = self.memory

        methodology: dict[str, Any] | None | Unset
        if isinstance(self.methodology, Unset):
            methodology = UNSET
        elif isinstance(self.methodology, MethodologyPin):
            methodology = self.methodology.to_dict()
        else:
            methodology = self.methodology

        n_judged = self.n_judged

        notes: list[str] | Unset = UNSET
        if not isinstance(self.notes, Unset):
            notes = self.notes



        partial: dict[str, Any] | None | Unset
        if isinstance(self.partial, Unset):
            partial = UNSET
        elif isinstance(self.partial, PartialRead):
            partial = self.partial.to_dict()
        else:
            partial = self.partial

        reuse_calibration: dict[str, Any] | None | Unset
        if isinstance(self.reuse_calibration, Unset):
            reuse_calibration = UNSET
        elif isinstance(self.reuse_calibration, ReuseCalibration):
            reuse_calibration = self.reuse_calibration.to_dict()
        else:
            reuse_calibration = self.reuse_calibration

        time_limited: dict[str, Any] | None | Unset
        if isinstance(self.time_limited, Unset):
            time_limited = UNSET
        elif isinstance(self.time_limited, TimeLimitedRead):
            time_limited = self.time_limited.to_dict()
        else:
            time_limited = self.time_limited

        usage: dict[str, Any] | None | Unset
        if isinstance(self.usage, Unset):
            usage = UNSET
        elif isinstance(self.usage, UsageRead):
            usage = self.usage.to_dict()
        else:
            usage = self.usage


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accuracy": accuracy,
            "benchmark": benchmark,
            "ci95": ci95,
            "counts": counts,
            "definitions": definitions,
            "macro_accuracy": macro_accuracy,
            "n_items": n_items,
            "n_keyed": n_keyed,
            "normalized_gain": normalized_gain,
            "pass_at_1": pass_at_1,
            "random_baseline": random_baseline,
            "repeats": repeats,
            "split": split,
            "stderr": stderr,
            "subjects": subjects,
        })
        if extra is not UNSET:
            field_dict["extra"] = extra
        if first_error is not UNSET:
            field_dict["first_error"] = first_error
        if latency is not UNSET:
            field_dict["latency"] = latency
        if loop_stops is not UNSET:
            field_dict["loop_stops"] = loop_stops
        if memory is not UNSET:
            field_dict["memory"] = memory
        if methodology is not UNSET:
            field_dict["methodology"] = methodology
        if n_judged is not UNSET:
            field_dict["n_judged"] = n_judged
        if notes is not UNSET:
            field_dict["notes"] = notes
        if partial is not UNSET:
            field_dict["partial"] = partial
        if reuse_calibration is not UNSET:
            field_dict["reuse_calibration"] = reuse_calibration
        if time_limited is not UNSET:
            field_dict["time_limited"] = time_limited
        if usage is not UNSET:
            field_dict["usage"] = usage

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.counts import Counts # noqa: PLC0415
        from ..models.interval import Interval # noqa: PLC0415
        from ..models.latency_read import LatencyRead # noqa: PLC0415
        from ..models.loop_stops_read import LoopStopsRead # noqa: PLC0415
        from ..models.memory_read import MemoryRead # noqa: PLC0415
        from ..models.methodology_pin import MethodologyPin # noqa: PLC0415
        from ..models.metrics_read_definitions import MetricsReadDefinitions # noqa: PLC0415
        from ..models.metrics_read_extra import MetricsReadExtra # noqa: PLC0415
        from ..models.partial_read import PartialRead # noqa: PLC0415
        from ..models.pass_at_one import PassAtOne # noqa: PLC0415
        from ..models.reuse_calibration import ReuseCalibration # noqa: PLC0415
        from ..models.subject_read import SubjectRead # noqa: PLC0415
        from ..models.time_limited_read import TimeLimitedRead # noqa: PLC0415
        from ..models.usage_read import UsageRead # noqa: PLC0415
        d = dict(src_dict)
        def _parse_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        accuracy = _parse_accuracy(d.pop("accuracy"))


        benchmark = d.pop("benchmark")

        def _parse_ci95(data: object) -> Interval | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ci95_type_0 = Interval.from_dict(data)



                return ci95_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Interval | None, data)

        ci95 = _parse_ci95(d.pop("ci95"))


        counts = Counts.from_dict(d.pop("counts"))




        definitions = MetricsReadDefinitions.from_dict(d.pop("definitions"))




        def _parse_macro_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        macro_accuracy = _parse_macro_accuracy(d.pop("macro_accuracy"))


        n_items = d.pop("n_items")

        n_keyed = d.pop("n_keyed")

        def _parse_normalized_gain(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        normalized_gain = _parse_normalized_gain(d.pop("normalized_gain"))


        def _parse_pass_at_1(data: object) -> None | PassAtOne:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pass_at_1_type_0 = PassAtOne.from_dict(data)



                return pass_at_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PassAtOne, data)

        pass_at_1 = _parse_pass_at_1(d.pop("pass_at_1"))


        def _parse_random_baseline(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        random_baseline = _parse_random_baseline(d.pop("random_baseline"))


        repeats = cast(list[int], d.pop("repeats"))


        def _parse_split(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        split = _parse_split(d.pop("split"))


        def _parse_stderr(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        stderr = _parse_stderr(d.pop("stderr"))


        subjects = []
        _subjects = d.pop("subjects")
        for subjects_item_data in (_subjects):
            subjects_item = SubjectRead.from_dict(subjects_item_data)



            subjects.append(subjects_item)


        _extra = d.pop("extra", UNSET)
        extra: MetricsReadExtra | Unset
        if isinstance(_extra,  Unset):
            extra = UNSET
        else:
            extra = MetricsReadExtra.from_dict(_extra)




        def _parse_first_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        first_error = _parse_first_error(d.pop("first_error", UNSET))


        def _parse_latency(data: object) -> LatencyRead | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                latency_type_0 = LatencyRead.from_dict(data)



                return latency_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LatencyRead | None | Unset, data)

        latency = _parse_latency(d.pop("latency", UNSET))


        def _parse_loop_stops(data: object) -> LoopStopsRead | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                loop_stops_type_0 = LoopStopsRead.from_dict(data)



                return loop_stops_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LoopStopsRead | None | Unset, data)

        loop_stops = _parse_loop_stops(d.pop("loop_stops", UNSET))


        def _parse_memory(data: object) -> MemoryRead | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                memory_type_0 = MemoryRead.from_dict(data)



                return memory_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MemoryRead | None | Unset, data)

        memory = _parse_memory(d.pop("memory", UNSET))


        def _parse_methodology(data: object) -> MethodologyPin | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                methodology_type_0 = MethodologyPin.from_dict(data)



                return methodology_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MethodologyPin | None | Unset, data)

        methodology = _parse_methodology(d.pop("methodology", UNSET))


        n_judged = d.pop("n_judged", UNSET)

        notes = cast(list[str], d.pop("notes", UNSET))


        def _parse_partial(data: object) -> None | PartialRead | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                partial_type_0 = PartialRead.from_dict(data)



                return partial_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PartialRead | Unset, data)

        partial = _parse_partial(d.pop("partial", UNSET))


        def _parse_reuse_calibration(data: object) -> None | ReuseCalibration | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                reuse_calibration_type_0 = ReuseCalibration.from_dict(data)



                return reuse_calibration_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReuseCalibration | Unset, data)

        reuse_calibration = _parse_reuse_calibration(d.pop("reuse_calibration", UNSET))


        def _parse_time_limited(data: object) -> None | TimeLimitedRead | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                time_limited_type_0 = TimeLimitedRead.from_dict(data)



                return time_limited_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TimeLimitedRead | Unset, data)

        time_limited = _parse_time_limited(d.pop("time_limited", UNSET))


        def _parse_usage(data: object) -> None | Unset | UsageRead:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                usage_type_0 = UsageRead.from_dict(data)



                return usage_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UsageRead, data)

        usage = _parse_usage(d.pop("usage", UNSET))


        metrics_read = cls(
            accuracy=accuracy,
            benchmark=benchmark,
            ci95=ci95,
            counts=counts,
            definitions=definitions,
            macro_accuracy=macro_accuracy,
            n_items=n_items,
            n_keyed=n_keyed,
            normalized_gain=normalized_gain,
            pass_at_1=pass_at_1,
            random_baseline=random_baseline,
            repeats=repeats,
            split=split,
            stderr=stderr,
            subjects=subjects,
            extra=extra,
            first_error=first_error,
            latency=latency,
            loop_stops=loop_stops,
            memory=memory,
            methodology=methodology,
            n_judged=n_judged,
            notes=notes,
            partial=partial,
            reuse_calibration=reuse_calibration,
            time_limited=time_limited,
            usage=usage,
        )


        metrics_read.additional_properties = d
        return metrics_read

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
