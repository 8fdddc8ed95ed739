"""PocketEval's own texts, used before the published method was adopted: runs made with
them keep this label, and `compare` does not pair them with runs of another methodology.
Its texts are files too, under published/pocketeval/."""

from __future__ import annotations

from app.methodology.model import (
    Keyword,
    McqPrompt,
    Methodology,
    PublishedText,
    Variant,
    WordGrades,
)
from app.methodology.texts import published
from app.scoring import StandaloneAnswerLine


def own(name: str) -> str:
    return published("pocketeval", name)


POCKETEVAL_V1 = Methodology(
    name="pocketeval",
    version="1",
    title="PocketEval's own prompts and strict answer reading (before 2026-12)",
    source="PocketEval",
    mcq=McqPrompt(PublishedText(own("mcq.txt")), option_line="{letter}) {text}", joiner="",
                  everywhere=False),
    reader=StandaloneAnswerLine(),
    texts={"math-500.prompt": PublishedText(own("math.txt")),
           "math-500.checker": PublishedText(own("math-equality.txt")),
           "aa-omniscience.prompt": PublishedText(own("knowledge-answer.txt")),
           "aa-omniscience.grader": PublishedText(own("knowledge-grader.txt"))},
    replies={"math-500.checker": Keyword(), "aa-omniscience.grader": WordGrades()},
    temperature={Variant.NON_REASONING: None, Variant.REASONING: None},
    definitions={
        "methodology.extraction": "the last standalone 'Answer: X' line (a bare letter "
        "reply too); the pattern is recorded on each sample (detail.pattern)",
        "methodology.sampling": "no temperature sent to endpoints unless the run sets "
        "one; GGUF runs at temperature 0",
    },
)
