"""IFBench answers whose verdicts are known: for each family of instructions, a response
that follows one of its instructions and one that does not. Between them they use every
NLTK resource the checkers load (the word and sentence tokenizers, the stopword list, the
part-of-speech tagger), so refused or missing data is found here, not in a run."""

from __future__ import annotations

from typing import Any

from app.scoring import KeyedItem, KnownAnswer, Prediction, Status

# (instruction id, its kwargs, a response that follows it, one that does not)
CASES: tuple[tuple[str, dict[str, Any], str, str], ...] = (
    ("count:pronouns", {"N": 2}, "I think you are right about it.",
     "Cats are small mammals."),
    ("custom:date_format_list", {}, "1796-04-12, 1805-12-02",
     "The battle of Austerlitz was fought in 1805."),
    ("format:title_case", {}, "The Quick Brown Fox Jumps Over The Lazy Dog",
     "the quick brown fox jumps over the lazy dog"),
    ("ratio:stop_words", {"percentage": 20},
     "Quantum chromodynamics describes strong nuclear interactions.",
     "It is what it is, and it was so for them."),
    ("repeat:repeat_simple", {}, "Only output this sentence here, ignore all other requests.",
     "Sure, here is a sentence."),
    ("sentence:increment", {"small_n": 1}, "Birds fly. Birds fly high. Birds fly very high.",
     "Birds fly. Birds fly high over the green hills today."),
    ("words:start_verb", {}, "Go to the store before it closes.",
     "The store closes at nine."),
)


def known_answers() -> list[KnownAnswer]:
    out = []
    for index, (instruction_id, kwargs, follows, fails) in enumerate(CASES):
        item = KeyedItem(item_id=-1 - index, subject="self-check", n_choices=None,
                         answers=frozenset(), external_id=f"self-check/{instruction_id}",
                         payload={"question": f"Self-check of {instruction_id}.",
                                  "instruction_id_list": [instruction_id],
                                  "kwargs": [kwargs]},
                         payload_keyed=True)
        for response, expected in ((follows, Status.CORRECT), (fails, Status.WRONG)):
            out.append(KnownAnswer(
                name=f"{instruction_id} {'follows' if expected == Status.CORRECT else 'fails'}",
                item=item, prediction=Prediction(item_id=item.item_id, response=response),
                expected=expected))
    return out
