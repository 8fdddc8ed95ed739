"""The bundle of a run, and the public key that checks its signature."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, Field

from app.bundles.comparison import comparison_bundle
from app.bundles.contents import run_bundle
from app.bundles.signing import ALGORITHM, SigningKey
from app.db import RowId, SessionDep
from app.guards import ReadKeyDep
from app.server_pools import BulkLaneDep

router = APIRouter(tags=["bundles"])


class SigningKeyRead(BaseModel):
    algorithm: str = Field(description="Ed25519")
    public_key_pem: str = Field(description="SubjectPublicKeyInfo, PEM: give it to "
                                "`pocketeval verify --public-key`")
    fingerprint: str = Field(description="sha256 of the raw 32-byte public key")


def _key(request: Request) -> SigningKey:
    key: SigningKey = request.app.state.signing_key
    return key


@router.get("/signing-key", name="get_signing_key")
def signing_key(request: Request) -> SigningKeyRead:
    """The key this server signs bundles with. Public: a reader of a bundle checks it
    against a key obtained apart from the bundle."""
    key = _key(request)
    return SigningKeyRead(algorithm=ALGORITHM, public_key_pem=key.public_pem,
                          fingerprint=key.fingerprint)


@router.get("/runs/{run_id}/bundle", name="get_run_bundle", dependencies=[ReadKeyDep],
            response_class=Response, responses={200: {"content": {"application/zip": {}}}})
def bundle(run_id: RowId, request: Request, session: SessionDep) -> Response:
    """A signed zip of everything the run's numbers rest on (plan, methodology and its texts,
    items as asked, samples as sent and answered, results as reported), for `pocketeval
    verify` to re-check offline; 409 while the run is under way."""
    data = run_bundle(session, run_id, _key(request))
    return Response(data, media_type="application/zip", headers={
        "Content-Disposition": f'attachment; filename="run-{run_id}-bundle.zip"'})



@router.get("/compare/bundle", name="get_comparison_bundle",
            dependencies=[ReadKeyDep, BulkLaneDep], response_class=Response,
            responses={200: {"content": {"application/zip": {}}}})
def compare_bundle(
    request: Request, session: SessionDep,
    a: Annotated[str, Query(min_length=1, max_length=200,
                            description="A run id, or a model name (as GET /compare)")],
    b: Annotated[str, Query(min_length=1, max_length=200)],
    benchmarks: Annotated[str | None, Query(description="Comma-separated; default: every "
                                            "benchmark both scored")] = None,
    allow_mismatch: bool = False,
    resamples: Annotated[int, Query(ge=100, le=100_000)] = 1000,
    seed: Annotated[int, Query(ge=0, le=2**32 - 1)] = 0,
    margin: Annotated[float | None, Query(gt=0, lt=1, description=(
        "Non-inferiority margin, as GET /compare"))] = None,
    reference: Annotated[Literal["a", "b"], Query(description="Which side the margin is held "
                                                  "against, as GET /compare")] = "a",
) -> Response:
    """GET /compare's answer for the same query, with the bundle of each run it pairs, signed
    as one: `pocketeval verify` re-checks both runs and recomputes every paired figure (with
    a margin: the non-inferiority figures, and each side's Index from its runs)."""
    names = None if benchmarks is None else [n.strip() for n in benchmarks.split(",")
                                             if n.strip()]
    data = comparison_bundle(session, a, b, names, allow_mismatch=allow_mismatch,
                             resamples=resamples, seed=seed, key=_key(request),
                             margin=margin, reference=reference)
    return Response(data, media_type="application/zip", headers={
        "Content-Disposition": 'attachment; filename="comparison-bundle.zip"'})
