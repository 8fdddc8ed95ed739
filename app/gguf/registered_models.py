"""Registered GGUF models: a file inside the model folders, with its eligibility report."""

from __future__ import annotations

import os
import re
from collections.abc import AsyncIterator
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.gguf.assessment import assess_file, report
from app.http import Conflict, InvalidInput, NotFound
from app.records import EligibilityRead
from app.tables import Model

NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")


def check_name(name: str) -> str:
    if not NAME.match(name):
        raise InvalidInput("model names use letters, digits, '.', '_' and '-' (1-100 "
                           "characters)", field="name")
    return name


def eligibility_of(path: Path, budget: int) -> EligibilityRead:
    _header, est = assess_file(path, budget=budget)
    return report(str(path), est)


def register(session: Session, name: str, path: Path, budget: int) -> Model:
    check_name(name)
    if session.scalar(select(Model.id).where(Model.name == name)) is not None:
        raise Conflict(f"a model named {name!r} exists", field="name")
    read = eligibility_of(path, budget)
    model = Model(name=name, kind="gguf", settings={"path": str(path)},
                  eligibility=read.model_dump(mode="json"))
    session.add(model)
    session.flush()
    return model


def get_model(session: Session, name: str) -> Model:
    model = session.scalar(select(Model).where(Model.name == name))
    if model is None:
        raise NotFound(f"model {name!r} does not exist", field="name")
    return model


async def save_upload(chunks: AsyncIterator[bytes], folder: Path, name: str,
                      max_bytes: int) -> Path:
    """Stream an upload to <folder>/<name>.gguf: checked to start like a GGUF, written to a
    .partial file and renamed only when complete, never overwriting."""
    check_name(name)
    target = folder / f"{name}.gguf"
    if target.exists():
        raise Conflict(f"{target.name} already exists in the model folder", field="name")
    partial = folder / f".{name}.gguf.partial"
    written = 0
    try:
        with partial.open("xb") as fh:
            async for chunk in chunks:
                if written == 0 and chunk and not chunk.startswith(b"GGUF"[:len(chunk)]):
                    raise InvalidInput("the upload is not a GGUF file", field="file")
                written += len(chunk)
                if written > max_bytes:
                    raise InvalidInput(f"the upload exceeds {max_bytes} bytes", field="file")
                fh.write(chunk)
        if written < 4:
            raise InvalidInput("the upload is empty", field="file")
        os.replace(partial, target)
    except FileExistsError:
        raise Conflict(f"an upload of {name} is in progress", field="name") from None
    finally:
        partial.unlink(missing_ok=True)
    return target
