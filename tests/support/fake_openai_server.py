"""A canned OpenAI-compatible server for process-level tests and benchmarks.

`python -m tests.support.fake_openai_server PORT [--delay S] [--log FILE] [--gate FILE]
[--reply T]`: answers every chat request after `delay` seconds with "Answer: X", X fixed by the
question text (or with exactly `reply`, as a grader model that always gives one grade would),
and logs one JSON line per request (time, last user message) when --log is given. While the
gate file exists, it holds an integer N: N more requests are answered, the rest wait until the
file is removed (so a test can stop a run at a known point, whatever the host's speed).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import time
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route


def canned_letter(text: str) -> str:
    return "ABCD"[hashlib.sha256(text.encode()).digest()[0] % 4]


def canned_completion(text: str, reply: str | None = None) -> dict[str, Any]:
    content = f"Thinking.\nAnswer: {canned_letter(text)}" if reply is None else reply
    return {
        "id": "chatcmpl-canned", "object": "chat.completion", "created": 0, "model": "canned",
        "choices": [{"index": 0, "finish_reason": "stop", "message": {
            "role": "assistant", "content": content}}],
        "usage": {"prompt_tokens": len(text) // 4, "completion_tokens": 4,
                  "total_tokens": len(text) // 4 + 4},
    }


async def _through_gate(gate: Path, lock: asyncio.Lock) -> None:
    """Spend one of the gate's passes, or wait until the gate is gone."""
    while True:
        async with lock:
            if not gate.exists():
                return
            passes = int(gate.read_text() or "0")
            if passes > 0:
                gate.write_text(str(passes - 1))
                return
        await asyncio.sleep(0.05)


def make_app(delay: float, log: Path | None, gate: Path | None = None,
             reply: str | None = None) -> Starlette:
    lock = asyncio.Lock()

    async def chat(request: Request) -> JSONResponse:
        body = await request.json()
        text = str([m for m in body["messages"] if m["role"] == "user"][-1]["content"])
        if log is not None:  # on arrival, before the gate
            with log.open("a") as fh:
                fh.write(json.dumps({"t": time.time(), "text": text}) + "\n")
        if gate is not None:
            await _through_gate(gate, lock)
        if delay:
            await asyncio.sleep(delay)
        return JSONResponse(canned_completion(text, reply))

    return Starlette(routes=[Route("/v1/chat/completions", chat, methods=["POST"])])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("--delay", type=float, default=0.0)
    parser.add_argument("--log", type=Path, default=None)
    parser.add_argument("--gate", type=Path, default=None)
    parser.add_argument("--reply", default=None)
    args = parser.parse_args()
    uvicorn.run(make_app(args.delay, args.log, args.gate, args.reply), host="127.0.0.1",
                port=args.port,
                log_level="warning")


if __name__ == "__main__":
    main()
