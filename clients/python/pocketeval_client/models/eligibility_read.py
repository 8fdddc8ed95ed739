from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.eligibility_read_kv_detail import EligibilityReadKvDetail
  from ..models.memory_terms import MemoryTerms
  from ..models.resident_read import ResidentRead





T = TypeVar("T", bound="EligibilityRead")



@_attrs_define
class EligibilityRead:
    """ 
        Attributes:
            architecture (str):
            bits_per_weight (float): File size in bits over parameters: above the file type's nominal bits where some
                tensors (embeddings, output, norms) are kept wider, as quantisers do; not what the rule reads
            budget_bytes (int):
            eligible (bool): rule_bytes <= budget and weights of 4 bits or fewer
            file_type (str): The file's declared quantisation (general.file_type): what the '4-bit or smaller' rule reads
            flash_attention (bool):
            formula (str):
            kv_detail (EligibilityReadKvDetail):
            n_ctx (int):
            n_ubatch (int):
            parameters (int):
            reasons (list[str]): Why not eligible; empty when eligible
            resident (ResidentRead): What a process holding the model keeps resident: weights + KV + output + the terms
                below, without the compute buffer's untouched rows. Compared with measured peak RSS.
            rule_bytes (int): Weights + KV cache at n_ctx: what the published rule, and so the verdict, counts
            runtime_fits (bool): total_bytes <= budget: false for a model that fits by the rule but not with llama.cpp's
                buffers
            source (str):
            terms (MemoryTerms):
            total_bytes (int): Everything llama.cpp reserves: rule_bytes + compute + output buffers
            warnings (list[str] | Unset):
     """

    architecture: str
    bits_per_weight: float
    budget_bytes: int
    eligible: bool
    file_type: str
    flash_attention: bool
    formula: str
    kv_detail: EligibilityReadKvDetail
    n_ctx: int
    n_ubatch: int
    parameters: int
    reasons: list[str]
    resident: ResidentRead
    rule_bytes: int
    runtime_fits: bool
    source: str
    terms: MemoryTerms
    total_bytes: int
    warnings: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.eligibility_read_kv_detail import EligibilityReadKvDetail # noqa: PLC0415
        from ..models.memory_terms import MemoryTerms # noqa: PLC0415
        from ..models.resident_read import ResidentRead # noqa: PLC0415
        architecture = self.architecture

        bits_per_weight = self.bits_per_weight

        budget_bytes = self.budget_bytes

        eligible = self.eligible

        file_type = self.file_type

        flash_attention = self.flash_attention

        formula = self.formula

        kv_detail = self.kv_detail.to_dict()

        n_ctx = self.n_ctx

        n_ubatch = self.n_ubatch

        parameters = self.parameters

        reasons = self.reasons



        resident = self.resident.to_dict()

        rule_bytes = self.rule_bytes

        runtime_fits = self.runtime_fits

        source = self.source

        terms = self.terms.to_dict()

        total_bytes = self.total_bytes

        warnings: list[str] | Unset = UNSET
        if not isinstance(self.warnings, Unset):
            warnings = self.warnings




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "architecture": architecture,
            "bits_per_weight": bits_per_weight,
            "budget_bytes": budget_bytes,
            "eligible": eligible,
            "file_type": file_type,
            "flash_attention": flash_attention,
            "formula": formula,
            "kv_detail": kv_detail,
            "n_ctx": n_ctx,
            "n_ubatch": n_ubatch,
            "parameters": parameters,
            "reasons": reasons,
            "resident": resident,
            "rule_bytes": rule_bytes,
            "runtime_fits": runtime_fits,
            "source": source,
            "terms": terms,
            "total_bytes": total_bytes,
        })
        if warnings is not UNSET:
            field_dict["warnings"] = warnings

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.eligibility_read_kv_detail import EligibilityReadKvDetail # noqa: PLC0415
        from ..models.memory_terms import MemoryTerms # noqa: PLC0415
        from ..models.resident_read import ResidentRead # noqa: PLC0415
        d = dict(src_dict)
        architecture = d.pop("architecture")

        bits_per_weight = d.pop("bits_per_weight")

        budget_bytes = d.pop("budget_bytes")

        eligible = d.pop("eligible")

        file_type = d.pop("file_type")

        flash_attention = d.pop("flash_attention")

        formula = d.pop("formula")

        kv_detail = EligibilityReadKvDetail.from_dict(d.pop("kv_detail"))




        n_ctx = d.pop("n_ctx")

        n_ubatch = d.pop("n_ubatch")

        parameters = d.pop("parameters")

        reasons = cast(list[str], d.pop("reasons"))


        resident = ResidentRead.from_dict(d.pop("resident"))




        rule_bytes = d.pop("rule_bytes")

        runtime_fits = d.pop("runtime_fits")

        source = d.pop("source")

        terms = MemoryTerms.from_dict(d.pop("terms"))




        total_bytes = d.pop("total_bytes")

        warnings = cast(list[str], d.pop("warnings", UNSET))


        eligibility_read = cls(
            architecture=architecture,
            bits_per_weight=bits_per_weight,
            budget_bytes=budget_bytes,
            eligible=eligible,
            file_type=file_type,
            flash_attention=flash_attention,
            formula=formula,
            kv_detail=kv_detail,
            n_ctx=n_ctx,
            n_ubatch=n_ubatch,
            parameters=parameters,
            reasons=reasons,
            resident=resident,
            rule_bytes=rule_bytes,
            runtime_fits=runtime_fits,
            source=source,
            terms=terms,
            total_bytes=total_bytes,
            warnings=warnings,
        )


        eligibility_read.additional_properties = d
        return eligibility_read

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
