"""The Python API a programmer meets first (issue 22): typed options, names, players, the winner,
the public names of the package."""
from __future__ import annotations

import doctest

import pytest

import mtgengine
from mtgengine import options as options_module
from mtgengine.core.errors import IllegalActionError
from mtgengine.engine import Game
from mtgengine.options import Option
from mtgengine.scenario.builder import Scenario


def test_every_public_name_resolves() -> None:
    for name in mtgengine.__all__:
        assert getattr(mtgengine, name) is not None
    with pytest.raises(AttributeError):
        mtgengine.NoSuchThing          # type: ignore[attr-defined]  # noqa: B018


def test_the_options_module_doctest() -> None:
    assert doctest.testmod(options_module).failed == 0


def test_a_priority_option_names_its_action_and_card() -> None:
    s = Scenario("bolt", Alice={"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]}, Bob={"life": 3})
    game = s.game
    cast = [o for o in game.options() if o.action == "cast"]
    assert len(cast) == 1 and cast[0].label == "cast Lightning Bolt" and cast[0].kind == "action"
    assert game.name(cast[0].object) == "Lightning Bolt"
    game.choose("cast Lightning Bolt")
    targets = game.options()                          # CR 601.2c: the targets are asked
    assert {o.label for o in targets} >= {"Alice", "Bob"}
    bob = next(o for o in targets if o.label == "Bob")
    assert bob.kind == "player" and bob.player == game.player("Bob") == 1
    game.choose(bob)
    while not game.over:
        game.choose("pass")
    assert game.winner == "Alice" and game.state.players[1].life == 0


def test_a_label_that_names_no_option_or_two_is_refused_with_the_options() -> None:
    s = Scenario("lands", Alice={"hand": ["Mountain", "Mountain"]}, Bob={})
    game = s.game
    with pytest.raises(IllegalActionError, match="two options.*play Mountain"):
        game.choose("play Mountain")
    with pytest.raises(IllegalActionError, match="no option.*pass"):
        game.choose("attack with everything")
    play = next(o for o in game.options() if o.action == "play")
    game.choose(play)                                 # an Option is always one answer
    assert sum(1 for o in game.state.battlefield if game.name(o) == "Mountain") == 1


def test_an_unknown_player_is_named_in_the_error() -> None:
    game = Game.new_game([["Forest"] * 40, ["Forest"] * 40], seed=3)
    with pytest.raises(ValueError, match="Carol.*Alice, Bob"):
        game.player("Carol")
    assert game.winner is None and str(game.options()[0]) == "keep" and isinstance(game.options()[0], Option)
