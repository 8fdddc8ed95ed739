"""Reading benchmark files into item records, with nothing of the database or the web: an
upload's bytes to text (decoding), the shared parsers of the published layouts (parsers),
one row to a validated item record or row errors (records) and the images a row carries
(images). The benchmarks' layouts and the items' import both build on it."""
