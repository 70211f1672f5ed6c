"""What ``mtg run`` prints (issue 22): one line per scenario file unless ``-v``, which prints each
scenario's name, PASS or FAIL and its rule-cited log; the last line counts scenarios."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgengine import cli

PLAYERS = "players:\n  Alice: {life: 20}\n  Bob: {}\n"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    code = cli.main(["run", *argv])
    return code, capsys.readouterr().out.splitlines()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "a.yaml").write_text(f"name: one\n{PLAYERS}---\nname: two\n{PLAYERS}", encoding="utf-8")
    (tmp_path / "b.yaml").write_text(f"name: three\n{PLAYERS}expect: {{life: {{Alice: 20}}}}\n", encoding="utf-8")
    return tmp_path


def test_one_line_per_file(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    code, lines = run(capsys, str(folder))
    assert code == 0
    assert lines == [f"PASS {folder / 'a.yaml'} (2 scenarios)", f"PASS {folder / 'b.yaml'}", "3 passed, 0 failed"]


def test_a_failing_file_lists_its_failing_scenarios(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    (folder / "b.yaml").write_text(f"name: three\n{PLAYERS}expect: {{life: {{Alice: 7}}}}\n---\nname: four\n{PLAYERS}",
                                   encoding="utf-8")
    code, lines = run(capsys, str(folder))
    assert code == 1
    assert lines[1] == f"FAIL {folder / 'b.yaml'} (1 of 2 failed)"
    assert lines[2].startswith("    three: FAIL: ") and "expected Alice life 7, got 20" in lines[2]
    assert lines[-1] == "3 passed, 1 failed" and len(lines) == 4


def test_verbose_prints_each_scenario_and_its_log(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    (folder / "b.yaml").write_text(f"name: bolt\n{PLAYERS.replace('{life: 20}', '{hand: [Lightning Bolt], battlefield: [Mountain]}')}"
                                   "script:\n  - cast: Lightning Bolt\n    targets: [Bob]\n  - pass: stack\n"
                                   "expect: {life: {Bob: 17}}\n", encoding="utf-8")
    code, lines = run(capsys, str(folder / "b.yaml"), "-v")
    assert code == 0 and lines[0] == "bolt: PASS"
    assert any(line.startswith("    ") and "[CR " in line for line in lines[1:-1])
    assert lines[-1] == "1 passed, 0 failed"


def test_json_is_one_object_per_scenario(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    code = cli.main(["run", "--json", str(folder)])
    out, err = capsys.readouterr()
    assert code == 0 and [json.loads(line)["name"] for line in out.splitlines()] == ["one", "two", "three"]
    assert err == "3 passed, 0 failed\n"
