"""Run callbacks: a run that names `notify` is reported to that URL when it ends, signed,
through an outbox in the database that survives restarts and is retried for a day."""
