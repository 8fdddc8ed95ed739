"""ORM tables, one module each; importing this package registers them all on Base.metadata."""

from app.tables.base import Base
from app.tables.benchmark import Benchmark
from app.tables.callback import CallbackAttempt, RunCallback
from app.tables.device_metric import DeviceMetric
from app.tables.idempotency_key import IdempotencyKey
from app.tables.item import Item
from app.tables.model import Model
from app.tables.result import Result
from app.tables.run import Run
from app.tables.sample import Sample

__all__ = ["Base", "Benchmark", "CallbackAttempt", "DeviceMetric", "IdempotencyKey", "Item",
           "Model", "Result", "Run", "RunCallback", "Sample"]
