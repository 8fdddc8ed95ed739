"""MMLU test rows made up here, of the published set's shape and sizes: 14,042 rows over its
57 subjects, about 450 bytes of question and choices a row (the published files hold 6.4 MB),
ids `<subject>/test/<n>` as the mmlu-csv layout gives them, a key per row. For the served
tests that need bodies of that size (a score request of every row, about 870 KB; the whole
set imported in one request) but not the real questions: they run where ../shared/data is
not. The keys are drawn here, so the right answers in a request are counted from them
(tests.support.served.predictions), never by the server."""

from __future__ import annotations

import csv
import functools
import io
import random

from app.benchmarks.catalog.mmlu import SUBJECTS
from tests.support.served import LETTERS, ROWS, Row

WORDS = ("which of the following is a group under addition when the set has an identity "
         "element and every element has an inverse in it find the value of x such that "
         "statement true false both neither order ring field polynomial degree").split()
HEADER = ["question", "choice0", "choice1", "choice2", "choice3", "answer"]


def _text(rng: random.Random, words: int) -> str:
    return " ".join(rng.choices(WORDS, k=words)).capitalize()


@functools.cache
def synthetic_rows(total: int = ROWS, subjects: tuple[str, ...] = tuple(sorted(SUBJECTS)),
                   seed: int = 0) -> list[Row]:
    """`total` rows spread over `subjects` in turn-sized blocks (the first ones one row more
    where it does not divide), each a question of about 60 words, four choices of about 6,
    and a key drawn at random."""
    rng = random.Random(seed)
    share, extra = divmod(total, len(subjects))
    rows = []
    for index, subject in enumerate(subjects):
        for n in range(share + (index < extra)):
            answer = rng.randrange(4)
            cells = [_text(rng, rng.randint(45, 75)) + "?",
                     *(_text(rng, rng.randint(3, 9)) for _ in range(4)), str(answer)]
            rows.append(Row(f"{subject}/test/{n}", subject, cells, LETTERS[answer]))
    return rows


def subject_files(rows: list[Row]) -> list[tuple[str, bytes]]:
    """The rows as the published per-subject files: `<subject>_test.csv`, a header, then
    question, four choices and the answer's index."""
    by_subject: dict[str, list[Row]] = {}
    for row in rows:
        by_subject.setdefault(row.subject, []).append(row)
    files = []
    for subject, group in by_subject.items():
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(HEADER)
        writer.writerows(row.cells for row in group)
        files.append((f"{subject}_test.csv", out.getvalue().encode()))
    return files
