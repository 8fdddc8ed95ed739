"""What a request passes before its route does anything: the API key it carries and its
scope (security), and for a write with an Idempotency-Key, whether it was served before
(idempotency)."""
