"""The native llama.cpp build: which instructions this host really runs, the CMake arguments
that follow from that, and a llama-cpp-python wheel built (and cached) with exactly them.

Standard library only: the Makefile runs it before the project's dependencies are installed.
"""
