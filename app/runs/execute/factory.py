"""The executor a server uses, chosen by POCKETEVAL_EXECUTOR."""

from __future__ import annotations

import httpx
from sqlalchemy.orm import Session, sessionmaker

from app.config import Settings
from app.runs.execute.embedded import EmbeddedExecutor
from app.runs.execute.protocol import Executor, ExecutorKind


def make_executor(settings: Settings, factory: sessionmaker[Session], client: httpx.AsyncClient,
                  internal: httpx.AsyncClient) -> Executor:
    if settings.executor is ExecutorKind.EMBEDDED:
        return EmbeddedExecutor(factory, client, settings.key_env_allowed, internal)
    if settings.executor is ExecutorKind.RAY:
        from app.runs.execute.ray_executor import RayExecutor  # Ray is an extra

        return RayExecutor(settings, factory, client, internal)
    raise ValueError(f"unknown executor {settings.executor!r}")
