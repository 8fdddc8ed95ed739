"""BFCL v4 (Berkeley Function Calling Leaderboard), the three non-live categories of the
mobile benchmark set: multiple (200), multi_turn_base (200) and irrelevance (240)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from app.benchmarks.base import Composed, Roles
from app.benchmarks.catalog.bfcl.answers import MultiTurnAnswer
from app.benchmarks.catalog.bfcl.layouts import LAYOUTS
from app.benchmarks.catalog.bfcl.payload import tool_call_payload
from app.benchmarks.catalog.bfcl.scoring import DEFINITIONS, bfcl_summary, judge_bfcl
from app.benchmarks.catalog.bfcl.tools import to_openai_tools
from app.benchmarks.data_files import KnownFiles, PackagedFiles, Source
from app.benchmarks.prompt_types import BuiltPrompt, PromptItem
from app.benchmarks.protocol import About
from app.benchmarks.roles import Attempt, Check, Models, Read, Summary, Task
from app.benchmarks.scorers import TextScorer
from app.benchmarks.solvers import ChatSolver
from app.benchmarks.spec import BenchmarkSpec
from app.benchmarks.summaries import AccuracyMetrics
from app.inference import ChatReply, plain_calls
from app.scoring import Component, KeyedItem, Prediction, Scope, Verdict, proportion_se

# the published files of the three categories (bfcl-eval ships them too)
FILES = ("BFCL_v4_multiple.json", "BFCL_v4_irrelevance.json", "BFCL_v4_multi_turn_base.json",
         "possible_answer/BFCL_v4_multiple.json",
         "possible_answer/BFCL_v4_multi_turn_base.json")
# subjects whose items are conversations with tool environments, not one request
CONVERSATION_SUBJECTS = frozenset({"multi_turn_base"})

TOOL_PROMPT = (
    "Each turn's user messages are sent as given, with the item's functions in the native "
    "`tools` parameter (BFCL parameter types converted to JSON Schema: dict->object, "
    "float->number, tuple->array, any->string; '.' in names -> '_'); no system prompt. Calls "
    "are read only from message.tool_calls. multi_turn_base: each call runs on the BFCL "
    "environment and its result returns as a `tool` message, until the model answers without "
    "a call or 20 steps pass; then the next user turn."
)

SPEC = BenchmarkSpec(
    name="bfcl-v4",
    version="bfcl-eval-2026.3.23",
    kind="tool_calls",
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
    stratified=True,  # the BFCL score is the mean over its three categories
    layouts=("bfcl-jsonl",),
    default_layouts={"jsonl": "bfcl-jsonl"},
)


@dataclass(frozen=True)
class ToolSolver(ChatSolver):
    """Native tool calls: one request, or a conversation with the BFCL environment."""

    def chat_prompt(self, item: PromptItem, repeat: int) -> BuiltPrompt:
        read = tool_call_payload(item.payload)
        return BuiltPrompt("chat", turns=[list(turn) for turn in read.turns],
                           tools=to_openai_tools(read.functions))

    async def read(self, models: Models, task: Task, reply: ChatReply) -> Read:
        return Read(Prediction(item_id=task.item.item_id, repeat=task.repeat,
                               tool_calls=plain_calls(reply)))

    async def solve(self, models: Models, task: Task) -> Attempt:
        if task.item.subject not in CONVERSATION_SUBJECTS:
            return await super().solve(models, task)
        from app.benchmarks.catalog.bfcl.conversation import converse

        built = self.prompt(task.prompt_item, "chat", task.repeat)
        return await converse(models.chat, models.limits, built, task)


@dataclass(frozen=True)
class ToolScorer(TextScorer):
    """AST match, no-call and environment-state checks; multi-turn replays run environment
    code on model-chosen arguments: judged in a worker."""

    check: ClassVar[Check] = Check.TOOL_CALLS

    isolated: bool = True

    def judge(self, item: KeyedItem, prediction: Prediction) -> Verdict:
        return judge_bfcl(item, prediction)


@dataclass(frozen=True)
class ToolMetrics(AccuracyMetrics):
    def summarize(self, items: Sequence[KeyedItem], verdicts: Sequence[Verdict],
                  scope: Scope) -> Summary | None:
        return bfcl_summary(items, verdicts, scope)

    def component(self, name: str, metrics: Mapping[str, Any]) -> Component | None:
        extra: Mapping[str, Any] = metrics.get("extra") or {}
        repeats = max(len(metrics.get("repeats") or [0]), 1)
        score = extra.get("score")
        categories: Mapping[str, float | None] = extra.get("categories") or {}
        sizes = {s["subject"]: s["n_items"] * repeats for s in metrics.get("subjects", [])}
        if score is None:
            missing = extra.get("missing_categories") or []
            return Component(name, None, None, "extra.score (BFCL score)", reason=(
                "the BFCL score is the mean of its three categories' accuracies and this run "
                f"has no item of {', '.join(missing) or 'them'}: run them all (a `limit` or "
                "`sample` draws from each)"))
        se = math.sqrt(sum(proportion_se(p, sizes.get(c, 0)) ** 2
                           for c, p in categories.items() if p is not None)) / 3
        return Component(name, score, se, "extra.score (BFCL score)")

    @property
    def stderr_rule(self) -> str:
        return ("sqrt(sum over the 3 categories of se_c^2) / 3, se_c the wider side of the "
                "category's 95% Wilson interval over n = items x repeats, / 1.96")


BENCHMARK = Composed(
    SPEC, Roles(ToolSolver, ToolScorer, ToolMetrics()),
    about=About(definitions=DEFINITIONS, packages=("bfcl-eval",),
                answer_fields=MultiTurnAnswer),
    source=Source(LAYOUTS, known_files=KnownFiles(tuple(f"bfcl/{name}" for name in FILES)),
                  packaged_files=PackagedFiles("bfcl_eval.data", FILES)))
