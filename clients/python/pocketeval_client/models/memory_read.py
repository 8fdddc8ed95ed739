from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="MemoryRead")



@_attrs_define
class MemoryRead:
    """ GGUF runs: the estimate beside what the llama.cpp worker used. The verdict's estimate
    is at n_ctx 8192; the run's own context (and full sliding-window layers) has its own.

        Attributes:
            estimate_bytes (int): The phone's figure: the eligibility total (reserved, one sequence, n_ctx 8192)
            forced (bool):
            estimated_kv_bytes (int | None | Unset): Estimated KV at the run's context
            evictions (int | None | Unset): Generations set back because the shared cache was full (they started again)
            kv_mode (None | str | Unset): per-sequence: each generation held a whole window; shared: one window's cells
                shared
            llama_cpp_kv_bytes (int | None | Unset): The KV size llama.cpp logged
            n_ctx (int | None | Unset): The run's context
            peak_rss_bytes (int | None | Unset): The worker's peak RSS above its pre-load baseline
            prefill_lane_wait_s (float | None | Unset): Seconds the workers waited, summed, for the prefill lane (prompt
                evaluations taken in turns); 0 when it was off
            recomputed_tokens (int | None | Unset): Tokens evaluated again after those set-backs
            rss_over_reserved (float | None | Unset):
            rss_over_resident (float | None | Unset):
            run_reserved_bytes (int | None | Unset): Estimated reserved total at the run's context
            run_resident_bytes (int | None | Unset): Estimated resident memory at the run's context
            sequence_moves (int | None | Unset): Generations moved, with their cache, into a lower free sequence id, so a
                batch's ids stay consecutive (one pass per step)
            sequences (int | None | Unset): Sequences a worker held at once: the measured peak is theirs, while the phone's
                figure (estimate_bytes) is one sequence's
            thread_lends (int | None | Unset): Times an idle worker's threads went to a busy one
            workers (int | None | Unset): Worker processes; the memory figures are one worker's
     """

    estimate_bytes: int
    forced: bool
    estimated_kv_bytes: int | None | Unset = UNSET
    evictions: int | None | Unset = UNSET
    kv_mode: None | str | Unset = UNSET
    llama_cpp_kv_bytes: int | None | Unset = UNSET
    n_ctx: int | None | Unset = UNSET
    peak_rss_bytes: int | None | Unset = UNSET
    prefill_lane_wait_s: float | None | Unset = UNSET
    recomputed_tokens: int | None | Unset = UNSET
    rss_over_reserved: float | None | Unset = UNSET
    rss_over_resident: float | None | Unset = UNSET
    run_reserved_bytes: int | None | Unset = UNSET
    run_resident_bytes: int | None | Unset = UNSET
    sequence_moves: int | None | Unset = UNSET
    sequences: int | None | Unset = UNSET
    thread_lends: int | None | Unset = UNSET
    workers: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        estimate_bytes = self.estimate_bytes

        forced = self.forced

        estimated_kv_bytes: int | None | Unset
        if isinstance(self.estimated_kv_bytes, Unset):
            estimated_kv_bytes = UNSET
        else:
            estimated_kv_bytes = self.estimated_kv_bytes

        evictions: int | None | Unset
        if isinstance(self.evictions, Unset):
            evictions = UNSET
        else:
            evictions = self.evictions

        kv_mode: None | str | Unset
        if isinstance(self.kv_mode, Unset):
            kv_mode = UNSET
        else:
            kv_mode = self.kv_mode

        llama_cpp_kv_bytes: int | None | Unset
        if isinstance(self.llama_cpp_kv_bytes, Unset):
            llama_cpp_kv_bytes = UNSET
        else:
            llama_cpp_kv_bytes = self.llama_cpp_kv_bytes

        n_ctx: int | None | Unset
        if isinstance(self.n_ctx, Unset):
            n_ctx = UNSET
        else:
            n_ctx = self.n_ctx

        peak_rss_bytes: int | None | Unset
        if isinstance(self.peak_rss_bytes, Unset):
            peak_rss_bytes = UNSET
        else:
            peak_rss_bytes = self.peak_rss_bytes

        prefill_lane_wait_s: float | None | Unset
        if isinstance(self.prefill_lane_wait_s, Unset):
            prefill_lane_wait_s = UNSET
        else:
            prefill_lane_wait_s = self.prefill_lane_wait_s

        recomputed_tokens: int | None | Unset
        if isinstance(self.recomputed_tokens, Unset):
            recomputed_tokens = UNSET
        else:
            recomputed_tokens = self.recomputed_tokens

        rss_over_reserved: float | None | Unset
        if isinstance(self.rss_over_reserved, Unset):
            rss_over_reserved = UNSET
        else:
            rss_over_reserved = self.rss_over_reserved

        rss_over_resident: float | None | Unset
        if isinstance(self.rss_over_resident, Unset):
            rss_over_resident = UNSET
        else:
            rss_over_resident = self.rss_over_resident

        run_reserved_bytes: int | None | Unset
        if isinstance(self.run_reserved_bytes, Unset):
            run_reserved_bytes = UNSET
        else:
            run_reserved_bytes = self.run_reserved_bytes

        run_resident_bytes: int | None | Unset
        if isinstance(self.run_resident_bytes, Unset):
            run_resident_bytes = UNSET
        else:
            run_resident_bytes = self.run_resident_bytes

        sequence_moves: int | None | Unset
        if isinstance(self.sequence_moves, Unset):
            sequence_moves = UNSET
        else:
            sequence_moves = self.sequence_moves

        sequences: int | None | Unset
        if isinstance(self.sequences, Unset):
            sequences = UNSET
        else:
            sequences = self.sequences

        thread_lends: int | None | Unset
        if isinstance(self.thread_lends, Unset):
            thread_lends = UNSET
        else:
            thread_lends = self.thread_lends

        workers: int | None | Unset
        if isinstance(self.workers, Unset):
            workers = UNSET
        else:
            workers = self.workers


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "estimate_bytes": estimate_bytes,
            "forced": forced,
        })
        if estimated_kv_bytes is not UNSET:
            field_dict["estimated_kv_bytes"] = estimated_kv_bytes
        if evictions is not UNSET:
            field_dict["evictions"] = evictions
        if kv_mode is not UNSET:
            field_dict["kv_mode"] = kv_mode
        if llama_cpp_kv_bytes is not UNSET:
            field_dict["llama_cpp_kv_bytes"] = llama_cpp_kv_bytes
        if n_ctx is not UNSET:
            field_dict["n_ctx"] = n_ctx
        if peak_rss_bytes is not UNSET:
            field_dict["peak_rss_bytes"] = peak_rss_bytes
        if prefill_lane_wait_s is not UNSET:
            field_dict["prefill_lane_wait_s"] = prefill_lane_wait_s
        if recomputed_tokens is not UNSET:
            field_dict["recomputed_tokens"] = recomputed_tokens
        if rss_over_reserved is not UNSET:
            field_dict["rss_over_reserved"] = rss_over_reserved
        if rss_over_resident is not UNSET:
            field_dict["rss_over_resident"] = rss_over_resident
        if run_reserved_bytes is not UNSET:
            field_dict["run_reserved_bytes"] = run_reserved_bytes
        if run_resident_bytes is not UNSET:
            field_dict["run_resident_bytes"] = run_resident_bytes
        if sequence_moves is not UNSET:
            field_dict["sequence_moves"] = sequence_moves
        if sequences is not UNSET:
            field_dict["sequences"] = sequences
        if thread_lends is not UNSET:
            field_dict["thread_lends"] = thread_lends
        if workers is not UNSET:
            field_dict["workers"] = workers

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        estimate_bytes = d.pop("estimate_bytes")

        forced = d.pop("forced")

        def _parse_estimated_kv_bytes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        estimated_kv_bytes = _parse_estimated_kv_bytes(d.pop("estimated_kv_bytes", UNSET))


        def _parse_evictions(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        evictions = _parse_evictions(d.pop("evictions", UNSET))


        def _parse_kv_mode(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        kv_mode = _parse_kv_mode(d.pop("kv_mode", UNSET))


        def _parse_llama_cpp_kv_bytes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        llama_cpp_kv_bytes = _parse_llama_cpp_kv_bytes(d.pop("llama_cpp_kv_bytes", UNSET))


        def _parse_n_ctx(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        n_ctx = _parse_n_ctx(d.pop("n_ctx", UNSET))


        def _parse_peak_rss_bytes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        peak_rss_bytes = _parse_peak_rss_bytes(d.pop("peak_rss_bytes", UNSET))


        def _parse_prefill_lane_wait_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        prefill_lane_wait_s = _parse_prefill_lane_wait_s(d.pop("prefill_lane_wait_s", UNSET))


        def _parse_recomputed_tokens(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        recomputed_tokens = _parse_recomputed_tokens(d.pop("recomputed_tokens", UNSET))


        def _parse_rss_over_reserved(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rss_over_reserved = _parse_rss_over_reserved(d.pop("rss_over_reserved", UNSET))


        def _parse_rss_over_resident(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rss_over_resident = _parse_rss_over_resident(d.pop("rss_over_resident", UNSET))


        def _parse_run_reserved_bytes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        run_reserved_bytes = _parse_run_reserved_bytes(d.pop("run_reserved_bytes", UNSET))


        def _parse_run_resident_bytes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        run_resident_bytes = _parse_run_resident_bytes(d.pop("run_resident_bytes", UNSET))


        def _parse_sequence_moves(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        sequence_moves = _parse_sequence_moves(d.pop("sequence_moves", UNSET))


        def _parse_sequences(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        sequences = _parse_sequences(d.pop("sequences", UNSET))


        def _parse_thread_lends(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        thread_lends = _parse_thread_lends(d.pop("thread_lends", UNSET))


        def _parse_workers(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        workers = _parse_workers(d.pop("workers", UNSET))


        memory_read = cls(
            estimate_bytes=estimate_bytes,
            forced=forced,
            estimated_kv_bytes=estimated_kv_bytes,
            evictions=evictions,
            kv_mode=kv_mode,
            llama_cpp_kv_bytes=llama_cpp_kv_bytes,
            n_ctx=n_ctx,
            peak_rss_bytes=peak_rss_bytes,
            prefill_lane_wait_s=prefill_lane_wait_s,
            recomputed_tokens=recomputed_tokens,
            rss_over_reserved=rss_over_reserved,
            rss_over_resident=rss_over_resident,
            run_reserved_bytes=run_reserved_bytes,
            run_resident_bytes=run_resident_bytes,
            sequence_moves=sequence_moves,
            sequences=sequences,
            thread_lends=thread_lends,
            workers=workers,
        )


        memory_read.additional_properties = d
        return memory_read

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
