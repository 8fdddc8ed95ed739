"""The API key a run sends to its endpoint (or the judge), resolved when the run starts."""

from __future__ import annotations

import os
from collections.abc import Callable

from app.inference import Endpoint
from app.records import EndpointPlan, JudgePlan


class RunAborted(Exception):
    """The run cannot go on; its message becomes the run's error."""


def endpoint_for(plan: EndpointPlan | JudgePlan, timeout_s: float, *,
                 key_env_allowed: Callable[[str], bool], inline_key: str | None,
                 operator_configured: bool = False) -> Endpoint:
    """operator_configured: the judge, whose key variable comes from the settings; a run's
    variable is checked against the allowlist again (runs resume from old records)."""
    key = None
    if plan.api_key_env:
        if not operator_configured and not key_env_allowed(plan.api_key_env):
            raise RunAborted("api_key_env names a variable this server does not allow")
        key = os.environ.get(plan.api_key_env)
        if key is None:
            raise RunAborted(f"environment variable {plan.api_key_env} is not set")
    elif isinstance(plan, EndpointPlan) and plan.inline_api_key:
        if inline_key is None:
            raise RunAborted("the API key was given inline and is gone after a restart; "
                             "use api_key_env for resumable runs")
        key = inline_key
    sampling = dict(plan.sampling) if isinstance(plan, EndpointPlan) else {}
    if isinstance(plan, EndpointPlan):
        return Endpoint(plan.base_url, plan.model, key, sampling, timeout_s, plan.stream,
                        tool_choice=plan.tool_choice)
    return Endpoint(plan.base_url, plan.model, key, sampling, timeout_s)
