"""No silent no-ops (issue 17, item 6): a game or scenario with a card whose abilities the engine
doesn't all implement is refused before it starts, naming each card and what it lacks — unless it
opts in; then the card plays without them and the log says each time one is skipped (CR 113.6)."""
from __future__ import annotations

import re

import json
from pathlib import Path

import pytest

from mtgengine import cli
from mtgengine.core.enums import Zone
from mtgengine.core.errors import GameStateError, NotImplementedCardError
from mtgengine.engine import Game
from mtgengine.scenario.builder import Scenario, ScenarioFailure
from mtgengine.scenario.cli import run_paths
from mtgengine.simulate import play_game

NECRO = ["Necropotence"] * 36 + ["Swamp"] * 24
SKIP = "is not implemented by this engine and is skipped"


def test_a_deck_of_necropotence_is_refused_naming_the_card_and_what_it_lacks() -> None:
    with pytest.raises(NotImplementedCardError) as err:
        Game.new_game([NECRO, ["Forest"] * 40])
    message = str(err.value)
    assert message.startswith("1 card(s) with abilities the engine does not implement yet, refused rather than "
                              "played without them: Necropotence (Alice's deck: 'Whenever you discard a card, "
                              "exile that card from your graveyard.'; 'Pay 1 life:")
    assert message.endswith("Game.new_game(..., allow_unimplemented=True)")


def test_sideboards_and_commanders_count_too() -> None:
    with pytest.raises(NotImplementedCardError, match=r"Razorkin Needlehead \(Bob's sideboard: "):
        Game.new_game([["Forest"] * 40] * 2, sideboards=[[], ["Razorkin Needlehead"]])


def test_with_the_opt_in_necropotence_plays_and_each_skip_is_logged() -> None:
    result = play_game((NECRO, NECRO), seed=0, first_player=0, turn_cap=8, allow_unimplemented=True)
    entered = [line for line in result.log if line.startswith("[CR 113.6] Necropotence enters the battlefield")]
    assert entered and all(SKIP in line for line in entered)
    casts = sum("casts Necropotence" in line for line in result.log)
    assert casts and len(entered) == 2 * casts           # both abilities it lacks, each time one enters


def test_the_opt_in_is_kept_by_saves_and_a_save_without_it_is_unchanged() -> None:
    game = Game.new_game([NECRO, NECRO], allow_unimplemented=True)
    text = game.save()
    assert json.loads(text)["base"]["allow_unimplemented"] is True
    assert Game.load(text).state.allow_unimplemented is True
    plain = Game.new_game([["Forest"] * 40] * 2).save()
    assert "allow_unimplemented" not in json.loads(plain)["base"]       # saves as before the option
    with pytest.raises(GameStateError, match="allow_unimplemented: expected true or false, got 1"):
        Game.new_game([["Forest"] * 40] * 2, allow_unimplemented=1)     # type: ignore[arg-type]


def test_a_spell_lacking_an_ability_says_so_as_it_resolves() -> None:
    # Overmaster: "The next instant or sorcery spell you cast this turn can't be countered." isn't
    # implemented; "Draw a card." is
    text = "The next instant or sorcery spell you cast this turn can't be countered."
    with pytest.raises(ScenarioFailure, match=re.escape(f'Overmaster (players.Alice.hand: "{text}")')):
        Scenario("overmaster", Alice={"hand": ["Overmaster"], "battlefield": ["Mountain"]}, Bob={}).game
    s = Scenario("overmaster", Alice={"hand": ["Overmaster"], "battlefield": ["Mountain"]}, Bob={},
                 allow_unimplemented=True)
    s.cast("Overmaster", by="Alice", pay="{R}").pass_("stack")
    assert f'[CR 113.6] Overmaster resolves: its ability "{text}" {SKIP}' in s.game.log
    assert len(s.game.state.zones[(0, Zone.HAND)]) == 1     # it drew its card


RAZORKIN = """name: Razorkin Needlehead
{key}players:
  Alice: {{battlefield: [Razorkin Needlehead]}}
  Bob: {{}}
script: [{{pass: turn}}]
"""


def test_a_card_on_a_scenario_battlefield_is_refused_unless_the_file_opts_in(tmp_path: Path) -> None:
    path = tmp_path / "razorkin.yaml"
    path.write_text(RAZORKIN.format(key=""), encoding="utf-8")
    [result] = run_paths([str(path)])
    assert not result.passed
    assert result.failures == [
        f"{path}: 1 card(s) with abilities the engine does not implement yet, refused rather than played without "
        "them: Razorkin Needlehead (players.Alice.battlefield: 'Razorkin Needlehead has first strike during your "
        "turn.'). To play them without those abilities (the log then says each time one is skipped): add "
        "'allow_unimplemented: true' to the scenario"]
    path.write_text(RAZORKIN.format(key="allow_unimplemented: true\n"), encoding="utf-8")
    [result] = run_paths([str(path)])
    assert result.passed, result.failures
    assert result.log[0] == ("[CR 113.6] Razorkin Needlehead is on the battlefield: its ability "
                             f"'Razorkin Needlehead has first strike during your turn.' {SKIP}")
    path.write_text(RAZORKIN.format(key="allow_unimplemented: yes please\n"), encoding="utf-8")
    [result] = run_paths([str(path)])
    assert "allow_unimplemented: expected true or false, got 'yes please'" in result.failures[0]


def test_mtg_simulate_and_play_refuse_unless_allowed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deck = tmp_path / "necro.txt"
    deck.write_text("36 Necropotence\n24 Swamp\n", encoding="utf-8")
    for command in ("simulate", "play"):
        code = cli.main([command, "--deck", str(deck), "--turn-cap", "4"])
        out, err = capsys.readouterr()
        assert code == 2 and out == "" and err.count("\n") == 1
        assert err.startswith(f"mtg: error: 1 card(s) with abilities the engine does not implement yet") \
            and f"Necropotence ({deck}: " in err and err.endswith("add --allow-unimplemented\n")
    assert cli.main(["play", "--deck", str(deck), "--turn-cap", "8", "--allow-unimplemented"]) == 0
    assert SKIP in capsys.readouterr().out
    assert cli.main(["simulate", "--deck", str(deck), "--games", "2", "--turn-cap", "4", "--allow-unimplemented"]) == 0
