"""API shapes for the Mobile Intelligence Index."""

from __future__ import annotations

from pydantic import BaseModel, Field

from app.records import Interval


class ComponentRead(BaseModel):
    component: str
    benchmark: str
    run_id: int
    model: str | None
    value: float | None
    stderr: float | None
    ci95: Interval | None
    metric: str = Field(description="Which metric of the run the component takes")
    stderr_rule: str
    n_items: int | None = Field(default=None, description="Items the run scored")
    reason: str | None = Field(default=None, description="Why the run gives no value")


class IndexRead(BaseModel):
    index: float | None = Field(description="0-1; null unless all five components are present")
    stderr: float | None
    ci95: Interval | None
    formula: str
    components: list[ComponentRead]
    missing: list[str] = Field(description="Components without a value")
    missing_why: dict[str, str] = Field(default_factory=dict,
                                        description="Each missing component: why")
    models: list[str] = Field(description="Models of the runs used (one, unless runs mix)")
