"""Near-duplicate pairs against brute-force Jaccard, and the contamination probe's streaming
against a whole-text computation, on random texts."""

from __future__ import annotations

import itertools
import random

from app.scoring.contamination_stats import ContaminationProbe
from app.scoring.near_duplicates import clusters, jaccard, pairs
from app.scoring.text_ngrams import ngrams, words

VOCAB = [f"w{i}" for i in range(300)]


def _text(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(VOCAB) for _ in range(n))


def test_pairs_are_exactly_those_at_the_threshold_or_above() -> None:
    rng = random.Random(2)
    texts = {i: _text(rng, rng.randrange(10, 40)) for i in range(300)}
    for i in range(0, 60, 3):  # planted copies, some edited
        tokens = texts[i].split()
        for _ in range(rng.randrange(0, 3)):
            tokens[rng.randrange(len(tokens))] = "edited"
        texts[1000 + i] = " ".join(tokens)
    found = pairs(texts, 3, 0.6)
    sets = {k: ngrams(words(t), 3) for k, t in texts.items()}
    brute = {(a, b) for a, b in itertools.combinations(sorted(texts), 2)
             if jaccard(sets[a], sets[b]) >= 0.6}
    assert {(p.a, p.b) for p in found} == brute
    assert all(p.jaccard == jaccard(sets[p.a], sets[p.b]) for p in found)
    groups = clusters(found)
    assert all(len(g) >= 2 for g in groups)
    assert sum(len(g) for g in groups) == len({k for p in found for k in (p.a, p.b)})


def test_streamed_corpus_equals_the_whole_text() -> None:
    rng = random.Random(5)
    items = {i: _text(rng, rng.randrange(5, 30)) for i in range(100)}
    corpus = _text(rng, 5000) + " " + items[3] + " " + _text(rng, 100) + " " + items[7][:40]
    whole = ContaminationProbe(items, 8)
    whole.feed(corpus)
    streamed = ContaminationProbe(items, 8)
    at = 0
    while at < len(corpus):  # pieces cut anywhere, even inside words
        step = rng.randrange(1, 50)
        streamed.feed(corpus[at:at + step])
        at += step
    streamed.end_document()
    whole.end_document()
    grams = ngrams(words(corpus), 8)
    expected = {k: len(ngrams(words(t), 8) & grams) for k, t in items.items()
                if len(words(t)) >= 8}
    assert {o.item: o.found for o in whole.overlaps()} == expected
    assert whole.overlaps() != [] and expected[3] == len(ngrams(words(items[3]), 8))
    assert streamed.short == whole.short == sum(1 for t in items.values() if len(words(t)) < 8)
    assert streamed.overlaps() == whole.overlaps()


def test_words_and_ngrams_on_a_hand_made_case() -> None:
    """The normalisation both audits rely on, written out by hand: case folded (the German
    sharp s too), punctuation and spaces separate words, letters and digits of any script
    stay together, an apostrophe splits."""
    text = "The CAFÉ's 2nd  Straße—café, déjà-vu! 東京 x2"
    assert words(text) == ["the", "café", "s", "2nd", "strasse", "café", "déjà", "vu",
                           "東京", "x2"]
    assert ngrams(words("A b, C d!"), 3) == {"a b c", "b c d"}
    assert ngrams(words("only two"), 3) == {"only two"}  # shorter than n: one n-gram
    assert ngrams([], 3) == set()
    a, b = ngrams(words("a b c d"), 2), ngrams(words("A b c E"), 2)
    assert jaccard(a, b) == 2 / 4  # {a b, b c} shared of {a b, b c, c d, c e}
