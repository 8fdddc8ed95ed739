"""Speed of the core paths beside plain-Python references over the same data, in one run.

Run with `make perf`. Prints times and ratios; asserts only that both sides agree.
Targets on a 2-core machine: import of the 14,042 MMLU test items < 2 s, scoring of 100,000
predictions < 1 s.
"""

from __future__ import annotations

import csv
import io
import json
import random
import sqlite3
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.orm import Session

from app.benchmarks.service import get_benchmark, seed_catalog, spec_of
from app.db import make_engine, make_sessionmaker
from app.items.importer import ImportOptions, Upload, parse_uploads
from app.items.keys import load_keys
from app.items.service import store_items
from app.methodology import DEFAULT
from app.migrate import upgrade
from app.runs.posted import score_posted, to_predictions
from app.runs.schemas import PredictionIn, ScoreRequest
from app.scoring.metrics import aggregate
from app.scoring.predictions import judge_mcq, score_predictions

pytestmark = pytest.mark.perf


def best_of(n: int, fn: Callable[[], Any]) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(n):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def _uploads(data_dir: Path) -> list[Upload]:
    return [Upload(p.name, p.read_bytes())
            for p in sorted((data_dir / "mmlu" / "test").glob("*_test.csv"))]


def _fresh_session(tmp_path: Path, tag: str) -> tuple[Session, Any]:
    url = f"sqlite:///{tmp_path / f'{tag}.db'}"
    upgrade(url)
    engine = make_engine(url)
    session = make_sessionmaker(engine)()
    seed_catalog(session)
    session.commit()
    return session, engine


def _reference_import(uploads: list[Upload], db_path: Path) -> int:
    """Plain Python: csv.reader, a dict per row, json.dumps, sqlite3 executemany."""
    conn = sqlite3.connect(db_path)
    conn.execute("CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, ext TEXT UNIQUE, "
                 "split TEXT, subject TEXT, payload TEXT)")
    conn.execute("DELETE FROM items")
    rows = []
    for up in uploads:
        subject = up.filename.removesuffix("_test.csv")
        reader = csv.reader(io.StringIO(up.data.decode("utf-8")))
        next(reader)
        for i, r in enumerate(reader):
            payload = {"question": r[0], "choices": r[1:5], "answers": ["ABCD"[int(r[5])]]}
            rows.append((f"{subject}/test/{i}", "test", subject, json.dumps(payload)))
    conn.executemany("INSERT INTO items (ext, split, subject, payload) VALUES (?,?,?,?)", rows)
    conn.commit()
    conn.close()
    return len(rows)


def test_import_speed(data_dir: Path, tmp_path: Path) -> None:
    uploads = _uploads(data_dir)

    def ours() -> int:
        session, engine = _fresh_session(tmp_path, f"imp{time.perf_counter_ns()}")
        bench = get_benchmark(session, "mmlu")
        parsed = parse_uploads(spec_of(bench), uploads, ImportOptions())
        report = store_items(session, bench, parsed, "reject", 100)
        session.commit()
        session.close()
        engine.dispose()
        return report.inserted

    t_ref, n_ref = best_of(3, lambda: _reference_import(uploads, tmp_path / "ref.db"))
    t_ours, n_ours = best_of(3, ours)  # includes migrate + seed of a fresh database
    assert n_ours == n_ref == 14042
    print(f"\nimport 14,042 MMLU test items: pocketeval {t_ours:.3f} s (target < 2 s), "
          f"plain loop {t_ref:.3f} s, ratio {t_ours / t_ref:.2f}x")


def test_scoring_speed(data_dir: Path, tmp_path: Path) -> None:
    session, engine = _fresh_session(tmp_path, "score")
    bench = get_benchmark(session, "mmlu")
    store_items(session, bench, parse_uploads(spec_of(bench), _uploads(data_dir),
                                              ImportOptions()), "reject", 100)
    session.commit()
    items, external = load_keys(session, bench, "test")
    rng = random.Random(5)
    ids = list(external)
    posted = []
    for i in range(100_000):
        repeat, ext = divmod(i, len(ids))
        letter = rng.choice("ABCD")
        posted.append(PredictionIn(external_id=ids[ext], repeat=repeat,
                                   **({"answer": letter} if i % 2 else
                                      {"response": f"Thinking.\nAnswer: {letter}"})))
    predictions = to_predictions(posted)

    def ours() -> float | None:
        judge = partial(judge_mcq, reader=DEFAULT.reader)
        batch = score_predictions(judge, items, external, predictions)
        return aggregate(list(items.values()), batch.verdicts,
                         [v.repeat for v in batch.verdicts]).accuracy

    def reference() -> float:
        import re
        pattern = re.compile(r"(?i)Answer\s*:\s*\$?\(?([A-J])\)?")
        gold = {ext: items[iid].answers for ext, iid in external.items()}
        repeats = sorted({p.repeat for p in predictions})
        correct = 0
        for p in predictions:
            if p.response is not None:
                found = pattern.findall(p.response)
                letter = found[-1].upper() if found else None
            else:
                letter = str(p.answer)
            correct += letter in gold[p.external_id]  # type: ignore[index,operator]
        return correct / (len(gold) * len(repeats))

    t_ref, acc_ref = best_of(3, reference)
    t_ours, acc_ours = best_of(3, ours)
    assert acc_ours == pytest.approx(acc_ref, abs=1e-12)

    request = ScoreRequest(predictions=posted)
    start = time.perf_counter()
    response = score_posted(session, bench, request, 100)
    session.commit()
    t_service = time.perf_counter() - start
    assert response.metrics.accuracy == pytest.approx(acc_ref, abs=1e-12)
    session.close()
    engine.dispose()
    print(f"\nscore 100,000 predictions: pocketeval {t_ours:.3f} s (target < 1 s), plain loop "
          f"{t_ref:.3f} s, ratio {t_ours / t_ref:.2f}x; with run + 100,000 samples stored "
          f"{t_service:.3f} s")
