"""Where the work runs: the bulk lane for heavy requests, the worker processes for score and
import batches, the isolated process for scorers that may hang, and bounded caches shared by
threads."""
