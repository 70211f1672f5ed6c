"""mtg evaluate (issue 21): matchups with intervals on the play and the draw, goldfish kill turns,
mana figures, the HTML report and the refusal of unimplemented cards."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgengine.cli import main
from mtgengine.evaluate import Goldfish, castable, figures, play_task, wilson

RED_GREEN = "12 Forest\n12 Mountain\n8 Grizzly Bears\n6 Llanowar Elves\n4 Hill Giant\n6 Lightning Bolt\n4 Shock\n" \
            "8 Giant Growth\n"
BURN = "20 Mountain\n40 Lightning Bolt\n"
G, R, W = frozenset("G"), frozenset("R"), frozenset("W")


def test_castability_matches_coloured_symbols_to_lands_of_their_own() -> None:
    assert castable([G, R], [R, W], 2) is False                    # Lightning Helix off Forest and Mountain
    assert castable([G | W, R], [R, W], 2) is True                 # a Savannah makes the white
    assert castable([G | W, W], [G, W], 2) is True                 # the dual goes to the green (augmenting)
    assert castable([R, R], [R], 3) is False                       # three mana from two lands: no
    assert castable([R, R, G], [R], 3) is True


def test_wilson_intervals() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_goldfish_game_of_burn_ends_on_an_early_own_turn_and_counts_the_opening_hand() -> None:
    deck = ["Mountain"] * 20 + ["Lightning Bolt"] * 40
    from mtgengine.evaluate import GOLDFISH_DECK
    record = play_task(("goldfish", tuple(deck), GOLDFISH_DECK, "goldfish", 3, True, 40, "greedy", None, False))
    assert record["winner"] == "deck"
    assert 3 <= record["own_turn"] <= 9               # 20 life at 3 a Bolt, one land a turn (CR 305.2)
    assert 0 <= record["opening_lands"] <= 7
    assert record["lands_by_turn"][0] == 1 and record["on_curve"]["Lightning Bolt"] is True
    assert Goldfish().decide(type("D", (), {"kind": "blockers", "info": {}})()) == []


def test_figures_split_the_matchup_on_the_play_and_on_the_draw() -> None:
    base = {"kind": "match", "opponent": "x", "opening_lands": 3, "lands_by_turn": [1, 2], "on_curve": {},
            "screwed_turns": 0, "mulligans": 0, "own_turn": 5, "turns": 9}
    records = [{**base, "on_play": True, "winner": "deck"}, {**base, "on_play": True, "winner": "deck"},
               {**base, "on_play": False, "winner": "opponent"}, {**base, "on_play": False, "winner": None}]
    m = figures(records, ["Forest"])["matchups"]["x"]
    assert m["on_the_play"]["win_rate"] == 1.0 and m["on_the_draw"]["win_rate"] == 0.25   # a capped game: half
    assert m["overall"]["games"] == 4 and m["overall"]["wins"] == 2


def test_evaluate_writes_the_figures_and_a_self_contained_report(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    deck, other = tmp_path / "rg.txt", tmp_path / "burn.txt"
    deck.write_text(RED_GREEN)
    other.write_text(BURN)
    report = tmp_path / "report.html"
    args = ["evaluate", str(deck), "--vs", str(other), "--games", "4", "--agent", "random", "--json",
            "--report", str(report), "--jobs", "2"]
    assert main(args) == 0
    result = json.loads(capsys.readouterr().out)
    m = result["matchups"][str(other)]
    assert m["overall"]["games"] == 4 and m["on_the_play"]["games"] == 2 and m["on_the_draw"]["games"] == 2
    assert 0 <= m["overall"]["ci95"][0] <= m["overall"]["win_rate"] <= m["overall"]["ci95"][1] <= 1
    assert result["goldfish"]["on_the_play"]["games"] == 2
    mana = result["mana"]
    assert sum(mana["opening_hand_lands"].values()) == 8         # the deck's opening seven in each of 8 games
    assert [d["turn"] for d in mana["land_drops"]] == [1, 2, 3, 4, 5, 6]
    assert set(mana["castable_on_curve"]) == {"Grizzly Bears", "Llanowar Elves", "Hill Giant", "Lightning Bolt",
                                              "Shock", "Giant Growth"}
    page = report.read_text()
    assert page.count("data:image/png;base64,") == 3 and "<script" not in page and "src='http" not in page and "href" not in page
    assert "Matchups" in page and "Goldfish kill turn" in page and "Castable on curve" in page
    assert main(args) == 0                                      # the same seeds, the same figures
    assert json.loads(capsys.readouterr().out) == result


def test_an_unimplemented_card_is_refused_unless_allowed_and_then_marked(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "necro.txt"
    deck.write_text("24 Swamp\n36 Necropotence\n")
    assert main(["evaluate", str(deck), "--games", "1", "--agent", "random"]) == 2
    err = capsys.readouterr().err
    assert "Necropotence" in err and "--allow-unimplemented" in err
    report = tmp_path / "r.html"
    assert main(["evaluate", str(deck), "--games", "2", "--agent", "random", "--allow-unimplemented",
                 "--report", str(report), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [u["card"] for u in result["unimplemented"]] == ["Necropotence"]
    assert "Played with --allow-unimplemented" in report.read_text()
