"""Each benchmark's scorer judged on its known answers, so a broken environment is named
before a run reads it as a weak model: `pocketeval doctor` fails on it, and a served
process logs it at start-up.

Judging runs in this process's main thread (math-verify's time limits need one): doctor is
such a process, and start-up runs `python -m app.benchmarks.self_check` beside the server,
in the server's environment, so no worker of the server's is started for it."""

from __future__ import annotations

import json
import logging
import subprocess
import sys

from app.benchmarks.protocol import Benchmark
from app.benchmarks.registry import benchmarks
from app.scoring import disagreements, judge_or_error

log = logging.getLogger("pocketeval.scoring")
CHECK_TIMEOUT_S = 600


def scorer_problems(benchmark: Benchmark) -> list[str]:
    """What the benchmark's scorer got wrong of its known answers (empty: it works)."""
    if benchmark.about.known_answers is None:
        return []
    scorer = benchmark.scorer
    return disagreements(lambda item, prediction: judge_or_error(scorer.judge, item,
                                                                 prediction),
                         benchmark.about.known_answers())


def broken_scorers() -> dict[str, list[str]]:
    """Benchmark name -> its scorer's problems, for every registered benchmark that declares
    known answers (versions that share their known answers are judged once)."""
    checked: dict[str, list[str]] = {}
    seen: set[object] = set()
    for name, benchmark in sorted(benchmarks().items()):
        known = benchmark.about.known_answers
        if known is None or known in seen:
            continue
        seen.add(known)
        checked[name] = scorer_problems(benchmark)
    return checked


def log_broken_scorers() -> None:
    """Start-up's check: the known answers judged in a child process of this environment;
    a broken scorer is logged by name, as an error, with what it judged otherwise."""
    try:
        done = subprocess.run([sys.executable, "-m", "app.benchmarks.self_check"],
                              capture_output=True, text=True, timeout=CHECK_TIMEOUT_S)
        found: dict[str, list[str]] = json.loads(done.stdout)
    except (OSError, subprocess.TimeoutExpired, ValueError) as exc:
        log.error("the scorers' self-check did not run: %s", exc)
        return
    for name, problems in found.items():
        if problems:
            log.error("the %s scorer is broken on this host; its runs would fail: %s",
                      name, "; ".join(problems))


if __name__ == "__main__":
    print(json.dumps(broken_scorers()))
