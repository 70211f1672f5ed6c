"""``mtg deck FILE [--json] [--commander NAME]`` (issue 22): counts and cards of each section, unknown
names with suggestions, unimplemented cards, Commander's deck rules (CR 903.5), exit status 0/1/2."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgengine import cli

DECKS = Path(__file__).resolve().parent / "decks"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def report(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict]:
    code, out, _ = run(capsys, "deck", *argv, "--json")
    return code, json.loads(out)


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_counts_and_cards_of_each_section(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = report(capsys, str(DECKS / "mtgo_burn.dek"))
    assert (data["main"], data["sideboard"], data["commander"], data["companion"]) == (60, 15, 0, 0)
    assert {"name": "Lightning Bolt", "count": 4} in data["cards"]["main"]
    assert {"name": "Mountain", "count": 20} in data["cards"]["main"]
    assert {"name": "Pyroblast", "count": 3} in data["cards"]["sideboard"]
    assert data["format"] == "mtgo-dek" and data["commander_rules"] is None
    # Searing Blaze, ... are not implemented: the deck has problems (Rift Bolt is: suspend, CR 702.62)
    names = [row["name"] for row in data["unimplemented"]]
    assert "Searing Blaze" in names and "Lightning Bolt" not in names and "Rift Bolt" not in names
    assert all(row["missing"] for row in data["unimplemented"])
    assert code == 1 and data["ok"] is False


def test_a_deck_of_implemented_cards_is_fine(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deck = write(tmp_path, "ref.txt", "12 Forest\n12 Mountain\n8 Grizzly Bears\n6 Llanowar Elves\n4 Hill Giant\n"
                                      "6 Lightning Bolt\n4 Shock\n8 Giant Growth\n\n3 Shock\n")
    code, out, err = run(capsys, "deck", deck)
    assert code == 0 and err == ""
    assert "main 60, sideboard 3" in out and "  8 Giant Growth" in out and out.endswith("no problems found\n")
    assert "after the blank line (from line 10) are the sideboard" in out


def test_unknown_names_are_all_listed_with_suggestions(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deck = write(tmp_path, "typos.txt", "Deck\n4 Lightnig Bolt\n20 Mountain\nSideboard\n2 Pyroblats\n")
    code, data = report(capsys, deck)
    assert code == 1
    assert [(u["line"], u["name"], u["section"]) for u in data["unknown"]] == [
        (2, "Lightnig Bolt", "main"), (5, "Pyroblats", "sideboard")]
    assert "Lightning Bolt" in data["unknown"][0]["suggestions"]
    code, out, _ = run(capsys, "deck", deck)
    assert "line 2: 'Lightnig Bolt' (did you mean: Lightning Bolt" in out


def test_bad_input_exits_2_with_the_file_and_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "deck", write(tmp_path, "bad.dck", "[Main]\nMountain|M19\n"))
    assert code == 2 and out == ""
    assert err.startswith("mtg: error: ") and "bad.dck, line 2" in err and "Traceback" not in err
    code, _, err = run(capsys, "deck", str(tmp_path / "missing.txt"))
    assert code == 2 and "cannot read the deck list" in err


def test_a_legal_commander_deck(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Isamaru and 99 Plains: basic lands are exempt from the singleton rule (CR 903.5b)
    code, data = report(capsys, write(tmp_path, "krenko.txt", "Commander\n1 Isamaru, Hound of Konda\nDeck\n99 Plains\n"))
    rules = data["commander_rules"]
    assert rules == {"commanders": ["Isamaru, Hound of Konda"], "cards": 100, "problems": [], "warnings": []}
    assert code == 0 and data["ok"]


def test_commander_rules_on_the_sample_decks(capsys: pytest.CaptureFixture[str]) -> None:
    for file in ("archidekt_krenko.txt", "forge_krenko.dck"):
        _, data = report(capsys, str(DECKS / file))
        assert data["commander_rules"]["problems"] == [] and data["commander_rules"]["cards"] == 100


def test_commander_rules_broken(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = ("Commander\n1 Krenko, Mob Boss\nDeck\n2 Goblin Guide\n1 Counterspell\n1 Goblin Electromancer\n"
            "10 Relentless Rats\n8 Seven Dwarves\n50 Mountain\n\nSideboard\n1 Pyroblast\n")
    code, data = report(capsys, write(tmp_path, "broken.txt", text))
    problems = data["commander_rules"]["problems"]
    assert code == 1
    assert "the deck has 73 cards with its commander(s), a Commander deck exactly 100 (CR 903.5a)" in problems
    assert "2 cards named Goblin Guide: a Commander deck has one of each card but basic lands (CR 903.5b)" in problems
    assert "8 cards named Seven Dwarves: a Commander deck has at most 7 by the card's own text (CR 903.5b)" in problems
    assert not any("Relentless Rats" in p and "903.5b" in p for p in problems)   # "any number of cards named"
    assert "Counterspell is outside the commander's color identity: U (CR 903.5c-d)" in problems
    assert "Goblin Electromancer is outside the commander's color identity: U (CR 903.5c-d)" in problems
    assert "Relentless Rats is outside the commander's color identity: B (CR 903.5c-d)" in problems
    assert data["commander_rules"]["warnings"] == [
        "the file has a sideboard of 1 card(s): Commander games use none (CR 903.5e)"]


def test_a_commander_that_cant_be_one(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, data = report(capsys, write(tmp_path, "bears.txt", "Commander\n1 Grizzly Bears\nDeck\n99 Forest\n"))
    assert data["commander_rules"]["problems"] == [
        "Grizzly Bears can't be a commander: it is not a legendary creature, Vehicle or Spacecraft card and "
        "doesn't say it can be your commander (CR 903.3, 903.3a)"]


def test_commander_option_takes_the_card_from_an_mtgo_sideboard(capsys: pytest.CaptureFixture[str],
                                                                tmp_path: Path) -> None:
    # MTGO lists a Commander deck's commander as its sideboard
    deck = write(tmp_path, "mtgo_edh.txt", "99 Plains\n\n1 Isamaru, Hound of Konda\n")
    code, data = report(capsys, deck, "--commander", "isamaru, hound of konda")
    assert (data["main"], data["sideboard"], data["commander"]) == (99, 0, 1)
    assert data["commander_rules"]["problems"] == [] and code == 0
    code, _, err = run(capsys, "deck", deck, "--commander", "Krenko Mob Bos")
    assert code == 2 and "--commander: unknown card name" in err


def _commanders(capsys: pytest.CaptureFixture[str], tmp_path: Path, commanders: list[str], land: str) -> list[str]:
    text = "Commander\n" + "".join(f"1 {c}\n" for c in commanders) + f"Deck\n{100 - len(commanders)} {land}\n"
    _, data = report(capsys, write(tmp_path, "edh.txt", text), "--format", "commander")
    return data["commander_rules"]["problems"]


def test_partner_abilities_pair_commanders(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # CR 702.124j: partner with [name], each naming the other
    assert _commanders(capsys, tmp_path, ["Brallin, Skyshark Rider", "Shabraz, the Skyshark"], "Mountain") == []
    # CR 702.124k: choose a Background, and a legendary Background enchantment
    assert _commanders(capsys, tmp_path, ["Wilson, Refined Grizzly", "Candlekeep Sage"], "Forest") == []
    # CR 702.124m: Doctor's companion, and a Time Lord Doctor with no other creature type
    assert _commanders(capsys, tmp_path, ["Rose Tyler", "The Tenth Doctor"], "Plains") == []
    # CR 702.124i: the same partner—[text] ability ("Friends forever")
    assert _commanders(capsys, tmp_path, ["Bjorna, Nightfall Alchemist", "Cecily, Haunted Mage"], "Island") == []
    # CR 903.3a: "~ can be your commander" (a planeswalker)
    assert _commanders(capsys, tmp_path, ["Freyalise, Llanowar's Fury"], "Forest") == []


def test_partner_abilities_that_dont_pair(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # CR 702.124f: different partner abilities don't combine
    problems = _commanders(capsys, tmp_path, ["Brallin, Skyshark Rider", "Wilson, Refined Grizzly"], "Mountain")
    assert problems == ["Brallin, Skyshark Rider and Wilson, Refined Grizzly can't both be commanders: no partner "
                        "ability pairs them (CR 702.124a, 702.124f: partner, partner—[text], partner with [name], "
                        "choose a Background, Doctor's companion)"]
    # "partner with" names one card only (CR 702.124j)
    assert _commanders(capsys, tmp_path, ["Brallin, Skyshark Rider", "Krav, the Unredeemed"], "Mountain")
    # CR 702.124k: a Background alone can't be a commander
    assert _commanders(capsys, tmp_path, ["Candlekeep Sage"], "Island") == [
        "Candlekeep Sage can't be a commander: a Background is one only beside a commander with \"choose a "
        "Background\" (CR 702.124k)"]
    # CR 702.124m: a Doctor's companion beside a creature that is no Doctor
    assert _commanders(capsys, tmp_path, ["Rose Tyler", "Isamaru, Hound of Konda"], "Plains")
    # CR 702.124g: never more than two
    assert _commanders(capsys, tmp_path, ["Akiri, Line-Slinger", "Bruse Tarl, Boorish Herder", "Ludevic, Necro-Alchemist"],
                       "Mountain")[0].startswith("3 commanders")


def test_format_commander_without_a_commander(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, data = report(capsys, write(tmp_path, "none.txt", "100 Forest\n"), "--format", "commander")
    assert code == 1 and data["deck_format"] == "commander"
    assert data["commander_rules"]["problems"][0].startswith("the deck has no commander")


def test_format_standard_size(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = "5 Lightning Bolt\n20 Mountain\n10 Relentless Rats\n8 Seven Dwarves\n\nSideboard\n16 Mountain\n"
    code, data = report(capsys, write(tmp_path, "std.txt", text), "--format", "standard-size")
    assert code == 1 and data["commander_rules"] is None
    assert data["constructed_rules"]["problems"] == [
        "the deck has 43 cards, a constructed deck at least 60 (CR 100.2a)",
        "the sideboard has 16 cards, at most 15 in constructed play (CR 100.4a)",
        "5 cards named Lightning Bolt in deck and sideboard: at most 4 (CR 100.2a, 100.4a)",
        "8 cards named Seven Dwarves in deck and sideboard: at most 7 by the card's own text"]
    # four in deck and sideboard together (CR 100.4a); basic lands any number
    text = "3 Lightning Bolt\n60 Mountain\n\nSideboard\n2 Lightning Bolt\n"
    _, data = report(capsys, write(tmp_path, "std2.txt", text), "--format", "standard-size")
    assert data["constructed_rules"]["problems"] == [
        "5 cards named Lightning Bolt in deck and sideboard: at most 4 (CR 100.2a, 100.4a)"]
    _, out, _ = run(capsys, "deck", write(tmp_path, "ok.txt", "4 Lightning Bolt\n56 Mountain\n"), "--format",
                    "standard-size")
    assert "constructed deck rules (CR 100.2a, 100.4a): met" in out
