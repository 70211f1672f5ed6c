"""Steps before the game (CR 103.2) in a new game: a Commander game's setup (CR 903.6-903.7,
903.4b with The Prismatic Piper, CR 607.2p) and cards from outside the game (Arcane Savant,
CR 607.2n), through ``Game.new_game`` and the ``mtg`` command."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtgengine import cli
from mtgengine.core.enums import Zone
from mtgengine.core.errors import IllegalActionError
from mtgengine.effects.layers import characteristics
from mtgengine.engine import Game
from mtgengine.simulate import play_game


def _names(game: Game, player: int, zone: Zone) -> list[str]:
    g = game.state
    return [characteristics(g, oid).name for oid in g.zones[(player, zone)]]


def test_a_commander_game_starts_with_the_commander_in_the_command_zone_and_40_life() -> None:
    game = Game.new_game([["Wastes"] * 40, ["Wastes"] * 40], seed=3,
                         commanders=[["The Prismatic Piper"], []])
    d = game.pending
    assert d is not None and d.kind == "color" and d.player == 0      # CR 903.4b, before the game
    game.submit("B")
    assert game.pending is not None and game.pending.kind == "mulligan"
    g = game.state
    assert _names(game, 0, Zone.COMMAND) == ["The Prismatic Piper"]      # CR 903.6
    piper = g.zones[(0, Zone.COMMAND)][0]
    assert characteristics(g, piper).colors == frozenset({"B"})          # CR 607.2p
    assert [p.life for p in g.players] == [40, 40]                       # CR 903.7
    assert len(g.zones[(0, Zone.LIBRARY)]) == 33 and len(g.zones[(0, Zone.HAND)]) == 7
    assert "903.6" in "\n".join(g.log)


def test_a_game_without_commanders_asks_nothing_before_the_mulligans() -> None:
    game = Game.new_game([["Wastes"] * 40, ["Wastes"] * 40], seed=3)
    assert game.pending is not None and game.pending.kind == "mulligan"
    assert [p.life for p in game.state.players] == [20, 20]


def test_two_commanders_need_partner_and_a_commander_must_be_legendary() -> None:
    with pytest.raises(IllegalActionError, match="partner"):
        Game.new_game([["Wastes"] * 40, ["Wastes"] * 40],
                      commanders=[["The Prismatic Piper", "Isamaru, Hound of Konda"], []])
    with pytest.raises(IllegalActionError, match="can't be a commander"):
        Game.new_game([["Wastes"] * 40, ["Wastes"] * 40], commanders=[["Grizzly Bears"], []])
    # two Pipers: both have partner (CR 702.124a)
    game = Game.new_game([["Wastes"] * 40, ["Wastes"] * 40],
                         commanders=[["The Prismatic Piper", "The Prismatic Piper"], []])
    game.submit("R")
    game.submit("G")
    colors = [characteristics(game.state, oid).colors for oid in game.state.zones[(0, Zone.COMMAND)]]
    assert colors == [frozenset({"R"}), frozenset({"G"})]


def test_arcane_savant_exiles_a_sideboard_card_before_the_shuffle() -> None:
    game = Game.new_game([["Island"] * 39 + ["Arcane Savant"], ["Wastes"] * 40], seed=1,
                         sideboards=[["Lightning Bolt", "Grizzly Bears"], []])
    d = game.pending
    assert d is not None and d.kind == "exile"
    assert d.options == ["Lightning Bolt", None]           # an instant or sorcery card only
    game.submit("Lightning Bolt")
    assert _names(game, 0, Zone.EXILE) == ["Lightning Bolt"]             # CR 400.11b, 607.2n
    assert game.state.players[0].sideboard == ("Grizzly Bears",)
    assert game.pending is not None and game.pending.kind == "mulligan"


def test_a_sideboard_without_a_card_that_uses_it_asks_nothing() -> None:
    game = Game.new_game([["Wastes"] * 40, ["Wastes"] * 40], sideboards=[["Lightning Bolt"], []])
    assert game.pending is not None and game.pending.kind == "mulligan"


def test_commander_games_and_sideboards_play_to_the_end_and_save_exactly() -> None:
    piper_deck = ["Wastes"] * 20 + ["Grizzly Bears"] * 10 + ["Forest"] * 9
    white_deck = ["Wastes"] * 20 + ["Savannah Lions"] * 10 + ["Plains"] * 9
    savant_deck = ["Island"] * 30 + ["Arcane Savant"] * 10
    for seed in range(3):
        runs = [play_game((piper_deck, white_deck), seed, seed % 2, 12,
                          commanders=[["The Prismatic Piper"], ["Isamaru, Hound of Konda"]]) for _ in range(2)]
        assert runs[0].log == runs[1].log                   # deterministic
        assert any("903.6" in line for line in runs[0].log)
        assert any("Alice chooses green for The Prismatic Piper" in line for line in runs[0].log)
        runs = [play_game((savant_deck, savant_deck), seed, seed % 2, 12,
                          sideboards=[["Lightning Bolt", "Divination"], ["Shock"]]) for _ in range(2)]
        assert runs[0].log == runs[1].log
        assert any("607.2n" in line for line in runs[0].log)
    game = Game.new_game([piper_deck, white_deck], commanders=[["The Prismatic Piper"], []], sideboards=[["Shock"], []])
    game.submit("G")
    loaded = Game.load(game.save())
    assert loaded.state.players[0].commanders == game.state.players[0].commanders
    assert loaded.save() == game.save()


def test_color_identity_and_the_pre_game_color_in_deck_construction() -> None:
    from mtgengine.cards.database import card_db
    from mtgengine.rules.pregame import color_identity
    db = card_db()
    assert color_identity(db.get("Forest")) == frozenset()          # reminder text (CR 903.4c)
    assert color_identity(db.get("Birds of Paradise")) == {"G"}
    assert color_identity(db.get("Delver of Secrets")) == {"U"}      # back face's indicator (903.4d)
    assert color_identity(db.get("The Prismatic Piper")) == frozenset()
    with pytest.raises(IllegalActionError, match="outside its commander's color identity"):
        Game.new_game([["Wastes"] * 30 + ["Lightning Bolt"] * 10, ["Wastes"] * 40],
                      commanders=[["Isamaru, Hound of Konda"], []])
    with pytest.raises(IllegalActionError, match="903.5c"):                # two colors, one choice
        Game.new_game([["Forest"] * 20 + ["Island"] * 20, ["Wastes"] * 40], commanders=[["The Prismatic Piper"], []])
    # a basic land type needs its color (CR 903.5d): the Piper's choice must be green (CR 903.4b)
    game = Game.new_game([["Forest"] * 39, ["Wastes"] * 40], commanders=[["The Prismatic Piper"], []])
    assert game.pending is not None and game.pending.options == ["G"]
    with pytest.raises(IllegalActionError, match="not one of the options"):
        game.submit("R")
    game.submit("G")
    assert game.pending is not None and game.pending.kind == "mulligan"


def test_deck_files_with_commander_and_sideboard_sections(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deck = tmp_path / "piper.txt"
    deck.write_text("Commander\n1 The Prismatic Piper\n\nDeck\n39 Wastes\n\nSideboard\n1 Shock\n", encoding="utf-8")
    code = cli.main(["play", "--deck", str(deck), "--turn-cap", "2"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "[CR 903.6] Alice puts their commander The Prismatic Piper into the command zone" in out
    assert "[CR 903.4b] Bob chooses" in out
