"""Settings, read from the environment with the POCKETEVAL_ prefix (or a .env file)."""

from __future__ import annotations

import os
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from app.api_keys import ApiKey, KeyConfig


class ExecutorKind(StrEnum):
    EMBEDDED = "embedded"  # asyncio tasks in the API process (the default)
    RAY = "ray"  # samples evaluated by actors of a Ray cluster; the API process writes them


class Settings(BaseSettings):
    """Everything an operator can change; defaults give a working local server."""

    model_config = SettingsConfigDict(env_prefix="POCKETEVAL_", env_file=".env", extra="ignore")

    host: str = "127.0.0.1"
    port: int = 8000
    var_dir: Path = Path("var")
    database_url: str = ""
    # keys with every scope (comma-separated), and the one `serve` keeps in api_key_file
    api_keys: Annotated[list[SecretStr], NoDecode] = Field(default_factory=list)
    api_key_file: Path | None = None
    # the Ed25519 key that signs bundles (app.bundles.signing); made on first start
    signing_key_file: Path | None = None
    # named keys with a scope, given hashed or in clear (a JSON list; app.api_keys.KeyConfig)
    keys: list[KeyConfig] = Field(default_factory=list)
    reads_require_key: bool = Field(default=False, validation_alias=AliasChoices(
        "reads_require_key", "POCKETEVAL_READS_REQUIRE_KEY", "POCKETEVAL_READS_NEED_KEY"))
    # run callbacks (app.callbacks): how often each process looks for due deliveries, how
    # long a receiver has to answer, how long past that a try's lease lasts (a process that
    # dies mid-try leaves its delivery to another once the lease runs out), and the retries'
    # schedule after a failed try
    callback_poll_s: float = Field(default=1.0, gt=0, le=60)
    callback_timeout_s: float = Field(default=10.0, gt=0, le=300)
    callback_lease_margin_s: float = Field(default=30.0, gt=0, le=3600)
    callback_retry_base_s: float = Field(default=10.0, gt=0, le=3600)
    callback_retry_most_s: float = Field(default=3600.0, gt=0, le=86400)
    callback_retry_for_s: float = Field(default=86400.0, gt=0, le=7 * 86400)
    # a POST's Idempotency-Key and its answer are kept this long (app.guards.idempotency)
    idempotency_ttl_s: float = Field(default=24 * 3600, ge=1, le=30 * 24 * 3600)
    # a retry waits (409) this long for a first request's answer before taking it over: the
    # first one's server is taken to have died
    idempotency_lease_s: float = Field(default=600, ge=1, le=24 * 3600)
    max_body_bytes: int = 64 * 1024 * 1024
    body_read_timeout_s: float = 300.0  # the whole request body must arrive within it
    header_timeout_s: float = 10.0  # a request's line and headers must arrive within it
    max_connections: int = 4096  # open connections and tasks; beyond it uvicorn answers 503
    # server log lines: text (uvicorn's, with the request id) or one JSON object a line
    log_format: Literal["text", "json"] = "text"
    executor: ExecutorKind = Field(
        default=ExecutorKind.EMBEDDED, description="What carries out endpoint and GGUF runs: "
        "`embedded` (asyncio tasks in the API process) or `ray` (actors of a Ray cluster)")
    # the cluster's address (`auto`: the one `ray start` started on this node); unset: a
    # local cluster of this process's own
    ray_address: str | None = None
    ray_actors: int = Field(default=2, ge=1, le=1024)  # actors per run
    ray_actor_cpus: float = Field(default=1.0, gt=0, le=256)  # CPUs each actor reserves
    ray_standby: int = Field(default=2, ge=0, le=256)  # blank endpoint actors kept ready
    worker_threads: int = Field(default_factory=lambda: 2 * (os.cpu_count() or 2) + 2,
                                ge=1, le=256)  # threads for sync endpoints
    gguf_parallel: int = Field(default=4, ge=1, le=16)  # generations batched per GGUF run
    # GGUF runs' workers x threads x sequences: measured on the host (cached per host and
    # model file) or `fixed` (one worker, llama.cpp's threads, gguf_parallel sequences)
    gguf_topology: Literal["probe", "fixed"] = "probe"
    probe_dir: Path = Field(default_factory=lambda: Path.home() / ".cache" / "pocketeval"
                            / "probes")  # the probes' cache and the prefill lane's lock
    # KV memory a run may reserve so that each sequence holds a whole window (else shared)
    gguf_kv_budget_bytes: int = Field(default=4 * 1024**3, ge=0)
    gguf_worker_restarts: int = Field(default=2, ge=0, le=100)  # per run, then it fails
    # workers take turns for prompt evaluation: where the probe saw prefills contend (auto)
    gguf_prefill_lane: Literal["auto", "on", "off"] = "auto"
    # a loglikelihood run with no probe measures each candidate topology on its own items for
    # this much of each worker's model time (app.inference.topology.trial)
    gguf_trial_measure_s: float = Field(default=0.5, ge=0, le=60)
    # each timed phase of the host probe (app.inference.topology.probe): longer phases are
    # steadier figures on a noisy host, shorter ones a quicker first run of a model file
    gguf_probe_phase_s: float = Field(default=0.8, gt=0, le=60)
    workers: int = Field(default=1, ge=1, le=64)  # `pocketeval serve` processes on one port
    sse_flush_s: float = Field(default=0.25, ge=0, le=10)  # least seconds between SSE writes
    bulk_requests: int = Field(default=2, ge=1, le=256)  # heavy requests served at once
    write_threads: int = Field(default=2, ge=1, le=64)  # concurrent score and import batches
    # processes score and import batches run in (app.server_pools.bulk_processes); 0: threads of the
    # serving process
    bulk_processes: int = Field(default=1, ge=0, le=64)
    page_cache_bytes: int = Field(default=64 * 2**20, ge=0)  # serialised item pages kept
    max_import_errors: int = 100
    page_size_max: int = 1000
    # scanned once at start-up for published benchmark files (see app.items.startup_data)
    data_dir: Path | None = None
    # load benchmark data shipped inside installed packages into empty benchmarks
    load_bundled_data: bool = True
    # judge each benchmark's known answers at start-up and log a scorer its environment broke
    check_scorers_at_start: bool = True
    # hosts or networks model endpoints may use (empty: any but cloud metadata addresses)
    endpoint_allowlist: Annotated[list[str], NoDecode] = Field(default_factory=list)
    run_concurrency_max: int = 64
    # GGUF files may be read only inside these folders (comma-separated); symlinks resolved
    model_dirs: Annotated[list[Path], NoDecode] = Field(default_factory=list)
    memory_budget_bytes: int = 8 * 1024**3
    # llama.cpp's llama-server binary: GGUF runs may use it (model.runtime = llama-server)
    llama_server: Path | None = None
    max_model_upload_bytes: int = 32 * 1024**3
    # an OpenAI-compatible judge: grades the answers of benchmarks graded by a model, and
    # gives a second opinion where a benchmark asks for one
    judge_base_url: str = ""
    judge_model: str = ""
    judge_api_key_env: str = ""
    # an OpenAI-compatible model that writes extra distractors for option expansion
    generator_base_url: str = ""
    generator_model: str = ""
    generator_api_key_env: str = ""
    # an OpenAI-compatible /embeddings endpoint for the near-duplicate audit's cosine method
    embeddings_base_url: str = ""
    embeddings_model: str = ""
    embeddings_api_key_env: str = ""
    # environment variables a run may name as its endpoint's key (model.api_key_env): those
    # starting with this prefix, and those listed; any other would hand a server secret
    # (POCKETEVAL_API_KEYS, a cloud credential) to the caller's endpoint
    endpoint_key_env_prefix: str = "POCKETEVAL_ENDPOINT_KEY_"
    endpoint_key_envs: Annotated[list[str], NoDecode] = Field(default_factory=list)

    @field_validator("api_keys", "endpoint_allowlist", "model_dirs", "endpoint_key_envs",
                     mode="before")
    @classmethod
    def _split_keys(cls, value: object) -> object:
        """Accept a comma-separated string, the natural form in an environment variable."""
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()]
        return value

    @model_validator(mode="after")
    def _names_unique(self) -> Settings:
        names = [k.name for k in self.keys]
        if len(set(names)) != len(names):
            raise ValueError("POCKETEVAL_KEYS: two keys have the same name")
        return self

    def key_env_allowed(self, name: str) -> bool:
        return name in self.endpoint_key_envs or (
            bool(self.endpoint_key_env_prefix) and name.startswith(self.endpoint_key_env_prefix)
            and name != self.endpoint_key_env_prefix)

    @property
    def resolved_database_url(self) -> str:
        """The configured URL, or the default SQLite file under var_dir."""
        if self.database_url:
            return self.database_url
        return f"sqlite:///{(self.var_dir / 'pocketeval.db').as_posix()}"

    @property
    def signing_key_path(self) -> Path:
        """The configured signing key, or <var_dir>/signing-key.pem beside the API key."""
        return self.signing_key_file or self.var_dir / "signing-key.pem"

    def api_key_table(self) -> list[ApiKey]:
        """Every key the server accepts: the named ones, then those with every scope."""
        return [k.api_key() for k in self.keys] + [ApiKey.unnamed(k)
                                                   for k in self.all_api_keys()]

    def all_api_keys(self) -> list[str]:
        """The keys with every scope, in clear: POCKETEVAL_API_KEYS plus the one stored in
        api_key_file, if any."""
        keys = [k.get_secret_value() for k in self.api_keys]
        if self.api_key_file is not None and self.api_key_file.is_file():
            stored = self.api_key_file.read_text(encoding="utf-8").strip()
            if stored:
                keys.append(stored)
        return keys


@lru_cache
def get_settings() -> Settings:
    return Settings()
