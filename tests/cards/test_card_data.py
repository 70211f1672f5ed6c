"""The shipped card data's supplement and corrections: the cards are found, the corrected values
are read, and a card whose rules text is rebuilt from XMage says so wherever its text is shown."""
from __future__ import annotations

import json
from typing import Any

import pytest

from mtgengine.cards import coverage as cov
from mtgengine.cards.card_command import TEXT_NOTES, card_json, format_card
from mtgengine.cards.database import CardDB, card_db
from mtgengine.cli import main

APPROX = "rules text rebuilt from XMage, may differ from Oracle"


@pytest.fixture(scope="module")
def db() -> CardDB:
    return card_db()


def test_supplement_cards_are_found_by_name(db: CardDB) -> None:
    # Modern Horizons 3, exact Oracle text (scryfall-dump): no note on it
    goyf = db.get("Nethergoyf")
    assert (goyf.front.power, goyf.front.toughness) == ("*", "1+*")
    assert goyf.flags == ()
    assert db.get("nethergoyf") is goyf
    assert str(db.get("Flare of Cultivation").mana_cost) == "{1}{G}{G}"
    # a later set's card, text rebuilt from XMage, no Japanese name
    drone = db.get("Collective Drone")
    assert drone.flags == ("text_approx_xmage",) and drone.name_ja is None
    assert drone.front.oracle_text.startswith("Collective Drone's power is equal to")


def test_a_star_power_defined_by_the_text_is_a_star(db: CardDB) -> None:
    # CR 208.2a: the supplement had 0 for "*" where a characteristic-defining ability sets it
    drone = db.get("Collective Drone").front
    assert (drone.power, drone.toughness) == ("*", "2")
    colossus = db.get("Flora Colossus").front
    assert (colossus.power, colossus.toughness) == ("*", "*")
    # a printed 0 stays 0 (Tamiyo's front face, 0/3)
    assert db.get("Tamiyo, Inquisitive Student").front.power == "0"


def test_every_battle_has_its_defense(db: CardDB) -> None:
    # CR 310.4: the defense is a battle face's; the Oracle records had none, the corrections give it
    lines = db._loaded()._lines
    battles = [db._card(i) for i, line in enumerate(lines) if b"Battle" in line]
    battles = [c for c in battles if "Battle" in c.front.types]
    assert len(battles) == 36
    assert all(c.front.defense is not None and c.front.defense.isdigit() for c in battles)
    assert db.get("Invasion of Zendikar").front.defense == "3"
    assert all(f.defense is None for c in battles for f in c.faces[1:])


def test_a_corrected_multi_face_card_has_its_faces_text(db: CardDB) -> None:
    altar = db.get("Altar of Bhaal")
    assert [f.name for f in altar.faces] == ["Altar of Bhaal", "Bone Offering"]
    assert altar.faces[0].oracle_text.startswith("{2}{B}, {T}, Exile a creature you control")
    assert altar.faces[1].oracle_text == "Create a tapped 4/1 black Skeleton creature token with menace."
    assert "text_approx_xmage" in altar.flags and "text_missing" not in altar.flags


def test_the_note_is_on_the_approximate_cards_only(db: CardDB) -> None:
    assert TEXT_NOTES["text_approx_xmage"] == APPROX
    text = format_card(db.get("Altar of Bhaal"))
    assert text.splitlines()[1] == f"Note: {APPROX}"
    assert "Note:" not in format_card(db.get("Grizzly Bears"))
    assert "Note:" not in format_card(db.get("Nethergoyf"))
    data = card_json(db.get("Collective Drone"), implemented=None)
    assert data["text_notes"] == [APPROX] and data["flags"] == ["text_approx_xmage"]
    assert card_json(db.get("Grizzly Bears"), implemented=None)["text_notes"] == []
    # a card whose text the data still lacks says that instead
    missing = card_json(db.get("Yargle and Multani"), implemented=None)
    assert missing["text_notes"] == ["rules text missing from the card data"]


def test_mtg_card_shows_the_note(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "Collective", "Drone"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Collective Drone\nNote: {APPROX}\n")
    assert "P/T: */2" in out
    assert main(["card", "Collective Drone", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["text_notes"] == [APPROX]
    assert main(["card", "Grizzly Bears"]) == 0
    assert "Note:" not in capsys.readouterr().out


def test_names_flagged(db: CardDB) -> None:
    approx = db.names_flagged("text_approx_xmage")
    assert approx == sorted(approx)
    assert "Collective Drone" in approx and "Altar of Bhaal // Bone Offering" in approx
    assert "Grizzly Bears" not in approx and "Nethergoyf" not in approx
    assert len(approx) == 2167 + 104          # the supplement's XMage cards and the corrected faces


def test_mtg_coverage_says_how_many_texts_are_approximate(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    table: dict[str, Any] = {"implemented": 2, "total": 3, "misparsed": 0,
                             "names": ["Collective Drone", "Grizzly Bears"],
                             "by_layout": {"normal": {"implemented": 2, "total": 3}},
                             "paper": {"implemented": 2, "total": 3, "by_layout": {"normal": {"implemented": 2, "total": 3}}}}
    monkeypatch.setattr(cov, "coverage", lambda: dict(table))
    assert main(["coverage"]) == 0
    out = capsys.readouterr().out
    assert f"{2167 + 104} of the cards (1 implemented): {APPROX}\n" in out
    assert main(["coverage", "--json"]) == 0
    notes = json.loads(capsys.readouterr().out)["text_notes"]["text_approx_xmage"]
    assert notes["note"] == APPROX and notes["implemented"] == 1 and "Collective Drone" in notes["names"]
