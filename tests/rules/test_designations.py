"""The player designations (CR 724, 725) and the venture markers (CR 309.4) are state: saved and
loaded exactly, copied by a clone, and absent from the save of a game that never had them."""
from __future__ import annotations

import pytest

from mtgengine.cards.dungeon_rooms import implemented
from mtgengine.cards.dungeons import DUNGEONS, IMPLEMENTED
from mtgengine.core.errors import GameStateError
from mtgengine.engine import Game
from mtgengine.scenario.builder import Scenario
from mtgengine.state.serialize import state_from_json, state_to_json


def test_the_implemented_dungeons_are_those_whose_rooms_all_compile() -> None:
    assert IMPLEMENTED == implemented()
    assert IMPLEMENTED <= set(DUNGEONS)


def test_designations_save_load_and_clone_exactly() -> None:
    s = Scenario("designations", Alice={"designations": ["monarch"], "dungeon": "Lost Mine of Phandelver: Dark Pool",
                                        "completed_dungeons": ["Lost Mine of Phandelver"]},
                 Bob={})
    g = s.game.state
    g.initiative = 1            # (a scenario can't set it while Undercity isn't implemented)
    assert (g.monarch, g.initiative) == (0, 1)
    assert g.dungeons == ((0, "Lost Mine of Phandelver", 4),)
    loaded = Game.load(s.game.save())
    assert loaded.state.monarch == 0 and loaded.state.initiative == 1
    assert loaded.state.dungeons == g.dungeons and loaded.state.completed_dungeons == g.completed_dungeons
    assert loaded.save() == s.game.save()
    copy = g.clone()
    copy.monarch = 1
    assert g.monarch == 0


def test_a_game_without_designations_saves_as_before() -> None:
    s = Scenario("plain", Alice={}, Bob={})
    data = state_to_json(s.game.state)
    for slot in ("monarch", "initiative", "dungeons", "completed_dungeons"):
        assert slot not in data
    assert state_from_json(data).monarch is None


@pytest.mark.parametrize("field, value", [("monarch", 5), ("dungeons", [[0, "No Such Dungeon", 0]]),
                                          ("dungeons", {"__tuple__": [{"__tuple__": [0, "Undercity", 99]}]})])
def test_a_damaged_designation_is_refused(field: str, value: object) -> None:
    data = state_to_json(Scenario("plain", Alice={}, Bob={}).game.state)
    data[field] = value
    with pytest.raises(GameStateError):
        state_from_json(data)


def test_the_monarchs_draw_on_the_stack_saves_and_loads() -> None:
    """The monarch's end-step ability is an ability of no object (CR 724.2): its source is 0, which a
    save keeps and a load accepts (found by the fuzzer: the load refused it)."""
    s = Scenario("monarch", turn={"active": "Alice", "step": "postcombat_main"},
                 Alice={"designations": ["monarch"]}, Bob={})
    s.pass_("end")
    assert any(s.game.state.objects[oid].source_id == 0 for oid in s.game.state.stack), "the draw is on the stack"
    loaded = Game.load(s.game.save())
    assert loaded.save() == s.game.save()
