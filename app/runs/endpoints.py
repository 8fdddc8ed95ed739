"""HTTP routes: score posted predictions, read runs, samples, results and submissions."""

from __future__ import annotations

import csv
import io
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from app.benchmarks.service import get_benchmark
from app.db import RowId, SessionDep, TransactionsDep
from app.runs import service
from app.runs.prediction_runs import score_posted
from app.runs.schemas import ResultRead, SamplePage, ScoreRequest, ScoreResponse
from app.security import ReadKeyDep, WriteKeyDep

router = APIRouter(tags=["runs"])

Verdict = Literal["correct", "wrong", "unparsed", "unscored"]


@router.post("/benchmarks/{name}/score", name="score_predictions", dependencies=[WriteKeyDep])
async def score(name: str, body: ScoreRequest, tx: TransactionsDep,
                request: Request) -> ScoreResponse:
    """Score posted predictions; the run and its per-sample verdicts are stored."""
    limit = request.app.state.settings.max_import_errors
    return await tx.run(lambda session: score_posted(session, get_benchmark(session, name),
                                                     body, limit))


@router.get("/runs/{run_id}/samples", name="list_samples", dependencies=[ReadKeyDep])
def list_samples(
    run_id: RowId,
    session: SessionDep,
    verdict: Verdict | None = None,
    repeat: Annotated[int | None, Query(ge=0, le=1_000_000)] = None,
    cursor: str | None = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
) -> SamplePage:
    """Per-sample verdicts in id order; filter by verdict and repeat."""
    page, next_cursor = service.list_samples(session, run_id, verdict=verdict, repeat=repeat,
                                             cursor=cursor, limit=limit)
    return SamplePage(samples=page, next_cursor=next_cursor)


@router.get("/runs/{run_id}/results", name="get_results", dependencies=[ReadKeyDep])
def get_results(run_id: RowId, session: SessionDep) -> list[ResultRead]:
    return service.list_results(session, run_id)


@router.get("/runs/{run_id}/submission.csv", name="export_submission",
            dependencies=[ReadKeyDep], response_class=Response,
            responses={200: {"content": {"text/csv": {}}}})
def export_submission(run_id: RowId, session: SessionDep,
                      repeat: Annotated[int, Query(ge=0, le=1_000_000)] = 0) -> Response:
    """Leaderboard submission CSV `question_id,predicted_answer` (Mobile-MMLU format)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["question_id", "predicted_answer"])
    writer.writerows(service.submission_rows(session, run_id, repeat))
    return Response(buf.getvalue(), media_type="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="run-{run_id}.csv"'})
