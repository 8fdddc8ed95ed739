"""Throughput of the text audits on the real MMLU test set (14,042 items): the contamination
probe over a synthetic corpus (items x corpus MB per second) and the near-duplicate search
over every item. Run with `make perf`."""

from __future__ import annotations

import csv
import io
import random
import time
from pathlib import Path

import pytest

from app.scoring.contamination_stats import ContaminationProbe
from app.scoring.near_duplicates import pairs
from app.scoring.text_ngrams import item_text

pytestmark = [pytest.mark.perf]
CORPUS_MB = 20


def _texts(data_dir: Path) -> dict[int, str]:
    texts: dict[int, str] = {}
    for path in sorted((data_dir / "mmlu" / "test").glob("*_test.csv")):
        for row in csv.reader(io.StringIO(path.read_text())):
            if row[-1] != "answer":
                texts[len(texts)] = item_text({"question": row[0], "choices": row[1:5]})
    return texts


def test_text_audit_throughput(data_dir: Path) -> None:
    texts = _texts(data_dir)
    vocabulary = " ".join(texts.values()).split()
    rng = random.Random(1)
    piece = " ".join(rng.choice(vocabulary) for _ in range(200_000))  # ~1.3 MB of words
    start = time.perf_counter()
    probe = ContaminationProbe(texts, 13)
    built = time.perf_counter() - start
    fed = 0
    start = time.perf_counter()
    while fed < CORPUS_MB * 1_000_000:
        probe.feed(piece)
        fed += len(piece)
    probe.end_document()
    probe.overlaps()
    elapsed = time.perf_counter() - start
    print(f"\ncontamination: {len(texts)} items indexed in {built:.2f} s; "
          f"{fed / 1e6:.1f} MB of corpus in {elapsed:.2f} s = {fed / 1e6 / elapsed:.2f} MB/s "
          f"({len(texts) * fed / 1e6 / elapsed:,.0f} item x MB / s)")
    start = time.perf_counter()
    found = pairs(texts, 3, 0.7)
    print(f"near-duplicates: {len(texts)} items in {time.perf_counter() - start:.2f} s, "
          f"{len(found)} pairs at Jaccard >= 0.7")
