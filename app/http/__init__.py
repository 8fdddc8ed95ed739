"""HTTP plumbing every part shares, importing no other part: the errors they raise as
problem+json, the base of request bodies, the request a log line belongs to, body and header
limits, pagination and response encoding."""
