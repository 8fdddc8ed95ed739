"""BFCL v4 (non-live): multiple, irrelevance and multi_turn_base, scored as the official
checker does, without ever evaluating model text as code."""
