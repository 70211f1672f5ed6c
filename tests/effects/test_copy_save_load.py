"""A copy effect "except it has this ability" (CR 707.9a) plays the same in a loaded game:
found by the random-card fuzzer (a loaded Unstable Shapeshifter lost its ability when its
trigger was on the stack as the game was saved)."""
from __future__ import annotations

from mtgengine.effects.layers import characteristics
from mtgengine.engine import Game
from mtgengine.scenario.builder import Scenario


def _shapeshifter(game: Game) -> object:
    g = game.state
    return next(characteristics(g, oid) for oid in g.battlefield
                if g.objects[oid].card.name == "Unstable Shapeshifter")


def _pass_until(game: Game, done) -> None:
    for _ in range(20):
        if done(game):
            return
        game.submit({"action": "pass"})
    raise AssertionError("never reached")


def test_a_copy_keeping_its_ability_is_the_same_after_save_and_load() -> None:
    s = Scenario("shapeshifter", Alice={"battlefield": ["Unstable Shapeshifter"] + ["Forest"] * 4,
                                        "hand": ["Grizzly Bears", "Llanowar Elves"]}, Bob={})
    s.cast("Grizzly Bears", by="Alice").pass_("stack")
    live = s.game.clone()
    _pass_until(live, lambda game: not game.state.stack)        # its trigger resolves
    assert _shapeshifter(live).name == "Grizzly Bears"           # a copy that keeps the ability
    elves = next(o for o in live.pending.options if o.get("action") == "cast")
    live.submit(elves)
    # the Elves resolve; the copied ability triggers and waits on the stack as the game is saved
    _pass_until(live, lambda game: game.state.stack and game.state.objects[game.state.stack[-1]].card is None)
    loaded = Game.load(live.save())
    for game in (live, loaded):
        _pass_until(game, lambda game: not game.state.stack)
        ch = _shapeshifter(game)
        assert ch.name == "Llanowar Elves" and ch.script.triggered, ch.name
    assert loaded.save() == live.save()
