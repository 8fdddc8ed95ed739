"""The default methodology's texts, byte for byte against copies of their public sources
(tests/methodology/published/, each file names where it was copied from). Each copy is read
the way its own code reads it (YAML parsed, Python string stripped, str.format / %), so
the comparison is with what the published implementation sends."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from app.benchmarks.prompt_builders import generative_mcq
from app.methodology import DEFAULT
from app.scoring.answer_chain import PatternChain

PUBLISHED = Path(__file__).parent / "published"


def _framework() -> dict[str, dict[str, object]]:
    tasks = yaml.safe_load((PUBLISHED / "simple_evals_framework_aa_v3.yml").read_text())
    return {t["name"]: t["defaults"]["config"]["params"]["extra"]["custom_config"]
            for t in tasks}


def _python_string(text: str, name: str) -> str:
    """The value of `NAME = r?\"\"\"...\"\"\"` (`.strip()` where the source strips it)."""
    found = re.search(rf'{name} = r?"""(.*?)"""(\.strip\(\))?', text, re.DOTALL)
    assert found is not None, name
    return found.group(1).strip() if found.group(2) else found.group(1)


QUESTION = "Which particle mediates the electromagnetic force?"
OPTIONS = ["Photon", "Gluon", "W boson", "Graviton", "Pion", "Muon", "Kaon", "Tau",
           "Higgs", "Neutrino"]


def test_multiple_choice_prompt_as_the_aa_v3_tasks_render_it() -> None:
    tasks = _framework()
    for task, n in (("gpqa_diamond_aa_v3", 4), ("mmlu_pro_aa_v3", 10)):
        template = str(tasks[task]["prompt_template"])
        # the YAML block scalar ends the text with one line break after the last option;
        # the methodology page's prompt ends at the last option, as PocketEval sends it
        assert template.endswith("\n") and not template.endswith("\n\n")
        options = dict(zip("ABCDEFGHIJ", OPTIONS, strict=True))
        published = template[:-1].format(Question=QUESTION, **options)
        assert generative_mcq(DEFAULT.mcq, QUESTION, OPTIONS[:n]) == published


def test_extraction_chain_is_the_published_list_in_order() -> None:
    for task in ("gpqa_diamond_aa_v3", "mmlu_pro_aa_v3"):
        published = [(p["name"], p["regex"], p["match_group"])
                     for p in _framework()[task]["extraction"]]  # type: ignore[attr-defined]
        assert isinstance(DEFAULT.reader, PatternChain)
        ours = [(p.name, p.regex, 1) for p in DEFAULT.reader.patterns]
        assert ours == published
        # simple_evals' RegexExtractor: re.finditer(regex, response, re.MULTILINE | re.DOTALL)
        assert DEFAULT.reader.flags == re.MULTILINE | re.DOTALL


def test_math_prompt_is_the_aa_boxed_template() -> None:
    published = (PUBLISHED / "aa_boxed.template").read_text().strip()  # common.load_template
    problem = "What is $\\frac{1}{2} + \\frac{1}{3}$?"
    rendered = published.format(Question=problem)
    # the packaged file writes \\boxed (two backslashes) where the methodology page shows
    # one; everything else is the same bytes
    assert rendered.count("\\\\boxed{}") == 2
    assert DEFAULT.text("math-500.prompt").render(question=problem) == rendered.replace("\\\\boxed",
                                                                            "\\boxed")


def test_equality_checker_is_simple_evals_template() -> None:
    published = _python_string((PUBLISHED / "simple_evals_common_equality.py.txt").read_text(),
                               "EQUALITY_TEMPLATE")
    values = {"expression1": "\\frac{1}{2}", "expression2": "0.5"}
    assert DEFAULT.text("math-500.checker").render(**values) == published % values
    assert DEFAULT.text("math-500.checker").text == published


def test_knowledge_prompt_and_grader_are_the_dataset_card_texts() -> None:
    card = (PUBLISHED / "aa_omniscience_public_card.md").read_text()
    answer = _python_string(card, "OMNISCIENCE_ANSWER_PROMPT")
    grader = _python_string(card, "OMNISCIENCE_GRADER_TEMPLATE")
    values = {"domain": "Software Engineering", "topic": "Python", "question": QUESTION}
    # the card's prompt is a triple-quoted block; the question follows it after a blank
    # line (lighteval: prompt.strip() + "\n\n" + question)
    assert DEFAULT.text("aa-omniscience.prompt").render(**values) == (
        answer.strip().format(domain=values["domain"], topic=values["topic"])
        + "\n\n" + QUESTION)
    assert DEFAULT.text("aa-omniscience.grader").text == grader
    filled = {"question": QUESTION, "target": "Photon", "predicted_answer": "a photon"}
    assert DEFAULT.text("aa-omniscience.grader").render(**filled) == grader.format(**filled)


def test_the_methodology_names_its_version_and_sampling() -> None:
    assert DEFAULT.label == "artificial-analysis@intelligence-index-v3"
    assert dict(DEFAULT.temperature) == {"non-reasoning": 0.0, "reasoning": 0.6}
    assert len(DEFAULT.sha256) == 64
