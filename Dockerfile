# PocketEval server: migrates, seeds and serves on 0.0.0.0:8000. Data lives in /data.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    POCKETEVAL_HOST=0.0.0.0 POCKETEVAL_PORT=8000 POCKETEVAL_VAR_DIR=/data
WORKDIR /app
COPY pyproject.toml README.md alembic.ini ./
COPY requirements ./requirements
COPY app ./app
COPY migrations ./migrations
RUN pip install --no-cache-dir . \
    && pip install --no-cache-dir --no-deps -r requirements/no-deps.txt \
    && pocketeval nltk-data && useradd --create-home pocketeval \
    && mkdir /data && chown pocketeval /data
USER pocketeval
VOLUME /data
EXPOSE 8000
HEALTHCHECK CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/health')"
CMD ["pocketeval", "serve"]
