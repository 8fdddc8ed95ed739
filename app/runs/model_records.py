"""The Model row a run is filed under."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.tables import Model


def get_or_create_model(session: Session, name: str, kind: str) -> Model:
    """The model named `name`; two requests that both create it get the same row (the
    loser of the insert race reads the winner's, inside a savepoint)."""
    model = session.scalar(select(Model).where(Model.name == name))
    if model is not None:
        return model
    try:
        with session.begin_nested():
            model = Model(name=name, kind=kind, settings={})
            session.add(model)
    except IntegrityError:
        model = session.scalars(select(Model).where(Model.name == name)).one()
    return model
