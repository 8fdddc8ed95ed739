"""HTTP plumbing shared by the routes: body and header limits, API keys, pagination,
response encoding, and the liveness and version routes."""
