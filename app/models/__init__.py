"""ORM tables, one module each; importing this package registers them all on Base.metadata."""

from app.models.base import Base
from app.models.benchmark import Benchmark
from app.models.device_metric import DeviceMetric
from app.models.item import Item
from app.models.model import Model
from app.models.result import Result
from app.models.run import Run
from app.models.sample import Sample

__all__ = ["Base", "Benchmark", "DeviceMetric", "Item", "Model", "Result", "Run", "Sample"]
