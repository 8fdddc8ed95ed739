""" Contains all the data models used in inputs/outputs """

from .actor_topology import ActorTopology
from .arrangement_read import ArrangementRead
from .arrangement_read_key_rate import ArrangementReadKeyRate
from .arrangement_read_pick_rate import ArrangementReadPickRate
from .attempt_read import AttemptRead
from .benchmark_comparison_read import BenchmarkComparisonRead
from .benchmark_create import BenchmarkCreate
from .benchmark_create_kind import BenchmarkCreateKind
from .benchmark_estimate import BenchmarkEstimate
from .benchmark_length_audit import BenchmarkLengthAudit
from .benchmark_length_audit_definitions import BenchmarkLengthAuditDefinitions
from .benchmark_plan import BenchmarkPlan
from .benchmark_plan_strata_type_0 import BenchmarkPlanStrataType0
from .benchmark_progress import BenchmarkProgress
from .benchmark_read import BenchmarkRead
from .benchmark_record import BenchmarkRecord
from .benchmark_summary import BenchmarkSummary
from .bound import Bound
from .callback_state import CallbackState
from .cell_read import CellRead
from .check import Check
from .check_eligibility_files_body import CheckEligibilityFilesBody
from .check_eligibility_json_eligibility_request import CheckEligibilityJsonEligibilityRequest
from .check_status import CheckStatus
from .chosen_by import ChosenBy
from .cluster_item_read import ClusterItemRead
from .cluster_read import ClusterRead
from .compare_models_reference import CompareModelsReference
from .comparison_read import ComparisonRead
from .comparison_read_bootstrap import ComparisonReadBootstrap
from .comparison_read_definitions import ComparisonReadDefinitions
from .component_read import ComponentRead
from .contamination_probe_body import ContaminationProbeBody
from .contamination_read import ContaminationRead
from .contamination_read_definitions import ContaminationReadDefinitions
from .corpus_file_read import CorpusFileRead
from .counts import Counts
from .database_info import DatabaseInfo
from .decided import Decided
from .decision import Decision
from .derivation import Derivation
from .derivation_method import DerivationMethod
from .derivation_runs import DerivationRuns
from .derivation_validation import DerivationValidation
from .device_metric_read import DeviceMetricRead
from .device_metrics_in import DeviceMetricsIn
from .device_status import DeviceStatus
from .doctor_report import DoctorReport
from .doctor_report_packages import DoctorReportPackages
from .doctor_report_unprepared import DoctorReportUnprepared
from .dropped_read import DroppedRead
from .duplicates_derive_in import DuplicatesDeriveIn
from .duplicates_read import DuplicatesRead
from .duplicates_read_definitions import DuplicatesReadDefinitions
from .early_stop import EarlyStop
from .early_stop_items_run import EarlyStopItemsRun
from .eligibility_read import EligibilityRead
from .eligibility_read_kv_detail import EligibilityReadKvDetail
from .endpoint_model_in import EndpointModelIn
from .endpoint_model_in_sampling import EndpointModelInSampling
from .endpoint_model_in_variant import EndpointModelInVariant
from .endpoint_plan import EndpointPlan
from .endpoint_plan_sampling import EndpointPlanSampling
from .evaluate_request import EvaluateRequest
from .evaluate_response import EvaluateResponse
from .expand_options_body import ExpandOptionsBody
from .expansion_read import ExpansionRead
from .expansion_read_definitions import ExpansionReadDefinitions
from .expansion_report_read import ExpansionReportRead
from .expansion_report_read_runs import ExpansionReportReadRuns
from .expansion_validation_read import ExpansionValidationRead
from .expansion_validation_read_discarded import ExpansionValidationReadDiscarded
from .export_run_format import ExportRunFormat
from .flag_rate_read import FlagRateRead
from .flagged_item_read import FlaggedItemRead
from .gate_check import GateCheck
from .gate_format import GateFormat
from .gate_outcome import GateOutcome
from .gate_read import GateRead
from .gate_read_exit_code import GateReadExitCode
from .get_comparison_bundle_reference import GetComparisonBundleReference
from .get_item_prompt_style import GetItemPromptStyle
from .gguf_model_in import GGUFModelIn
from .gguf_model_in_runtime import GGUFModelInRuntime
from .gguf_model_in_variant import GGUFModelInVariant
from .gguf_plan import GGUFPlan
from .health import Health
from .host_cpu import HostCpu
from .host_cpu_refused import HostCpuRefused
from .hub_pull import HubPull
from .import_items_files_body import ImportItemsFilesBody
from .import_items_json_items_import_json import ImportItemsJsonItemsImportJSON
from .import_items_json_items_import_json_items_item import ImportItemsJsonItemsImportJSONItemsItem
from .import_items_on_conflict import ImportItemsOnConflict
from .import_lm_eval_samples_body import ImportLmEvalSamplesBody
from .import_report import ImportReport
from .import_report_splits import ImportReportSplits
from .imported_file import ImportedFile
from .index_estimate import IndexEstimate
from .index_non_inferiority_read import IndexNonInferiorityRead
from .index_non_inferiority_read_reference import IndexNonInferiorityReadReference
from .index_read import IndexRead
from .index_read_missing_why import IndexReadMissingWhy
from .interval import Interval
from .item_analysis_read import ItemAnalysisRead
from .item_analysis_read_definitions import ItemAnalysisReadDefinitions
from .item_analysis_read_runs import ItemAnalysisReadRuns
from .item_read import ItemRead
from .item_set_version import ItemSetVersion
from .judge_plan import JudgePlan
from .kv_mode import KvMode
from .latency_read import LatencyRead
from .leaderboard_format import LeaderboardFormat
from .leaderboard_order import LeaderboardOrder
from .leaderboard_read import LeaderboardRead
from .leaderboard_read_definitions import LeaderboardReadDefinitions
from .leaderboard_read_set_aside import LeaderboardReadSetAside
from .leaderboard_row import LeaderboardRow
from .leaderboard_row_cells import LeaderboardRowCells
from .leaderboard_variant_type_0 import LeaderboardVariantType0
from .left_out_read import LeftOutRead
from .length_read import LengthRead
from .length_unit import LengthUnit
from .letter_preference_read import LetterPreferenceRead
from .letter_preference_read_keys import LetterPreferenceReadKeys
from .letter_preference_read_picks import LetterPreferenceReadPicks
from .link_read import LinkRead
from .llama_build import LlamaBuild
from .llama_cpp_build import LlamaCppBuild
from .llama_server_info import LlamaServerInfo
from .lm_eval_import_read import LmEvalImportRead
from .look_record import LookRecord
from .loop_stop import LoopStop
from .loop_stop_action import LoopStopAction
from .loop_stops_read import LoopStopsRead
from .mcq_mode import McqMode
from .memory_read import MemoryRead
from .memory_terms import MemoryTerms
from .methodology_in import MethodologyIn
from .methodology_pin import MethodologyPin
from .methodology_read import MethodologyRead
from .methodology_read_definitions import MethodologyReadDefinitions
from .methodology_read_repeats import MethodologyReadRepeats
from .methodology_read_replies import MethodologyReadReplies
from .methodology_read_replies_additional_property import MethodologyReadRepliesAdditionalProperty
from .methodology_read_temperature import MethodologyReadTemperature
from .methodology_read_texts import MethodologyReadTexts
from .metrics_read import MetricsRead
from .metrics_read_definitions import MetricsReadDefinitions
from .metrics_read_extra import MetricsReadExtra
from .mismatch_read import MismatchRead
from .modality_gap_read import ModalityGapRead
from .model_identity import ModelIdentity
from .model_read import ModelRead
from .model_read_eligibility_type_0 import ModelReadEligibilityType0
from .model_read_settings import ModelReadSettings
from .model_register import ModelRegister
from .non_inferiority_read import NonInferiorityRead
from .non_inferiority_read_reference import NonInferiorityReadReference
from .notifications_read import NotificationsRead
from .notify_in import NotifyIn
from .numerics import Numerics
from .option_order_audit_in import OptionOrderAuditIn
from .order_audit_plan import OrderAuditPlan
from .order_audit_read import OrderAuditRead
from .order_audit_read_definitions import OrderAuditReadDefinitions
from .overlap_read import OverlapRead
from .partial_read import PartialRead
from .pass_at_one import PassAtOne
from .pattern_read import PatternRead
from .pool_time import PoolTime
from .posted_plan import PostedPlan
from .predicate import Predicate
from .prediction_in import PredictionIn
from .probe import Probe
from .probe_figure import ProbeFigure
from .probe_kind import ProbeKind
from .problem import Problem
from .problem_errors_type_0_item import ProblemErrorsType0Item
from .prompt_read import PromptRead
from .prompt_read_detail import PromptReadDetail
from .prompt_read_style import PromptReadStyle
from .prompt_read_tools_type_0_item import PromptReadToolsType0Item
from .prompt_read_turns_item_item import PromptReadTurnsItemItem
from .pull_plan import PullPlan
from .pull_problem import PullProblem
from .pull_problem_errors_type_0_item import PullProblemErrorsType0Item
from .pull_problem_extra import PullProblemExtra
from .pull_progress import PullProgress
from .pull_report import PullReport
from .pull_stage import PullStage
from .pulled_file import PulledFile
from .ray_record import RayRecord
from .removal_read import RemovalRead
from .repeats_generated import RepeatsGenerated
from .reproducibility import Reproducibility
from .reproducibility_packages import ReproducibilityPackages
from .reproducibility_seeds import ReproducibilitySeeds
from .resident_read import ResidentRead
from .result_read import ResultRead
from .retraction_read import RetractionRead
from .reuse_calibration import ReuseCalibration
from .reuse_mode import ReuseMode
from .run_create import RunCreate
from .run_estimate import RunEstimate
from .run_kind import RunKind
from .run_length_audit import RunLengthAudit
from .run_length_audit_definitions import RunLengthAuditDefinitions
from .run_limits import RunLimits
from .run_page import RunPage
from .run_plan import RunPlan
from .run_progress import RunProgress
from .run_read import RunRead
from .run_read_config import RunReadConfig
from .run_runtime import RunRuntime
from .run_runtime_measured_type_0 import RunRuntimeMeasuredType0
from .run_state import RunState
from .run_status import RunStatus
from .run_status_config import RunStatusConfig
from .sample_page import SamplePage
from .sample_read import SampleRead
from .sample_read_detail import SampleReadDetail
from .sample_style import SampleStyle
from .score_request import ScoreRequest
from .score_request_missing import ScoreRequestMissing
from .score_response import ScoreResponse
from .scorecard_component_read import ScorecardComponentRead
from .scorecard_read import ScorecardRead
from .scorecard_read_definitions import ScorecardReadDefinitions
from .sequential_record import SequentialRecord
from .server_process import ServerProcess
from .set_aside_read import SetAsideRead
from .shared_generations import SharedGenerations
from .shortcut_audit_in import ShortcutAuditIn
from .shortcut_audit_plan import ShortcutAuditPlan
from .shortcut_audit_read import ShortcutAuditRead
from .shortcut_audit_read_definitions import ShortcutAuditReadDefinitions
from .shortcut_derive_in import ShortcutDeriveIn
from .shortcut_variant import ShortcutVariant
from .side_read import SideRead
from .side_read_runs import SideReadRuns
from .signing_key_read import SigningKeyRead
from .smoke import Smoke
from .source_read import SourceRead
from .split_count import SplitCount
from .status import Status
from .step_in import StepIn
from .stop_reason import StopReason
from .stop_when import StopWhen
from .stress import Stress
from .subject_count import SubjectCount
from .subject_difference_read import SubjectDifferenceRead
from .subject_flag_read import SubjectFlagRead
from .subject_items_read import SubjectItemsRead
from .subject_length_read import SubjectLengthRead
from .subject_read import SubjectRead
from .subset_derive_in import SubsetDeriveIn
from .subset_rule_in import SubsetRuleIn
from .table_read import TableRead
from .text_read import TextRead
from .time_limited_read import TimeLimitedRead
from .time_spent import TimeSpent
from .tool_call_in import ToolCallIn
from .tool_call_in_arguments_type_0 import ToolCallInArgumentsType0
from .tool_choice import ToolChoice
from .topology_policy import TopologyPolicy
from .topology_policy_mode import TopologyPolicyMode
from .topology_policy_prefill_lane import TopologyPolicyPrefillLane
from .topology_record import TopologyRecord
from .treatment_read import TreatmentRead
from .try_read import TryRead
from .unit_length_read import UnitLengthRead
from .unit_order import UnitOrder
from .usage_read import UsageRead
from .variant_read import VariantRead
from .version import Version
from .vision_audit_in import VisionAuditIn
from .vision_audit_plan import VisionAuditPlan
from .vision_audit_read import VisionAuditRead
from .vision_audit_read_definitions import VisionAuditReadDefinitions
from .worker_time import WorkerTime

