"""The ray backend plays the same games as the local one (issue 21): a real local Ray with two
CPUs (no mock), a few games, the records compared line for line. One Ray start for the module:
it takes seconds to tens of seconds on a loaded machine."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")

from mtgengine.cli import main  # noqa: E402
from mtgengine.simulate import TIMING_FIELDS  # noqa: E402


def _run(tmp_path: Path, name: str, *extra: str, capsys: pytest.CaptureFixture[str]) -> tuple[dict, list[dict]]:
    records = tmp_path / f"{name}.jsonl"
    assert main(["simulate", "--games", "6", "--seed", "40", "--json", "--records", str(records), *extra]) == 0
    result = json.loads(capsys.readouterr().out)
    for field in TIMING_FIELDS:
        result.pop(field)
    return result, [json.loads(line) for line in records.read_text().splitlines()]


def test_ray_gives_the_same_results_and_records_as_the_local_backend(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    local, local_records = _run(tmp_path, "local", capsys=capsys)
    on_ray, ray_records = _run(tmp_path, "ray", "--backend", "ray", "--jobs", "2", capsys=capsys)
    assert not ray.is_initialized()                    # the local Ray was started for the run and stopped
    assert on_ray == local
    assert ray_records == local_records
    assert [r["seed"] for r in ray_records] == list(range(40, 46))
    assert sum(r["winner"] is not None for r in ray_records) == sum(local["wins"].values())
