"""BFCL v4 (Berkeley Function Calling Leaderboard), the three non-live categories of the
mobile benchmark set: multiple (200), multi_turn_base (200) and irrelevance (240)."""

from app.benchmarks.spec import BenchmarkSpec, benchmark

TOOL_PROMPT = (
    "Each turn's user messages are sent as given, with the item's functions in the native "
    "`tools` parameter (BFCL parameter types converted to JSON Schema: dict->object, "
    "float->number, tuple->array, any->string; '.' in names -> '_'); no system prompt. Calls "
    "are read only from message.tool_calls. multi_turn_base: each call runs on the BFCL "
    "environment and its result returns as a `tool` message, until the model answers without "
    "a call or 20 steps pass; then the next user turn."
)

SPEC = benchmark(
    BenchmarkSpec(
        name="bfcl-v4",
        version="bfcl-eval-2026.3.23",
        kind="tool_calls",
        scorer="bfcl",
        index_component="bfcl",
        mobile_device_set_rank=1,
        conversation_subjects=frozenset({"multi_turn_base"}),
        description=(
            "BFCL v4 tool calling: multiple (pick the right one of 2-4 functions), "
            "multi_turn_base (stateful file system, messaging, trading, travel, vehicle APIs "
            "over several user turns) and irrelevance (no function fits: make no call). Data "
            "from the bfcl-eval package, imported at first start, or from uploaded files."
        ),
        scoring=(
            "multiple: AST match against the possible answers; irrelevance: correct iff no "
            "call; multi_turn_base: state and execution-result comparison on the real BFCL "
            "environment classes. BFCL score = mean of the three category accuracies."
        ),
        prompt_template=TOOL_PROMPT,
        subject_label="category",
        layouts=("bfcl-jsonl",),
        default_layouts={"jsonl": "bfcl-jsonl"},
    )
)
