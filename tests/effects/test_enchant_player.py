"""An Aura attached to a player (CR 303.4b, 702.5d) is kept exactly by clones and by save and
load: ``attached_to`` holds the player as a negative reference, as targets do."""
from __future__ import annotations

from mtgengine.agents.decisions import player_ref
from mtgengine.effects.attachment import can_enchant, enchanted_player
from mtgengine.effects.layers import characteristics
from mtgengine.engine import Game
from mtgengine.scenario.builder import Scenario


def _curse(game: Game) -> int:
    g = game.state
    return next(oid for oid in g.battlefield if g.objects[oid].card.name == "Curse of the Bloody Tome")


def test_a_curse_on_a_player_survives_clone_save_and_load() -> None:
    s = Scenario("curse", Alice={"battlefield": ["Island"] * 3, "hand": ["Curse of the Bloody Tome"]}, Bob={})
    s.cast("Curse of the Bloody Tome", by="Alice", targets=["Bob"]).pass_("stack")
    live = s.game
    curse = _curse(live)
    assert live.state.objects[curse].attached_to == player_ref(1)
    assert enchanted_player(live.state, curse) == 1
    clone = live.clone()
    loaded = Game.load(live.save())
    for game in (clone, loaded):
        assert game.state.objects[_curse(game)].attached_to == player_ref(1)
    assert loaded.save() == live.save()


def test_enchant_player_allows_players_only() -> None:
    s = Scenario("curse", Alice={"battlefield": [{"card": "Curse of the Bloody Tome", "attached_to": "Bob"},
                                                 "Grizzly Bears"]}, Bob={})
    g = s.game.state
    curse = _curse(s.game)
    bears = next(oid for oid in g.battlefield if g.objects[oid].card.name == "Grizzly Bears")
    ch = characteristics(g, curse)
    assert can_enchant(g, curse, ch, player_ref(0)) and can_enchant(g, curse, ch, player_ref(1))
    assert not can_enchant(g, curse, ch, bears)                  # CR 702.5d: never a permanent
