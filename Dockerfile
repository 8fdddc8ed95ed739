# PocketEval server: migrates, seeds and serves on 0.0.0.0:8000. Data lives in /data.
# The build stage compiles llama.cpp twice from one source: llama-cpp-python (the in-process
# GGUF runner) and llama-server (the optional runtime, POCKETEVAL_LLAMA_SERVER).
FROM python:3.11-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends build-essential cmake \
    && rm -rf /var/lib/apt/lists/*
RUN python -m venv /venv
ENV PATH=/venv/bin:$PATH
WORKDIR /src
COPY pyproject.toml README.md ./
COPY requirements ./requirements
COPY app ./app
COPY migrations ./migrations
# llama.cpp is compiled for the instructions the build host was seen to run; for an image
# that will run on other CPUs, pass the choice: --build-arg CMAKE_ARGS="-DGGML_AVX512=OFF …"
ARG CMAKE_ARGS=""
RUN CMAKE_ARGS="$CMAKE_ARGS" python -m app.native ensure \
    && pip install --no-cache-dir . \
    && pip install --no-cache-dir --no-deps -r requirements/no-deps.txt \
    && pocketeval prepare \
    && CMAKE_ARGS="$CMAKE_ARGS" pocketeval build-llama-server --output /venv/bin/llama-server

FROM python:3.11-slim
RUN apt-get update && apt-get install -y --no-install-recommends libgomp1 \
    && rm -rf /var/lib/apt/lists/*
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PATH=/venv/bin:$PATH \
    POCKETEVAL_HOST=0.0.0.0 POCKETEVAL_PORT=8000 POCKETEVAL_VAR_DIR=/data \
    POCKETEVAL_LLAMA_SERVER=/venv/bin/llama-server
COPY --from=build /venv /venv
WORKDIR /app
RUN useradd --create-home pocketeval && mkdir /data && chown pocketeval /data
USER pocketeval
VOLUME /data
EXPOSE 8000
HEALTHCHECK CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/health')"
CMD ["pocketeval", "serve"]
