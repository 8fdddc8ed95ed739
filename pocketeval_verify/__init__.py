"""Re-checks a PocketEval bundle offline, with code that is not PocketEval's.

It imports nothing from the server's package (`app`): the signature is checked with
`cryptography`, every hash with hashlib, each verdict with the official scorers (math-verify,
IFBench's evaluation_lib) or the methodology's own reading rules as the bundle states them,
and every figure with math, numpy and scipy.
"""
