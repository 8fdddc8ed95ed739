"""Pure scoring and statistics, no I/O: verdicts and their metrics, intervals, the
sequential test, the Index's arithmetic; what every part above judges and counts with."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.faces import lazy_face

if TYPE_CHECKING:
    from app.scoring import (
        contamination_stats,
        index,
        item_analysis_stats,
        near_duplicates,
        noninferiority,
        option_expansion_stats,
        option_length_stats,
        option_order_stats,
        paired,
        pareto,
        scorecard_stats,
        shortcut_stats,
        speed,
        subset_rules,
    )
    from app.scoring.answer_chain import (
        AnswerPattern,
        LetterReader,
        PatternChain,
        StandaloneAnswerLine,
        reading_summary,
    )
    from app.scoring.choices import LETTERS, MAX_CHOICES, AnswerError, parse_answer_key
    from app.scoring.contamination_stats import ContaminationProbe
    from app.scoring.extract import normalize_text, strip_think
    from app.scoring.index import Component, IndexResult, proportion_se, run_stderr
    from app.scoring.item_payload import (
        ChoicePayload,
        ItemPayload,
        TextPayload,
        choice_payload,
        key_of,
        read_payload,
    )
    from app.scoring.known_answers import KnownAnswer, disagreements
    from app.scoring.metrics import Metrics, aggregate
    from app.scoring.near_duplicates import Pair
    from app.scoring.noninferiority import Bound, Decision
    from app.scoring.option_length_stats import LengthUnit, OptionItem
    from app.scoring.paired import PairedDifference, paired_difference
    from app.scoring.predictions import (
        Judged,
        Matched,
        Prediction,
        PredictionError,
        ScoredBatch,
        VerdictFn,
        add_judged,
        judge_freeform,
        judge_matched,
        judge_mcq,
        judge_or_error,
        match_predictions,
        read_letter,
    )
    from app.scoring.seeded import seeded_rng, seeded_shuffle
    from app.scoring.sequential_test import BOUNDARY, SequentialNonInferiority
    from app.scoring.shortcut_stats import FlagRate, ShortcutVariant, VariantResult
    from app.scoring.stats import (
        accuracy_interval,
        binomial_upper,
        clustered_wilson,
        mean,
        wilson_interval,
    )
    from app.scoring.subset_rules import Predicate, Rule
    from app.scoring.text_ngrams import item_text
    from app.scoring.time_limit import TimeLimitExceeded
    from app.scoring.time_limit import time_limit as time_limited
    from app.scoring.verdicts import (
        KeyedItem,
        Scope,
        Status,
        Verdict,
        error_verdict,
        scoring_failure,
    )

__all__ = [
    "AnswerError", "AnswerPattern", "BOUNDARY", "Bound", "ChoicePayload", "Component",
    "ContaminationProbe", "Decision", "FlagRate", "IndexResult", "ItemPayload", "Judged",
    "KeyedItem", "KnownAnswer", "LETTERS", "LengthUnit", "LetterReader", "MAX_CHOICES", "Matched",
    "Metrics", "OptionItem", "Pair", "PairedDifference", "PatternChain", "Predicate", "Prediction",
    "PredictionError", "Rule", "Scope", "ScoredBatch", "SequentialNonInferiority",
    "ShortcutVariant", "StandaloneAnswerLine", "Status", "TextPayload", "TimeLimitExceeded",
    "VariantResult", "Verdict", "VerdictFn", "accuracy_interval", "add_judged", "aggregate",
    "binomial_upper", "choice_payload", "clustered_wilson", "contamination_stats", "disagreements",
    "error_verdict", "index", "item_analysis_stats", "item_text", "judge_freeform", "judge_matched",
    "judge_mcq", "judge_or_error", "key_of", "match_predictions", "mean", "near_duplicates",
    "noninferiority", "normalize_text", "option_expansion_stats", "option_length_stats",
    "option_order_stats", "paired", "paired_difference", "pareto", "parse_answer_key",
    "proportion_se", "read_letter", "read_payload", "reading_summary", "run_stderr",
    "scorecard_stats", "scoring_failure", "seeded_rng", "seeded_shuffle", "shortcut_stats", "speed",
    "strip_think", "subset_rules", "time_limited", "wilson_interval",
]

if not TYPE_CHECKING:
    __getattr__ = lazy_face(__name__, __file__)
