"""Contamination probe: which items' word n-grams (13 by default, as GPT-3's and
lm-evaluation-harness's decontamination) occur in a corpus. Pure and streaming: the items'
n-grams are held in memory (bounded by the benchmark), the corpus is fed a piece at a time
and never kept, so its size is bounded by nothing but time.

An item's overlap = the share of its n-grams found in the corpus; it is flagged when the
overlap exceeds `min_overlap` (0: any n-gram found). Items shorter than n words are not
probed (a short n-gram matches ordinary text by chance) and are counted as such."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from app.scoring.text_ngrams import WORD, ngrams, words


@dataclass(frozen=True)
class Overlap:
    item: int
    found: int
    total: int

    @property
    def ratio(self) -> float:
        return self.found / self.total


class ContaminationProbe:
    def __init__(self, texts: Mapping[int, str], n: int = 13) -> None:
        self.n = n
        self.owners: dict[str, list[int]] = {}
        self.totals: dict[int, int] = {}
        self.short = 0
        for key, text in texts.items():
            tokens = words(text)
            if len(tokens) < n:
                self.short += 1
                continue
            grams = ngrams(tokens, n)
            self.totals[key] = len(grams)
            for gram in grams:
                self.owners.setdefault(gram, []).append(key)
        self.seen: set[str] = set()
        self.window: deque[str] = deque(maxlen=n)
        self.carry = ""  # a word the last piece ended inside of
        self.bytes = 0

    def _words(self, tokens: list[str]) -> None:
        window, owners, seen = self.window, self.owners, self.seen
        for token in tokens:
            window.append(token)
            if len(window) == self.n:
                gram = " ".join(window)
                if gram in owners:
                    seen.add(gram)

    def feed(self, text: str) -> None:
        """More of the current document; words and n-grams run on across pieces."""
        self.bytes += len(text)
        text = self.carry + text.casefold()
        tokens = WORD.findall(text)
        self.carry = ""
        if tokens and WORD.fullmatch(text[-1]):  # the piece ends inside a word: hold it back
            self.carry = tokens.pop()
        self._words(tokens)

    def end_document(self) -> None:
        """The next text is another document: no n-gram spans the two."""
        self._words([self.carry] if self.carry else [])
        self.carry = ""
        self.window.clear()

    def feed_documents(self, documents: Iterable[str]) -> int:
        count = 0
        for document in documents:
            self.feed(document)
            self.end_document()
            count += 1
        return count

    def overlaps(self) -> list[Overlap]:
        found: dict[int, int] = {}
        for gram in self.seen:
            for key in self.owners[gram]:
                found[key] = found.get(key, 0) + 1
        return [Overlap(key, found.get(key, 0), total)
                for key, total in sorted(self.totals.items())]


def flagged(overlaps: Iterable[Overlap], min_overlap: float) -> list[Overlap]:
    return [o for o in overlaps if o.found and o.ratio > min_overlap]
