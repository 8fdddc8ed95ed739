"""A reply's timings and tokens are one record: a conversation's steps add up into one, and
the stored sample takes every field of it."""

from __future__ import annotations

from dataclasses import asdict, fields

from app.inference.base import ReplyStats
from app.tables import Sample


def test_a_conversations_steps_add_up() -> None:
    first = ReplyStats(latency_ms=120.0, ttft_ms=30.0, prompt_tokens=50, completion_tokens=7,
                       finish_reason="tool_calls")
    second = ReplyStats(latency_ms=80.5, ttft_ms=20.0, prompt_tokens=70, completion_tokens=3,
                        finish_reason="stop")
    both = first.plus(second)
    assert both == ReplyStats(latency_ms=200.5, prompt_tokens=120, completion_tokens=10)
    assert both.reasoning_tokens is None  # neither said: not 0
    assert first.plus(ReplyStats(reasoning_tokens=4)).reasoning_tokens == 4


def test_the_sample_stores_every_field() -> None:
    columns = set(Sample.__table__.columns.keys())
    assert {f.name for f in fields(ReplyStats)} <= columns
    assert set(asdict(ReplyStats())) == {f.name for f in fields(ReplyStats)}
