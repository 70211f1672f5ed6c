"""Per-turn records read by morbid and revolt (CR 700.4): who controlled what left the
battlefield, kept in saves, reset as a turn begins, and defaulted in saves made before them."""
from __future__ import annotations

import json

from mtgengine.engine import Game
from mtgengine.scenario.builder import Scenario


def _shocked_elves() -> Scenario:
    s = Scenario("records", Alice={"battlefield": ["Mountain"], "hand": ["Shock"]},
                 Bob={"battlefield": ["Llanowar Elves"]})
    s.cast("Shock", by="Alice", targets=["Llanowar Elves"]).pass_("stack")
    return s


def test_a_creature_dying_is_counted_for_its_controller() -> None:
    players = _shocked_elves().game.state.players
    assert [p.died_this_turn for p in players] == [0, 1]
    assert [p.left_battlefield_this_turn for p in players] == [0, 1]


def test_the_records_survive_save_and_load_and_reset_next_turn() -> None:
    s = _shocked_elves()
    loaded = Game.load(s.game.save())
    assert [p.died_this_turn for p in loaded.state.players] == [0, 1]
    s.pass_("turn")
    assert [p.died_this_turn for p in s.game.state.players] == [0, 0]
    assert [p.left_battlefield_this_turn for p in s.game.state.players] == [0, 0]


def test_a_save_made_before_the_records_existed_loads_with_none() -> None:
    data = json.loads(_shocked_elves().game.save())
    for player in data["base"]["players"]:
        del player["died_this_turn"], player["left_battlefield_this_turn"]
    loaded = Game.load(json.dumps(data))
    assert [p.died_this_turn for p in loaded.state.players] == [0, 0]
    assert [p.left_battlefield_this_turn for p in loaded.state.players] == [0, 0]
