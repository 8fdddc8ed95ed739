"""The worker's log P(token) from one position's logits against scipy's log_softmax, on a row
as wide as Gemma 3's vocabulary: the normaliser, computed once per position, is the same for
every token read from it."""

from __future__ import annotations

import numpy as np
from scipy.special import log_softmax

from app.inference.llama_cpp.worker_model import LogSoftmax


def test_log_p_of_each_token_equals_scipy() -> None:
    rng = np.random.default_rng(7)
    logits = (rng.standard_normal(262_144) * 6).astype(np.float32)
    logits[12_345] = 40.0  # one dominant token, as after "Answer:"
    reference = log_softmax(logits.astype(np.float64))
    log_p = LogSoftmax(logits)
    for token in (0, 12_345, 262_143, *rng.integers(0, 262_144, 20).tolist()):
        assert abs(log_p(int(token)) - reference[token]) <= 1e-12
    assert abs(np.logaddexp.reduce([log_p(t) for t in range(262_144)])) <= 1e-9