__all__ = (
    "ActorTopology",
    "ArrangementRead",
    "ArrangementReadKeyRate",
    "ArrangementReadPickRate",
    "AttemptRead",
    "BenchmarkComparisonRead",
    "BenchmarkCreate",
    "BenchmarkCreateKind",
    "BenchmarkEstimate",
    "BenchmarkLengthAudit",
    "BenchmarkLengthAuditDefinitions",
    "BenchmarkPlan",
    "BenchmarkPlanStrataType0",
    "BenchmarkProgress",
    "BenchmarkRead",
    "BenchmarkRecord",
    "BenchmarkSummary",
    "Bound",
    "CallbackState",
    "CellRead",
    "Check",
    "CheckEligibilityFilesBody",
    "CheckEligibilityJsonEligibilityRequest",
    "CheckStatus",
    "ChosenBy",
    "ClusterItemRead",
    "ClusterRead",
    "CompareModelsReference",
    "ComparisonRead",
    "ComparisonReadBootstrap",
    "ComparisonReadDefinitions",
    "ComponentRead",
    "ContaminationProbeBody",
    "ContaminationRead",
    "ContaminationReadDefinitions",
    "CorpusFileRead",
    "Counts",
    "DatabaseInfo",
    "Decided",
    "Decision",
    "Derivation",
    "DerivationMethod",
    "DerivationRuns",
    "DerivationValidation",
    "DeviceMetricRead",
    "DeviceMetricsIn",
    "DeviceStatus",
    "DoctorReport",
    "DoctorReportPackages",
    "DoctorReportUnprepared",
    "DroppedRead",
    "DuplicatesDeriveIn",
    "DuplicatesRead",
    "DuplicatesReadDefinitions",
    "EarlyStop",
    "EarlyStopItemsRun",
    "EligibilityRead",
    "EligibilityReadKvDetail",
    "EndpointModelIn",
    "EndpointModelInSampling",
    "EndpointModelInVariant",
    "EndpointPlan",
    "EndpointPlanSampling",
    "EvaluateRequest",
    "EvaluateResponse",
    "ExpandOptionsBody",
    "ExpansionRead",
    "ExpansionReadDefinitions",
    "ExpansionReportRead",
    "ExpansionReportReadRuns",
    "ExpansionValidationRead",
    "ExpansionValidationReadDiscarded",
    "ExportRunFormat",
    "FlaggedItemRead",
    "FlagRateRead",
    "GateCheck",
    "GateFormat",
    "GateOutcome",
    "GateRead",
    "GateReadExitCode",
    "GetComparisonBundleReference",
    "GetItemPromptStyle",
    "GGUFModelIn",
    "GGUFModelInRuntime",
    "GGUFModelInVariant",
    "GGUFPlan",
    "Health",
    "HostCpu",
    "HostCpuRefused",
    "HubPull",
    "ImportedFile",
    "ImportItemsFilesBody",
    "ImportItemsJsonItemsImportJSON",
    "ImportItemsJsonItemsImportJSONItemsItem",
    "ImportItemsOnConflict",
    "ImportLmEvalSamplesBody",
    "ImportReport",
    "ImportReportSplits",
    "IndexEstimate",
    "IndexNonInferiorityRead",
    "IndexNonInferiorityReadReference",
    "IndexRead",
    "IndexReadMissingWhy",
    "Interval",
    "ItemAnalysisRead",
    "ItemAnalysisReadDefinitions",
    "ItemAnalysisReadRuns",
    "ItemRead",
    "ItemSetVersion",
    "JudgePlan",
    "KvMode",
    "LatencyRead",
    "LeaderboardFormat",
    "LeaderboardOrder",
    "LeaderboardRead",
    "LeaderboardReadDefinitions",
    "LeaderboardReadSetAside",
    "LeaderboardRow",
    "LeaderboardRowCells",
    "LeaderboardVariantType0",
    "LeftOutRead",
    "LengthRead",
    "LengthUnit",
    "LetterPreferenceRead",
    "LetterPreferenceReadKeys",
    "LetterPreferenceReadPicks",
    "LinkRead",
    "LlamaBuild",
    "LlamaCppBuild",
    "LlamaServerInfo",
    "LmEvalImportRead",
    "LookRecord",
    "LoopStop",
    "LoopStopAction",
    "LoopStopsRead",
    "McqMode",
    "MemoryRead",
    "MemoryTerms",
    "MethodologyIn",
    "MethodologyPin",
    "MethodologyRead",
    "MethodologyReadDefinitions",
    "MethodologyReadRepeats",
    "MethodologyReadReplies",
    "MethodologyReadRepliesAdditionalProperty",
    "MethodologyReadTemperature",
    "MethodologyReadTexts",
    "MetricsRead",
    "MetricsReadDefinitions",
    "MetricsReadExtra",
    "MismatchRead",
    "ModalityGapRead",
    "ModelIdentity",
    "ModelRead",
    "ModelReadEligibilityType0",
    "ModelReadSettings",
    "ModelRegister",
    "NonInferiorityRead",
    "NonInferiorityReadReference",
    "NotificationsRead",
    "NotifyIn",
    "Numerics",
    "OptionOrderAuditIn",
    "OrderAuditPlan",
    "OrderAuditRead",
    "OrderAuditReadDefinitions",
    "OverlapRead",
    "PartialRead",
    "PassAtOne",
    "PatternRead",
    "PoolTime",
    "PostedPlan",
    "Predicate",
    "PredictionIn",
    "Probe",
    "ProbeFigure",
    "ProbeKind",
    "Problem",
    "ProblemErrorsType0Item",
    "PromptRead",
    "PromptReadDetail",
    "PromptReadStyle",
    "PromptReadToolsType0Item",
    "PromptReadTurnsItemItem",
    "PulledFile",
    "PullPlan",
    "PullProblem",
    "PullProblemErrorsType0Item",
    "PullProblemExtra",
    "PullProgress",
    "PullReport",
    "PullStage",
    "RayRecord",
    "RemovalRead",
    "RepeatsGenerated",
    "Reproducibility",
    "ReproducibilityPackages",
    "ReproducibilitySeeds",
    "ResidentRead",
    "ResultRead",
    "RetractionRead",
    "ReuseCalibration",
    "ReuseMode",
    "RunCreate",
    "RunEstimate",
    "RunKind",
    "RunLengthAudit",
    "RunLengthAuditDefinitions",
    "RunLimits",
    "RunPage",
    "RunPlan",
    "RunProgress",
    "RunRead",
    "RunReadConfig",
    "RunRuntime",
    "RunRuntimeMeasuredType0",
    "RunState",
    "RunStatus",
    "RunStatusConfig",
    "SamplePage",
    "SampleRead",
    "SampleReadDetail",
    "SampleStyle",
    "ScorecardComponentRead",
    "ScorecardRead",
    "ScorecardReadDefinitions",
    "ScoreRequest",
    "ScoreRequestMissing",
    "ScoreResponse",
    "SequentialRecord",
    "ServerProcess",
    "SetAsideRead",
    "SharedGenerations",
    "ShortcutAuditIn",
    "ShortcutAuditPlan",
    "ShortcutAuditRead",
    "ShortcutAuditReadDefinitions",
    "ShortcutDeriveIn",
    "ShortcutVariant",
    "SideRead",
    "SideReadRuns",
    "SigningKeyRead",
    "Smoke",
    "SourceRead",
    "SplitCount",
    "Status",
    "StepIn",
    "StopReason",
    "StopWhen",
    "Stress",
    "SubjectCount",
    "SubjectDifferenceRead",
    "SubjectFlagRead",
    "SubjectItemsRead",
    "SubjectLengthRead",
    "SubjectRead",
    "SubsetDeriveIn",
    "SubsetRuleIn",
    "TableRead",
    "TextRead",
    "TimeLimitedRead",
    "TimeSpent",
    "ToolCallIn",
    "ToolCallInArgumentsType0",
    "ToolChoice",
    "TopologyPolicy",
    "TopologyPolicyMode",
    "TopologyPolicyPrefillLane",
    "TopologyRecord",
    "TreatmentRead",
    "TryRead",
    "UnitLengthRead",
    "UnitOrder",
    "UsageRead",
    "VariantRead",
    "Version",
    "VisionAuditIn",
    "VisionAuditPlan",
    "VisionAuditRead",
    "VisionAuditReadDefinitions",
    "WorkerTime",
)
