"""The executor a server uses, chosen by POCKETEVAL_EXECUTOR."""

from __future__ import annotations

import httpx

from app.config import ExecutorKind, Settings
from app.db import Transactions
from app.runs.execute.embedded import EmbeddedExecutor
from app.runs.execute.protocol import Executor


def make_executor(settings: Settings, transactions: Transactions, client: httpx.AsyncClient,
                  internal: httpx.AsyncClient) -> Executor:
    if settings.executor is ExecutorKind.EMBEDDED:
        return EmbeddedExecutor(transactions, client, settings.key_env_allowed, internal)
    if settings.executor is ExecutorKind.RAY:
        from app.runs.execute.ray_executor import RayExecutor  # Ray is an extra

        return RayExecutor(settings, transactions, client, internal)
    raise ValueError(f"unknown executor {settings.executor!r}")
