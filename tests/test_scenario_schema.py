"""The scenario format's JSON Schema (issue 22): made from the table the validator reads
(mtgengine/scenario/fields.py), shipped in the package, printed by ``mtg schema``; every scenario
of the repository is valid under it, and the malformed files it can judge are not."""
from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml

from mtgengine import cli
from mtgengine.scenario.loader import ScenarioDoc
from mtgengine.scenario.runner import Runner
from mtgengine.scenario.schema import scenario_schema, schema_text

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the test extra: pip install -e '.[test]'")

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted([*ROOT.glob("tests/scenarios/**/*.yaml"), *ROOT.glob("examples/**/*.yaml")])


@pytest.fixture(scope="module")
def validator() -> Any:
    schema = scenario_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def documents(path: Path) -> list[Any]:
    return [doc for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")) if doc is not None]


def test_every_scenario_of_the_repository_is_valid(validator: Any) -> None:
    assert len(FILES) > 300
    invalid = []
    for path in FILES:
        for doc in documents(path):
            for error in validator.iter_errors(doc):
                invalid.append(f"{path.relative_to(ROOT)}: {list(error.absolute_path)}: {error.message[:120]}")
    assert invalid == []


@pytest.mark.parametrize("name", ["unknown_top_level_key", "unknown_check_key", "unknown_verb",
                                  "unknown_step_name", "negative_pass", "life_check_not_a_number"])
def test_malformed_files_are_invalid(validator: Any, name: str) -> None:
    docs = documents(ROOT / "tests/scenarios_invalid" / f"{name}.yaml")
    assert any(list(validator.iter_errors(doc)) for doc in docs)


BASE = {
    "name": "base", "players": {"Alice": {"battlefield": [{"card": "Grizzly Bears", "as": "bear"}]}, "Bob": {}},
    "turn": {"number": 1, "active": "Alice", "step": "precombat_main"},
    "script": [{"attack": ["bear"], "by": "Alice"}],
    "expect": {"permanents": [{"ref": "bear", "tapped": True}]},
}


def _set(doc: dict[str, Any], where: str) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    target = {"top": doc, "player": doc["players"]["Alice"], "entry": doc["players"]["Alice"]["battlefield"][0],
              "turn": doc["turn"], "step": doc["script"][0], "checks": doc["expect"],
              "object check": doc["expect"]["permanents"][0]}[where]
    target["colour"] = 1
    return doc


@pytest.mark.parametrize("where", ["top", "player", "entry", "turn", "step", "checks", "object check"])
def test_the_schema_and_the_runner_refuse_the_same_unknown_keys(validator: Any, where: str) -> None:
    assert list(validator.iter_errors(BASE)) == []
    assert Runner(ScenarioDoc("base.yaml", 0, copy.deepcopy(BASE), 1, [1])).run().passed
    doc = _set(BASE, where)
    assert list(validator.iter_errors(doc))
    result = Runner(ScenarioDoc("bad.yaml", 0, doc, 1, [1])).run()
    assert not result.passed and "unknown key 'colour'" in result.failures[0]


def test_the_shipped_schema_is_the_generated_one() -> None:
    shipped = resources.files("mtgengine").joinpath("data/scenario.schema.json").read_text(encoding="utf-8")
    assert shipped == schema_text(), "run python3 tools/build_scenario_schema.py"


def test_mtg_schema_prints_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["schema"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == scenario_schema() and printed["required"] == ["name", "players"]
