"""HTTP routes for methodologies: what a run can pin, with every text it sends."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field, JsonValue

from app.guards import ReadKeyDep
from app.http import NotFound
from app.methodology import DEFAULT, METHODOLOGIES, Methodology, PublishedText, find
from app.scoring import PatternChain

router = APIRouter(tags=["methodologies"], dependencies=[ReadKeyDep])


class TextRead(BaseModel):
    text: str
    source: str
    style: str = Field(description="How its fields are filled: `format` ({name}) or "
                       "`percent` (%(name)s)")


class PatternRead(BaseModel):
    name: str
    regex: str


class MethodologyRead(BaseModel):
    name: str
    version: str
    title: str
    source: str
    sha256: str = Field(description="What a run's reproducibility record carries")
    default: bool
    mcq_prompt: TextRead
    mcq_option_line: str
    extraction: list[PatternRead] = Field(description="Tried in order; empty: PocketEval's "
                                          "standalone 'Answer: X' reading")
    texts: dict[str, TextRead] = Field(
        description="The texts its benchmarks send, keyed `<benchmark>.<role>` (prompt, "
        "checker, grader), exactly as sent", examples=[{"<benchmark>.prompt": {
            "text": "…{question}", "source": "…", "style": "format"}}])
    replies: dict[str, dict[str, JsonValue]] = Field(
        description="How a grader's reply to the text of the same key is read")
    temperature: dict[str, float | None]
    repeats: dict[str, int]
    default_repeats: int
    index_weighting: str
    definitions: dict[str, str]


def _text(text: PublishedText) -> TextRead:
    return TextRead(text=text.text, source=text.source, style=text.style)


def methodology_read(m: Methodology) -> MethodologyRead:
    patterns = m.reader.patterns if isinstance(m.reader, PatternChain) else ()
    return MethodologyRead(
        name=m.name, version=m.version, title=m.title, source=m.source, sha256=m.sha256,
        default=m is DEFAULT,
        mcq_prompt=_text(m.mcq.template),
        mcq_option_line=m.mcq.option_line,
        extraction=[PatternRead(name=p.name, regex=p.regex) for p in patterns],
        texts={key: _text(text) for key, text in sorted(m.texts.items())},
        replies={key: rule.describe() for key, rule in sorted(m.replies.items())},
        temperature={str(k): v for k, v in m.temperature.items()},
        repeats=dict(m.repeats), default_repeats=m.default_repeats,
        index_weighting=m.index_weighting, definitions=dict(m.definitions))


@router.get("/methodologies", name="list_methodologies")
def list_methodologies() -> list[MethodologyRead]:
    """The methodologies a run or a scoring of posted predictions can pin."""
    return [methodology_read(m) for m in METHODOLOGIES.values()]


@router.get("/methodologies/{name}/{version}", name="get_methodology")
def get_methodology(name: str, version: str) -> MethodologyRead:
    try:
        return methodology_read(find(name, version))
    except KeyError as exc:
        raise NotFound(str(exc.args[0]), field="name") from None
