"""The serving process's own pools: the bulk lane for heavy requests, the worker processes
for score and import batches, the isolated process for scorers that may hang (both pools
kept by one supervisor), and bounded caches shared by threads."""
