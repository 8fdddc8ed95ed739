"""An OpenAI-compatible endpoint, from the serving process: the HTTP client, the wire format it
reads, and where it may connect."""
