"""The land plays (CR 305.1-305.3, ``effects.land_plays``): the legal-action list offers each
land play exactly when it can be made; the top card of a library seen (CR 401.5) is in the views
of who may see it; the land plays of resolved effects are state (saved, loaded, cloned)."""
from __future__ import annotations

from typing import Any, Callable

import pytest

from mtgengine.core.enums import Zone
from mtgengine.core.errors import GameStateError
from mtgengine.effects.layers import characteristics
from mtgengine.engine import Game
from mtgengine.rules.turn import legal_actions
from mtgengine.scenario.builder import Scenario
from mtgengine.state.serialize import state_from_json, state_to_json

MAIN = {"number": 2, "active": "Alice", "step": "precombat_main"}


def _plays(s: Scenario, player: int = 0) -> list[tuple[str, str]]:
    """The land plays offered: (name, zone)."""
    g = s.game.state
    return sorted((characteristics(g, a["object"]).name, g.objects[a["object"]].zone.value)
                  for a in legal_actions(g, player) if a["action"] == "play")


def test_lands_in_the_graveyard_are_offered_with_crucible_while_a_land_may_be_played(
        all_accepted: Callable[..., None]) -> None:
    s = Scenario("Crucible", turn=MAIN, Alice={"battlefield": ["Crucible of Worlds"], "hand": ["Mountain"],
                                              "graveyard": ["Forest", "Grizzly Bears"]},
                 Bob={"graveyard": ["Plains"]})
    assert _plays(s) == [("Forest", "graveyard"), ("Mountain", "hand")]     # not Bob's Plains, not a creature
    all_accepted(s, 0)
    s.play("Forest", by="Alice", **{"from": "graveyard"})
    assert _plays(s) == []                                                  # CR 305.2b


def test_no_land_is_offered_from_the_graveyard_without_an_effect() -> None:
    s = Scenario("no Crucible", turn=MAIN, Alice={"graveyard": ["Forest"]}, Bob={})
    assert _plays(s) == []


def test_the_top_card_of_the_library_is_offered_only_when_it_is_a_land(all_accepted: Callable[..., None]) -> None:
    s = Scenario("Courser", turn=MAIN, Alice={"battlefield": ["Courser of Kruphix"], "library": ["Forest", "Island"]},
                 Bob={})
    assert _plays(s) == [("Forest", "library")]
    all_accepted(s, 0)
    s = Scenario("Courser, a creature on top", turn=MAIN,
                 Alice={"battlefield": ["Courser of Kruphix"], "library": ["Grizzly Bears", "Forest"]}, Bob={})
    assert _plays(s) == []


def test_additional_land_plays_are_offered_until_used(all_accepted: Callable[..., None]) -> None:
    s = Scenario("Azusa", turn=MAIN, Alice={"battlefield": ["Azusa, Lost but Seeking"],
                                           "hand": ["Forest", "Mountain", "Plains", "Island"]}, Bob={})
    for land in ("Forest", "Mountain", "Plains"):
        assert len(_plays(s)) > 0
        all_accepted(s, 0)
        s.play(land, by="Alice")
    assert _plays(s) == []


def test_fastbond_offers_every_land() -> None:
    s = Scenario("Fastbond", turn=MAIN, Alice={"battlefield": ["Fastbond"], "hand": ["Forest", "Mountain"]}, Bob={})
    s.play("Forest", by="Alice")
    assert _plays(s) == [("Mountain", "hand")]


def test_no_land_is_offered_on_an_opponents_turn() -> None:
    # CR 305.3, even with an effect that lets the player play more lands or from another zone
    s = Scenario("Bob's turn", turn={"number": 2, "active": "Bob", "step": "precombat_main"},
                 Alice={"battlefield": ["Crucible of Worlds", "Exploration"], "graveyard": ["Forest"]},
                 Bob={"library": ["Wastes"]})
    s.pass_(1)
    assert _plays(s, 0) == []


def _seen_top(game: Game, viewer: int, owner: int) -> str | None:
    view = game.view(viewer)
    top = view.state.zones[(owner, Zone.LIBRARY)][0]
    o = view.state.objects.get(top)
    return None if o is None or o.card is None else o.card.name


def test_a_revealed_top_card_is_in_every_view_and_a_looked_at_one_in_its_owners() -> None:
    # CR 401.5: "Play with the top card of your library revealed" (Courser of Kruphix) is public;
    # "You may look at the top card of your library any time" (Radha) is its owner's only
    s = Scenario("Courser", turn=MAIN, Alice={"battlefield": ["Courser of Kruphix"], "library": ["Forest", "Island"]},
                 Bob={"library": ["Swamp"]})
    assert _seen_top(s.game, 0, 0) == "Forest" and _seen_top(s.game, 1, 0) == "Forest"
    assert _seen_top(s.game, 0, 1) is None
    assert "Forest" not in s.game.view(1).unseen[0] and "Island" in s.game.view(1).unseen[0]
    s = Scenario("Radha", turn=MAIN, Alice={"battlefield": ["Radha, Heart of Keld"], "library": ["Forest", "Island"]},
                 Bob={})
    assert _seen_top(s.game, 0, 0) == "Forest" and _seen_top(s.game, 1, 0) is None
    assert _plays(s) == [("Forest", "library")]
    s = Scenario("nothing", turn=MAIN, Alice={"library": ["Forest"]}, Bob={})
    assert _seen_top(s.game, 0, 0) is None


def _after_explore() -> Scenario:
    s = Scenario("Explore", turn=MAIN, Alice={"battlefield": ["Forest", "Forest"], "hand": ["Explore", "Mountain"],
                                             "library": ["Wastes"]}, Bob={})
    s.cast("Explore", by="Alice").pass_("stack")
    return s


def test_the_land_plays_of_an_effect_save_load_and_clone() -> None:
    s = _after_explore()
    g = s.game.state
    assert g.land_plays == ((2, 0, 1),)
    loaded = Game.load(s.game.save())
    assert loaded.state.land_plays == g.land_plays and loaded.save() == s.game.save()
    copy = g.clone()
    copy.land_plays = ()
    assert g.land_plays == ((2, 0, 1),)


def test_a_game_without_land_play_effects_saves_as_before() -> None:
    data = state_to_json(Scenario("plain", turn=MAIN, Alice={}, Bob={}).game.state)
    assert "land_plays" not in data
    assert state_from_json(data).land_plays == ()


@pytest.mark.parametrize("value", [{"__tuple__": [{"__tuple__": [2, 5, 1]}]},     # no such player
                                   {"__tuple__": [{"__tuple__": [2, 0, 0]}]},     # no additional land
                                   [[2, 0, 1]]])                                  # not a tuple
def test_damaged_land_plays_are_refused(value: Any) -> None:
    data = state_to_json(_after_explore().game.state)
    data["land_plays"] = value
    with pytest.raises(GameStateError):
        state_from_json(data)
