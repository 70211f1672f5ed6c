"""tools/build_card_data.py: the shipped card data is the Oracle records, the supplement's cards
and the corrections, refused with file and line when a correction is bad, byte for byte the
same on every build."""
from __future__ import annotations

import gzip
import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from mtgengine.cards.database import CardDB

ROOT = Path(__file__).resolve().parents[2]
SHARED = Path("/work/shared/data")
OUTPUTS = ("cards.jsonl.gz", "card_blocks.json", "card_index.json.gz")


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_card_data", ROOT / "tools" / "build_card_data.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tool = _tool()

#: A multi-face card whose text the Oracle records lack, a battle without its defense, a plain card.
ORACLE = [
    {"name": "Test Altar // Test Offering", "layout": "adventure", "mana_cost": "{1}{B} // {2}{B}",
     "type_line": "Artifact // Sorcery — Adventure", "colors": ["B"], "source": "cockatrice-spoiler",
     "faces": [{"name": "Test Altar", "mana_cost": "{1}{B}", "type_line": "Artifact", "side": "a"},
               {"name": "Test Offering", "mana_cost": "{2}{B}", "type_line": "Sorcery — Adventure", "side": "b"}],
     "flags": ["digital_only", "text_missing"]},
    {"name": "Test Invasion // Test Awakening", "layout": "transform", "mana_cost": "{2}{R}",
     "type_line": "Battle — Siege // Creature — Elemental", "oracle_text": "When this enters, draw.\n//\nHaste",
     "colors": ["R"], "source": "mtgjson",
     "faces": [{"name": "Test Invasion", "mana_cost": "{2}{R}", "type_line": "Battle — Siege",
                "oracle_text": "When this enters, draw.", "side": "a"},
               {"name": "Test Awakening", "type_line": "Creature — Elemental", "power": "3", "toughness": "3",
                "oracle_text": "Haste", "side": "b"}]},
    {"name": "Grizzly Test Bears", "layout": "normal", "mana_cost": "{1}{G}", "type_line": "Creature — Bear",
     "power": "2", "toughness": "2", "oracle_text": "", "mana_value": 2.0, "source": "mtgjson"},
]
#: An exact card, an XMage one whose "*" power came through as 0, one with a printed 0 power,
#: and one the Oracle records already have.
SUPPLEMENT = [
    {"name": "Test Horizon", "layout": "normal", "mana_cost": "{U}", "type_line": "Instant",
     "oracle_text": "Draw a card.", "source": "scryfall-dump", "oracle_id": "x"},
    {"name": "Test Colossus", "layout": "normal", "mana_cost": "{3}{G}", "type_line": "Creature — Treefolk",
     "power": "0", "toughness": "0",
     "oracle_text": "Test Colossus's power and toughness are each equal to the number of lands you control.",
     "source": "xmage", "flags": ["text_approx_xmage"]},
    {"name": "Test Drone", "layout": "normal", "mana_cost": "{1}{B}", "type_line": "Artifact Creature — Drone",
     "power": "0", "toughness": "2", "oracle_text": "Test Drone's power is equal to the number of artifacts you control.",
     "source": "xmage", "flags": ["text_approx_xmage"]},
    {"name": "Test Wall", "layout": "normal", "mana_cost": "{W}", "type_line": "Creature — Wall", "power": "0",
     "toughness": "4", "oracle_text": 'Defender\nCreatures you control have "This creature\'s power is equal to 1."\n'
                                      "Target creature's base power is equal to its toughness.",
     "source": "xmage", "flags": ["text_approx_xmage"]},
    {"name": "Grizzly Test Bears", "layout": "normal", "mana_cost": "{1}{G}", "type_line": "Creature — Bear",
     "power": "9", "toughness": "9", "source": "xmage", "flags": ["text_approx_xmage"]},
]
CORRECTIONS = [
    {"name": "Test Altar // Test Offering", "oracle_text": "Exile a creature.\n//\nCreate a Skeleton.",
     "faces": [{"name": "Test Altar", "oracle_text": "Exile a creature."},
               {"name": "Test Offering", "oracle_text": "Create a Skeleton."}],
     "source": "xmage", "text_from": "AltarOfBhaal.java",
     "flags_add": ["text_approx_xmage"], "flags_remove": ["text_missing"]},
    {"name": "Test Invasion // Test Awakening", "defense": "5", "source": "xmage", "flags_add": [], "flags_remove": []},
]


def _write(path: Path, records: list[Any]) -> Path:
    lines = [json.dumps(r, ensure_ascii=False) if not isinstance(r, str) else r for r in records]
    path.write_bytes(gzip.compress(("\n".join(lines) + "\n").encode()))
    return path


