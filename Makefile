# PocketEval: `make serve` runs the server, `make test` runs the tests. Both install first.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   ?= .venv
# llama-cpp-python (a dev extra) compiles llama.cpp: use every core
export CMAKE_BUILD_PARALLEL_LEVEL ?= $(shell nproc 2>/dev/null || echo 2)
BIN    := $(VENV)/bin

.PHONY: serve test test-fast check lint perf openapi clients llama llama-server browser ts-client clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { echo "PocketEval needs Python 3.11 or later; $(PYTHON) is $$($(PYTHON) --version 2>&1). Give make another: make PYTHON=python3.12 ..."; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# llama-cpp-python compiled for the instructions this host was seen to run (app/native): a
# probe on every call, a rebuild (minutes) only when the host or CMAKE_ARGS call for another
# build. Before the project's install, so pip never builds it with -march=native.
llama: | $(BIN)/python
	$(BIN)/python -m app.native ensure

$(VENV)/.runtime: pyproject.toml requirements/no-deps.txt | $(BIN)/python llama
	$(BIN)/pip install -q -e .
	$(BIN)/pip install -q --no-deps -r requirements/no-deps.txt
	$(BIN)/pocketeval prepare
	touch $@

$(VENV)/.dev: pyproject.toml requirements/no-deps.txt requirements/no-deps-dev.txt | $(BIN)/python llama
	$(BIN)/pip install -q -e '.[dev]'
	$(BIN)/pip install -q --no-deps -r requirements/no-deps.txt -r requirements/no-deps-dev.txt
	$(BIN)/pocketeval prepare
	touch $@ $(VENV)/.runtime

serve: $(VENV)/.runtime | llama
	$(BIN)/pocketeval serve

# The page tests drive Debian's chromium (no browser download): installed here when this is
# root on Debian, else they are skipped with the command that installs it.
browser:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && apt-get update -qq && apt-get install -y -qq chromium >/dev/null; } || echo "chromium is not installed: the page tests will be skipped (apt-get install chromium)"

# The TypeScript client's dependencies (npm registry) and build, for its test: done again only
# when its lock file, sources or configuration changed since the last build.
TS := clients/typescript
ts-client: $(TS)/node_modules/.built
$(TS)/node_modules/.built: $(TS)/package-lock.json $(TS)/package.json $(TS)/tsconfig.json $(wildcard $(TS)/src/*)
	@if command -v npm >/dev/null 2>&1; then cd $(TS) && npm ci --no-audit --no-fund --silent && npm run --silent build && touch node_modules/.built; else echo "npm is not installed: the TypeScript client test will be skipped"; fi

# The test files are spread over TEST_WORKERS processes (a file's tests stay together: they
# share its models and servers); TEST_WORKERS=0 runs them in this one.
TEST_WORKERS ?= 2
# llama.cpp's threads meet at OpenMP barriers, where they spin by default. Two test processes
# that each run a model on a 2-core host have more threads than cores, and a spinning thread
# holds the core that the thread it waits for needs: waiting threads sleep instead, in every
# process the tests start (set before llama.cpp loads, so `make perf` keeps the default).
TEST_ENV := OMP_WAIT_POLICY=$(or $(OMP_WAIT_POLICY),PASSIVE)
# pytest exits 5 when it collected nothing; that is not a failure of the code. The tests of
# the llama-server runtime need its binary: built once per llama.cpp version and host build
# key (minutes the first time), then taken from ~/.cache/pocketeval.
test: $(VENV)/.dev | llama browser ts-client llama-server
	$(TEST_ENV) $(BIN)/pytest -n $(TEST_WORKERS) --dist loadfile $(PYTEST_ARGS); rc=$$?; if [ $$rc -eq 5 ]; then echo "no tests collected"; exit 0; fi; exit $$rc

# The fast tier (tests/support/tiers.py): no real model, no child process, SQLite only; what a
# developer runs after every change. No builds first: it needs none of them.
test-fast: $(VENV)/.dev
	$(TEST_ENV) $(BIN)/pytest -n $(TEST_WORKERS) --dist loadfile -m fast $(PYTEST_ARGS)

lint: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/mypy

check: lint test

perf: $(VENV)/.dev
	$(BIN)/pytest tests/perf -m perf -s

openapi: $(VENV)/.runtime
	$(BIN)/pocketeval export-openapi

clients: openapi $(VENV)/.dev
	$(BIN)/openapi-python-client generate --path openapi/openapi.json \
	  --config clients/python-config.yaml --custom-template-path clients/python-templates \
	  --output-path clients/python --overwrite
	cd clients/typescript && npm ci --no-audit --no-fund --silent && npm run --silent generate && npm run --silent build

# llama.cpp's llama-server (optional GGUF runtime), built from the llama.cpp source that the
# installed llama-cpp-python vendors (once per version and host build, in ~/.cache/pocketeval)
# and linked as $(BIN)/llama-server, the path it prints (for POCKETEVAL_LLAMA_SERVER).
llama-server: $(VENV)/.runtime
	$(BIN)/pocketeval build-llama-server --link $(BIN)/llama-server

clean:
	rm -rf $(VENV) var
