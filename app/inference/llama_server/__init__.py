"""llama.cpp's own server as a GGUF runtime: building it from the vendored source, starting and
driving it."""
