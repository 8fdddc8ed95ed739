from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.benchmark_record import BenchmarkRecord
  from ..models.llama_cpp_build import LlamaCppBuild
  from ..models.numerics import Numerics
  from ..models.reproducibility_packages import ReproducibilityPackages
  from ..models.reproducibility_seeds import ReproducibilitySeeds





T = TypeVar("T", bound="Reproducibility")



@_attrs_define
class Reproducibility:
    """ 
        Attributes:
            benchmarks (list[BenchmarkRecord]):
            git_commit (None | str):
            packages (ReproducibilityPackages):
            pocketeval (str):
            seeds (ReproducibilitySeeds):
            gguf_sha256 (None | str | Unset):
            judge_prompt_sha256 (None | str | Unset):
            llama_cpp (LlamaCppBuild | None | Unset):
            methodology (None | str | Unset): name@version of the methodology the run pinned
            methodology_sha256 (None | str | Unset):
            numerics (None | Numerics | Unset):
     """

    benchmarks: list[BenchmarkRecord]
    git_commit: None | str
    packages: ReproducibilityPackages
    pocketeval: str
    seeds: ReproducibilitySeeds
    gguf_sha256: None | str | Unset = UNSET
    judge_prompt_sha256: None | str | Unset = UNSET
    llama_cpp: LlamaCppBuild | None | Unset = UNSET
    methodology: None | str | Unset = UNSET
    methodology_sha256: None | str | Unset = UNSET
    numerics: None | Numerics | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.benchmark_record import BenchmarkRecord # noqa: PLC0415
        from ..models.llama_cpp_build import LlamaCppBuild # noqa: PLC0415
        from ..models.numerics import Numerics # noqa: PLC0415
        from ..models.reproducibility_packages import ReproducibilityPackages # noqa: PLC0415
        from ..models.reproducibility_seeds import ReproducibilitySeeds # noqa: PLC0415
        benchmarks = []
        for benchmarks_item_data in self.benchmarks:
            benchmarks_item = benchmarks_item_data.to_dict()
            benchmarks.append(benchmarks_item)



        git_commit: None | str
        git_commit = self.git_commit

        packages = self.packages.to_dict()

        pocketeval = self.pocketeval

        seeds = self.seeds.to_dict()

        gguf_sha256: None | str | Unset
        if isinstance(self.gguf_sha256, Unset):
            gguf_sha256 = UNSET
        else:
            gguf_sha256 = self.gguf_sha256

        judge_prompt_sha256: None | str | Unset
        if isinstance(self.judge_prompt_sha256, Unset):
            judge_prompt_sha256 = UNSET
        else:
            judge_prompt_sha256 = self.judge_prompt_sha256

        llama_cpp: dict[str, Any] | None | Unset
        if isinstance(self.llama_cpp, Unset):
            llama_cpp = UNSET
        elif isinstance(self.llama_cpp, LlamaCppBuild):
            llama_cpp = self.llama_cpp.to_dict()
        else:
            llama_cpp = self.llama_cpp

        methodology: None | str | Unset
        if isinstance(self.methodology, Unset):
            methodology = UNSET
        else:
            methodology = self.methodology

        methodology_sha256: None | str | Unset
        if isinstance(self.methodology_sha256, Unset):
            methodology_sha256 = UNSET
        else:
            methodology_sha256 = self.methodology_sha256

        numerics: dict[str, Any] | None | Unset
        if isinstance(self.numerics, Unset):
            numerics = UNSET
        elif isinstance(self.numerics, Numerics):
            numerics = self.numerics.to_dict()
        else:
            numerics = self.numerics


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmarks": benchmarks,
            "git_commit": git_commit,
            "packages": packages,
            "pocketeval": pocketeval,
            "seeds": seeds,
        })
        if gguf_sha256 is not UNSET:
            field_dict["gguf_sha256"] = gguf_sha256
        if judge_prompt_sha256 is not UNSET:
            field_dict["judge_prompt_sha256"] = judge_prompt_sha256
        if llama_cpp is not UNSET:
            field_dict["llama_cpp"] = llama_cpp
        if methodology is not UNSET:
            field_dict["methodology"] = methodology
        if methodology_sha256 is not UNSET:
            field_dict["methodology_sha256"] = methodology_sha256
        if numerics is not UNSET:
            field_dict["numerics"] = numerics

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.benchmark_record import BenchmarkRecord # noqa: PLC0415
        from ..models.llama_cpp_build import LlamaCppBuild # noqa: PLC0415
        from ..models.numerics import Numerics # noqa: PLC0415
        from ..models.reproducibility_packages import ReproducibilityPackages # noqa: PLC0415
        from ..models.reproducibility_seeds import ReproducibilitySeeds # noqa: PLC0415
        d = dict(src_dict)
        benchmarks = []
        _benchmarks = d.pop("benchmarks")
        for benchmarks_item_data in (_benchmarks):
            benchmarks_item = BenchmarkRecord.from_dict(benchmarks_item_data)



            benchmarks.append(benchmarks_item)


        def _parse_git_commit(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        git_commit = _parse_git_commit(d.pop("git_commit"))


        packages = ReproducibilityPackages.from_dict(d.pop("packages"))




        pocketeval = d.pop("pocketeval")

        seeds = ReproducibilitySeeds.from_dict(d.pop("seeds"))




        def _parse_gguf_sha256(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        gguf_sha256 = _parse_gguf_sha256(d.pop("gguf_sha256", UNSET))


        def _parse_judge_prompt_sha256(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        judge_prompt_sha256 = _parse_judge_prompt_sha256(d.pop("judge_prompt_sha256", UNSET))


        def _parse_llama_cpp(data: object) -> LlamaCppBuild | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                llama_cpp_type_0 = LlamaCppBuild.from_dict(data)



                return llama_cpp_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LlamaCppBuild | None | Unset, data)

        llama_cpp = _parse_llama_cpp(d.pop("llama_cpp", UNSET))


        def _parse_methodology(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        methodology = _parse_methodology(d.pop("methodology", UNSET))


        def _parse_methodology_sha256(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        methodology_sha256 = _parse_methodology_sha256(d.pop("methodology_sha256", UNSET))


        def _parse_numerics(data: object) -> None | Numerics | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                numerics_type_0 = Numerics.from_dict(data)



                return numerics_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Numerics | Unset, data)

        numerics = _parse_numerics(d.pop("numerics", UNSET))


        reproducibility = cls(
            benchmarks=benchmarks,
            git_commit=git_commit,
            packages=packages,
            pocketeval=pocketeval,
            seeds=seeds,
            gguf_sha256=gguf_sha256,
            judge_prompt_sha256=judge_prompt_sha256,
            llama_cpp=llama_cpp,
            methodology=methodology,
            methodology_sha256=methodology_sha256,
            numerics=numerics,
        )


        reproducibility.additional_properties = d
        return reproducibility

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