def _build(tmp_path: Path, corrections: list[Any] = CORRECTIONS, out: str = "out") -> tuple[int, Path]:
    output = tmp_path / out / "cards.jsonl.gz"
    status = tool.main(["--source", str(_write(tmp_path / "oracle.jsonl.gz", ORACLE)),
                        "--supplement", str(_write(tmp_path / "supplement.jsonl.gz", SUPPLEMENT)),
                        "--corrections", str(_write(tmp_path / "corrections.jsonl.gz", corrections)),
                        "--output", str(output)])
    return status, output


def test_the_corrections_are_applied_and_the_supplement_added(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    status, output = _build(tmp_path)
    assert status == 0
    db = CardDB.load(output)
    assert len(db) == 3 + 4            # the supplement's "Grizzly Test Bears" is left out
    altar = db.get("Test Altar // Test Offering")
    assert [f.oracle_text for f in altar.faces] == ["Exile a creature.", "Create a Skeleton."]
    assert altar.flags == ("digital_only", "text_approx_xmage")
    invasion = db.get("Test Invasion")
    assert invasion.front.defense == "5"          # CR 310.4: on the battle face, where the loader reads it
    assert invasion.faces[1].defense is None
    assert db.get("Test Horizon").front.oracle_text == "Draw a card."
    # the Oracle record is kept over the supplement's card of the same name, and it is said
    assert db.get("Grizzly Test Bears").front.power == "2"
    out = capsys.readouterr().out
    assert "left out 1 supplement card(s) the Oracle records already have: Grizzly Test Bears" in out
    assert "applied 2 corrections" in out
    lines = [json.loads(line) for line in gzip.decompress(output.read_bytes()).splitlines()]
    assert [r["name"] for r in lines] == sorted(r["name"] for r in lines)
    assert not any(k in r for r in lines for k in tool.DROPPED_FIELDS)   # provenance is in the flags


def test_a_power_or_toughness_its_text_defines_is_a_star_again(tmp_path: Path) -> None:
    # CR 208.2a: the XMage records turned "*" into "0"; not a printed 0, nor a "base power"
    # effect or a granted ability in quotes
    _status, output = _build(tmp_path)
    db = CardDB.load(output)
    colossus = db.get("Test Colossus").front
    assert (colossus.power, colossus.toughness) == ("*", "*")
    drone = db.get("Test Drone").front
    assert (drone.power, drone.toughness) == ("*", "2")
    wall = db.get("Test Wall").front
    assert (wall.power, wall.toughness) == ("0", "4")


def _bad(correction: dict[str, Any]) -> list[Any]:
    return [CORRECTIONS[0], correction]


@pytest.mark.parametrize(("line", "message"), [
    ({"name": "No Such Card", "oracle_text": "x"}, "a correction of 'No Such Card', which is no card of the data"),
    ({"name": "Grizzly Test Bears", "oracle_txt": "x"}, "unknown field 'oracle_txt' in the correction of"),
    ({"name": "Test Invasion // Test Awakening", "faces": [{"name": "Test Nothing", "oracle_text": "x"}]},
     "'Test Invasion // Test Awakening' has no face named 'Test Nothing'"),
    ({"name": "Test Invasion // Test Awakening", "faces": [{"name": "Test Invasion", "rulings": "x"}]},
     "unknown face field 'rulings'"),
    ({"name": "Grizzly Test Bears", "flags_remove": ["text_missing"]}, "has no such flag"),
    ({"name": "Test Altar // Test Offering", "oracle_text": "x"}, "a second correction of 'Test Altar // Test"),
    ('{"name": "Grizzly Test Bears", oops}', "not a JSON object"),
])
def test_a_bad_correction_is_refused_naming_its_file_and_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], line: Any, message: str) -> None:
    status, output = _build(tmp_path, _bad(line))
    assert status == 2
    err = capsys.readouterr().err
    assert err.startswith(f"build_card_data: error: {tmp_path / 'corrections.jsonl.gz'}:2: "), err
    assert message in err and "Traceback" not in err
    assert not output.exists()                    # nothing written


def test_building_twice_gives_identical_bytes(tmp_path: Path) -> None:
    assert _build(tmp_path, out="first")[0] == 0
    assert _build(tmp_path, out="second")[0] == 0
    for name in OUTPUTS:
        assert (tmp_path / "first" / name).read_bytes() == (tmp_path / "second" / name).read_bytes(), name


@pytest.mark.skipif(not (SHARED / "cards-corrections.jsonl.gz").exists(), reason="needs the shared card data")
def test_the_shipped_data_is_what_the_tool_builds(tmp_path: Path) -> None:
    output = tmp_path / "cards.jsonl.gz"
    assert tool.main(["--source", str(SHARED / "cards.jsonl.gz"),
                      "--supplement", str(SHARED / "cards-supplement.jsonl.gz"),
                      "--corrections", str(SHARED / "cards-corrections.jsonl.gz"),
                      "--output", str(output)]) == 0
    for name in OUTPUTS:
        shipped = ROOT / "mtgengine" / "data" / name
        assert (tmp_path / name).read_bytes() == shipped.read_bytes(), f"{name}: run tools/build_card_data.py"
