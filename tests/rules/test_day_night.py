"""Day and night (CR 730) and the spells of last turn (CR 603.4) are state: saved and loaded
exactly, copied by a clone, absent from the save of a game that never had them, and refused
when damaged; daybound and nightbound permanents transform only by those abilities (CR 702.145b)."""
from __future__ import annotations

import pytest

from mtgengine.core.errors import GameStateError
from mtgengine.effects.primitives import transform
from mtgengine.engine import Game
from mtgengine.rules.context import Ctx
from mtgengine.scenario.builder import Scenario
from mtgengine.state.serialize import state_from_json, state_to_json


def _night_game() -> Scenario:
    s = Scenario("night", Alice={"battlefield": ["Tireless Hauler"]}, Bob={})
    s.pass_("turn")                 # Alice cast no spell: it becomes night at Bob's untap step (CR 730.2a)
    return s


def test_day_night_and_last_turn_save_load_and_clone_exactly() -> None:
    s = _night_game()
    g = s.game.state
    assert g.day_night == "night"
    assert g.last_turn_spells == (0, (0, 0))
    loaded = Game.load(s.game.save())
    assert loaded.state.day_night == "night" and loaded.state.last_turn_spells == (0, (0, 0))
    assert loaded.save() == s.game.save()
    copy = g.clone()
    copy.day_night = "day"
    assert g.day_night == "night"


def test_a_game_without_day_or_night_saves_as_before() -> None:
    s = Scenario("plain", Alice={"battlefield": ["Grizzly Bears"]}, Bob={})
    s.pass_("turn")
    data = state_to_json(s.game.state)
    assert "day_night" not in data and "last_turn_spells" not in data     # nothing reads them
    assert state_from_json(data).day_night is None


@pytest.mark.parametrize("field, value", [("day_night", "dusk"),
                                          ("last_turn_spells", {"__tuple__": [0, {"__tuple__": [1]}]}),
                                          ("last_turn_spells", {"__tuple__": [7, {"__tuple__": [0, 0]}]})])
def test_a_damaged_designation_is_refused(field: str, value: object) -> None:
    data = state_to_json(_night_game().game.state)
    data[field] = value
    with pytest.raises(GameStateError):
        state_from_json(data)


def test_a_nightbound_permanent_transforms_only_by_its_ability() -> None:
    """CR 702.145e: "This permanent can't transform except due to its nightbound ability"."""
    s = _night_game()
    g = s.game.state
    (oid,) = [o for o in g.battlefield if g.objects[o].card is not None and g.objects[o].transformed]
    ctx = Ctx(g, [], lambda _g, _asking_now: None)
    assert not transform(ctx, oid)
    assert g.objects[oid].transformed
    assert any("can't transform except due to its daybound or nightbound ability" in line for line in g.log)
