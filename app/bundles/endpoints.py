"""The bundle of a run, and the public key that checks its signature."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from app.bundles.contents import run_bundle
from app.bundles.signing import ALGORITHM, SigningKey
from app.db import RowId, SessionDep
from app.http.security import ReadKeyDep

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

