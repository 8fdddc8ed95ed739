"""Artificial Analysis's published method (Intelligence Index v3 texts; the Mobile Device
Benchmark Set uses "the same multiple-choice prompt as our main Intelligence Index" and
grades AA-Omniscience as that methodology describes).

Every text is a file under published/artificial-analysis/, byte for byte as published:
- mcq.txt: the multiple-choice prompt, https://artificialanalysis.ai/methodology/
  intelligence-benchmarking, as packaged in NVIDIA's `nvidia-simple-evals` 26.3
  (core_evals/simple_evals/framework.yml, tasks gpqa_diamond_aa_v3 and mmlu_pro_aa_v3,
  where 'A/B/C/D' and 'A/B/C/D/E/F/G/H/I/J' are {letters} here);
- the answer-extraction chain below: the same tasks' `extraction` list, applied by
  simple_evals/custom_parametrization/extractors.py (re.MULTILINE | re.DOTALL, the last
  match of the first pattern that matches, stripped);
- math.txt: the MATH-500 prompt (simple_evals/configs/templates/aa_boxed.template, task
  AA_math_test_500; the file there doubles the backslash of \\boxed, which the methodology
  page shows single);
- math-equality.txt: the equality checker (simple_evals/common.py EQUALITY_TEMPLATE, read
  by check_equality: equal iff the reply stripped and lower-cased is "yes");
- knowledge-answer.txt and knowledge-grader.txt: the AA-Omniscience answer prompt and
  grader template as Artificial Analysis publishes them on the dataset card of
  huggingface.co/datasets/ArtificialAnalysis/AA-Omniscience-Public (paper: arXiv
  2511.13029). The card does not say how the question follows the prompt: here after a
  blank line in the same user message, as lighteval 0.13.0 does
  (lighteval/tasks/tasks/aa_omniscience.py). The grader's reply is read as that code
  reads it: re.search(r"^[A-D]$", reply), and a reply that is not one letter is graded D
  (NOT_ATTEMPTED), flagged on the sample.
Sampling: temperature 0 for non-reasoning models, 0.6 for reasoning models (the
methodology page). Repeats: GPQA Diamond and IFBench 5, AA-Omniscience 1 (the page's
table); MATH-500 3 and MMLU-Pro 1 (the AA tasks of nvidia-simple-evals 26.3).
"""

from __future__ import annotations

import re

from app.methodology.model import (
    LetterGrades,
    McqPrompt,
    Methodology,
    PublishedText,
    Variant,
    YesNo,
)
from app.methodology.texts import published as published_text
from app.scoring import AnswerPattern, PatternChain

PAGE = "https://artificialanalysis.ai/methodology/intelligence-benchmarking"
SIMPLE_EVALS = "nvidia-simple-evals 26.3"
CARD = ("https://huggingface.co/datasets/ArtificialAnalysis/AA-Omniscience-Public "
        "(arXiv 2511.13029)")


def published(name: str) -> str:
    return published_text("artificial-analysis", name)


EXTRACTION = PatternChain((
    AnswerPattern("primary_answer_format",
                  r"(?i)[\*\_]{0,2}Answer[\*\_]{0,2}\s*:[\s\*\_]{0,2}\s*([A-Z])(?![a-zA-Z0-9])"),
    AnswerPattern("latex_boxed", r"\\boxed\{[^}]*([A-Z])[^}]*\}"),
    AnswerPattern("natural_language", r"answer is ([a-zA-Z])"),
    AnswerPattern("with_parenthesis", r"answer is \(([a-zA-Z])\)"),
    AnswerPattern("choice_format", r"([A-Z])\)\s*[^A-Z]*"),
    AnswerPattern("explicit_statement", r"([A-Z])\s+is\s+the\s+correct\s+answer"),
    AnswerPattern("standalone_letter_end", r"([A-Z])\s*$"),
    AnswerPattern("letter_with_period", r"([A-Z])\s*\."),
    AnswerPattern("letter_nonword", r"([A-Z])\s*[^\w]"),
), flags=re.MULTILINE | re.DOTALL)

GRADES = {"A": "CORRECT", "B": "INCORRECT", "C": "PARTIAL", "D": "NOT_ATTEMPTED"}

ARTIFICIAL_ANALYSIS_V3 = Methodology(
    name="artificial-analysis",
    version="intelligence-index-v3",
    title="Artificial Analysis Intelligence Index v3 (Mobile Device Benchmark Set)",
    source=PAGE,
    mcq=McqPrompt(PublishedText(published("mcq.txt"), source=f"{PAGE}; {SIMPLE_EVALS}"),
                  option_line="{letter}) {text}", joiner="/", everywhere=True),
    reader=EXTRACTION,
    texts={"math-500.prompt": PublishedText(published("math.txt"),
                                            source=f"{PAGE}; {SIMPLE_EVALS}"),
           "math-500.checker": PublishedText(published("math-equality.txt"), style="percent",
                                             source=f"{SIMPLE_EVALS} simple_evals/common.py"),
           "aa-omniscience.prompt": PublishedText(published("knowledge-answer.txt"),
                                                  source=CARD),
           "aa-omniscience.grader": PublishedText(published("knowledge-grader.txt"),
                                                  source=CARD)},
    replies={"math-500.checker": YesNo(),
             "aa-omniscience.grader": LetterGrades(GRADES, fallback="NOT_ATTEMPTED")},
    temperature={Variant.NON_REASONING: 0.0, Variant.REASONING: 0.6},
    grader_expected=True,
    repeats={"gpqa-diamond": 5, "ifbench": 5, "aa-omniscience": 1, "math-500": 3,
             "mmlu-pro": 1},
    definitions={
        "methodology.extraction": "the published chain, in order: primary_answer_format, "
        "latex_boxed, natural_language, with_parenthesis, choice_format, "
        "explicit_statement, standalone_letter_end, letter_with_period, letter_nonword; "
        "the last match of the first pattern that matches decides, upper-cased; the "
        "pattern is recorded on each sample (detail.pattern)",
        "methodology.strict": "beside it, the strict reading: a line that is exactly "
        "'Answer: X'; extraction.differs counts the samples whose two readings differ",
        "methodology.sampling": "temperature 0 for non-reasoning variants, 0.6 for "
        "reasoning variants; a run's own sampling wins and is listed as a deviation",
        "methodology.math": "math-verify reads and checks the answer first (the published "
        "setup's symbolic check, by the library the field compares with); where it finds "
        "no equivalence, the configured grader is asked with the published equality "
        "checker, gold as the first expression; a run without a grader lists that as a "
        "deviation",
        "methodology.texts": "sent as published, but for what surrounds them: the "
        "multiple-choice prompt ends at the last option (the packaged YAML adds a line "
        "break), names the item's own letters (A/B/C for three options, where the packaged "
        "ten-option task always prints A-J) and the question has its surrounding white "
        "space stripped; \\boxed has one backslash, as the methodology page shows it; "
        "<think> blocks are removed before the answer is read",
    },
)
