"""What runs and benchmarks store on their rows, shapes only: a run's kind and state
(run_enums), its plan (run_plan), its runtime record (run_runtime) and reproducibility
record, what a GGUF run records of its memory, time and topology, and a benchmark's
definition and imported files (benchmark_record). Planning, execution and reads are in
app.runs; the tables in app.tables."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.faces import lazy_face

if TYPE_CHECKING:
    from app.records.audit_plan import (
        AuditPlan,
        OrderAuditPlan,
        ShortcutAuditPlan,
        VisionAuditPlan,
        audit_kind,
    )
    from app.records.benchmark_record import (
        Derivation,
        DerivationMethod,
        ImportedFile,
        ImportReport,
        SourceRead,
        StoredDefinition,
    )
    from app.records.memory_eligibility import EligibilityRead, MemoryTerms, ResidentRead
    from app.records.pull_record import (
        HubPull,
        PulledFile,
        PullPlan,
        PullProblem,
        PullProgress,
        PullReport,
        PullStage,
    )
    from app.records.reproducibility_record import (
        BenchmarkRecord,
        ItemSetVersion,
        LlamaCppBuild,
        Numerics,
        Reproducibility,
    )
    from app.records.run_enums import (
        ACTIVE,
        CARRIED_OUT,
        EXECUTED,
        CallbackState,
        McqMode,
        RepeatsGenerated,
        ReuseMode,
        RunKind,
        RunState,
        SampleStyle,
        Stress,
        ToolChoice,
    )
    from app.records.run_plan import (
        BenchmarkPlan,
        EndpointPlan,
        GGUFPlan,
        Json,
        JudgePlan,
        LoopStop,
        MethodologyPin,
        ModelPlan,
        PostedPlan,
        RunLimits,
        RunPlan,
        StopWhen,
        StoredPlan,
        TopologyPolicy,
        UnitOrder,
        evaluation_plan,
        plan_sha256,
    )
    from app.records.run_runtime import (
        ActorTopology,
        BenchmarkEstimate,
        EarlyStop,
        IndexEstimate,
        Interval,
        LookRecord,
        RayRecord,
        ReuseCalibration,
        RunEstimate,
        RunRuntime,
        SequentialRecord,
        ServerProcess,
        SharedGenerations,
        StopReason,
        TimeSpent,
        TopologyRecord,
    )
    from app.records.time_spent_record import PoolTime, WorkerTime
    from app.records.topology_record import (
        DISTURBED,
        ChosenBy,
        KvMode,
        Probe,
        ProbeFigure,
        ProbeKind,
    )

__all__ = [
    "ACTIVE", "ActorTopology", "AuditPlan", "BenchmarkEstimate", "BenchmarkPlan", "BenchmarkRecord",
    "CARRIED_OUT", "CallbackState", "ChosenBy", "DISTURBED", "Derivation", "DerivationMethod",
    "EXECUTED", "EarlyStop", "EligibilityRead", "EndpointPlan", "GGUFPlan", "HubPull",
    "ImportReport", "ImportedFile", "IndexEstimate", "Interval", "ItemSetVersion", "Json",
    "JudgePlan", "KvMode", "LlamaCppBuild", "LookRecord", "LoopStop", "McqMode", "MemoryTerms",
    "MethodologyPin", "ModelPlan", "Numerics", "OrderAuditPlan", "PoolTime", "PostedPlan", "Probe",
    "ProbeFigure", "ProbeKind", "PullPlan", "PullProblem", "PullProgress", "PullReport",
    "PullStage", "PulledFile", "RayRecord", "RepeatsGenerated", "Reproducibility", "ResidentRead",
    "ReuseCalibration", "ReuseMode", "RunEstimate", "RunKind", "RunLimits", "RunPlan", "RunRuntime",
    "RunState", "SampleStyle", "SequentialRecord", "ServerProcess", "SharedGenerations",
    "ShortcutAuditPlan", "SourceRead", "StopReason", "StopWhen", "StoredDefinition", "StoredPlan",
    "Stress", "TimeSpent", "ToolChoice", "TopologyPolicy", "TopologyRecord", "UnitOrder",
    "VisionAuditPlan", "WorkerTime", "audit_kind", "evaluation_plan", "plan_sha256",
]

if not TYPE_CHECKING:
    __getattr__ = lazy_face(__name__, __file__)
