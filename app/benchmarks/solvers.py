"""The ordinary solvers: one chat turn (the reply read as the prediction), and multiple
choice, which a local model answers by the likelihood of each option's letter. A catalog
entry subclasses one where it asks, or reads replies, differently."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.benchmarks.prompt_builders import (
    chat_turn,
    generative_mcq,
    loglikelihood_prompt,
    render_user_template,
    with_images,
)
from app.benchmarks.prompt_types import (
    BuiltPrompt,
    PromptItem,
    PromptUnavailable,
    ShownOptions,
    Style,
)
from app.benchmarks.roles import Attempt, Bound, Likelihood, Models, Read, Task
from app.inference import ChatReply, ReplyStats, output_cap, plain_calls, raw_once, transcript
from app.scoring import (
    LETTERS,
    ChoicePayload,
    Prediction,
    Status,
    Verdict,
    choice_payload,
    read_payload,
)


@dataclass(frozen=True)
class ChatSolver:
    """The item asked in one chat turn; the reply's text is the prediction."""

    at: Bound

    @property
    def styles(self) -> Sequence[Style]:
        return ("chat",)

    def prompt(self, item: PromptItem, style: Style, repeat: int = 0,
               shots: Sequence[PromptItem] = ()) -> BuiltPrompt:
        read = read_payload(item.payload)
        images = [dict(image) for image in read.images]
        if style == "loglikelihood":
            if style not in self.styles:
                raise PromptUnavailable(f"{self.at.spec.name} has no loglikelihood form; "
                                        "use chat")
            if images:
                raise PromptUnavailable("items with images have no loglikelihood form; use "
                                        "chat")
            return self.loglikelihood_prompt(item, shots)
        built = self.chat_prompt(item, repeat)
        if built.options is None and isinstance(read, ChoicePayload) and read.choices:
            built.options = ShownOptions(list(read.choices), list(read.answers))
        return with_images(built, images) if images else built

    def chat_prompt(self, item: PromptItem, repeat: int) -> BuiltPrompt:
        return chat_turn(read_payload(item.payload).question)

    def loglikelihood_prompt(self, item: PromptItem, shots: Sequence[PromptItem]
                             ) -> BuiltPrompt:
        raise PromptUnavailable(f"{self.at.spec.name} has no loglikelihood form; use chat")

    async def read(self, models: Models, task: Task, reply: ChatReply) -> Read:
        """What the reply is scored as (a grader may be asked first)."""
        return Read(Prediction(item_id=task.item.item_id, repeat=task.repeat,
                               response=reply.content or ""))

    async def solve(self, models: Models, task: Task) -> Attempt:
        built = self.prompt(task.prompt_item, "chat", task.repeat)
        return await self.chat_once(models, task, built)

    async def chat_once(self, models: Models, task: Task, built: BuiltPrompt) -> Attempt:
        """One request and its reply; a prompt that does not fit or a reply cut off is
        settled as wrong without reading."""
        item, repeat = task.item, task.repeat
        messages = list(built.turns[0])
        if models.show is not None:
            messages, look = await models.show(messages, task)
            built.detail["rendering"] = look
        cap = output_cap(models.limits, messages, built.tools)
        prompt_text = transcript(messages)
        nothing = Prediction(item_id=item.item_id, repeat=repeat)
        if cap < 1:
            return Attempt(nothing, prompt_text, None, {"over_context": True, "error":
                                                        "prompt exceeds the context window"},
                           settled=Verdict(item.item_id, repeat, Status.WRONG, None,
                                           {"over_context": True}))
        reply = await models.chat.chat(messages, tools=built.tools, max_tokens=cap)
        attempt = Attempt(nothing, prompt_text, reply.content,
                          {**built.detail, "max_tokens": cap, "tools": len(built.tools or ()),
                           "raw": raw_once(reply)}, reply.stats)
        detail = attempt.detail
        if reply.reasoning:
            detail["reasoning"] = reply.reasoning
        if reply.tool_calls:
            detail["tool_calls"] = plain_calls(reply)
        loop = reply.raw.get("loop")  # a degenerate loop: where, and whether it was stopped
        if loop:
            detail["loop"] = loop
        for timing in ("decode_ms", "decode_window"):  # the built-in runner's own figures
            if reply.raw.get(timing) is not None:
                detail[timing] = reply.raw[timing]
        if reply.stats.finish_reason in ("length", "loop"):
            detail["truncated"] = True
            attempt.settled = Verdict(item.item_id, repeat, Status.WRONG, None,
                                      {**built.detail, "truncated": True})
            return attempt
        read = await self.read(models, task, reply)
        attempt.prediction = read.prediction
        detail.update(read.detail)
        return attempt


@dataclass(frozen=True)
class ChoiceSolver(ChatSolver):
    """Options and a key letter: lm-eval's loglikelihood layout on local models, the
    methodology's multiple-choice prompt elsewhere."""

    @property
    def styles(self) -> Sequence[Style]:
        return ("chat", "loglikelihood")

    def chat_prompt(self, item: PromptItem, repeat: int) -> BuiltPrompt:
        read = choice_payload(item.payload)
        return chat_turn(generative_mcq(self.at.methodology.mcq, read.question, read.choices))

    def loglikelihood_prompt(self, item: PromptItem, shots: Sequence[PromptItem]
                             ) -> BuiltPrompt:
        return loglikelihood_prompt(item, shots)

    async def solve(self, models: Models, task: Task) -> Attempt:
        if models.likelihood is not None and "loglikelihood" in self.styles:
            return await self.by_likelihood(models.likelihood, task)
        return await super().solve(models, task)

    async def by_likelihood(self, likelihood: Likelihood, task: Task) -> Attempt:
        """argmax over options of log P(" X" | prompt): the lm-evaluation-harness rule."""
        built = self.prompt(task.prompt_item, "loglikelihood", shots=task.shots)
        result = await likelihood(self.at.spec.name, built)
        logprobs: list[float] = result["logprobs"]
        letter = LETTERS[max(range(len(logprobs)), key=logprobs.__getitem__)]
        return Attempt(Prediction(item_id=task.item.item_id, repeat=task.repeat,
                                  answer=letter), built.text or "", None,
                       {**built.detail, "logprobs": logprobs,
                        "evaluated_tokens": result["evaluated_tokens"]},
                       ReplyStats(latency_ms=result["seconds"] * 1000,
                                  prompt_tokens=result["prompt_tokens"], completion_tokens=0))


@dataclass(frozen=True)
class TemplateSolver(ChatSolver):
    """A custom benchmark asked with its own template (no loglikelihood form: the template
    is the user's, not lm-eval's layout)."""

    def chat_prompt(self, item: PromptItem, repeat: int) -> BuiltPrompt:
        return chat_turn(render_user_template(self.at.spec.prompt_template, item))
