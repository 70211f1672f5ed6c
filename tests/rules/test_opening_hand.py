"""Actions from the opening hand (CR 103.6): a Leyline begins the game on the battlefield (CR
103.6a) if its owner chooses, once the mulligans are done, through ``Game.new_game``."""
from __future__ import annotations

from mtgengine.core.enums import Zone
from mtgengine.effects.layers import characteristics
from mtgengine.engine import Game


def _names(game: Game, player: int, zone: Zone) -> list[str]:
    g = game.state
    ids = [o for o in g.battlefield if g.objects[o].controller == player] if zone is Zone.BATTLEFIELD \
        else g.zones[(player, zone)]
    return [characteristics(g, oid).name for oid in ids]


def _keep_both(game: Game) -> None:
    for _ in range(2):
        assert game.pending is not None and game.pending.kind == "mulligan"
        game.submit(True)


def test_a_leyline_in_the_opening_hand_may_begin_the_game_on_the_battlefield() -> None:
    game = Game.new_game([["Leyline of Sanctity"] * 40, ["Wastes"] * 40], seed=5)
    _keep_both(game)
    asked = 0
    while game.pending is not None and game.pending.kind == "yesno":
        assert game.pending.player == 0 and "103.6a" in game.pending.prompt
        game.submit(asked == 0)             # only the first one
        asked += 1
    assert asked == 7                        # each Leyline in the hand, after the mulligans
    assert _names(game, 0, Zone.BATTLEFIELD) == ["Leyline of Sanctity"]
    assert _names(game, 0, Zone.HAND).count("Leyline of Sanctity") in (6, 7)     # (7: Alice drew one)
    assert _names(game, 1, Zone.BATTLEFIELD) == []
    assert "103.6a" in "\n".join(game.state.log)


def test_declined_the_leyline_stays_in_hand_and_other_cards_are_not_offered() -> None:
    game = Game.new_game([["Leyline of Sanctity"] * 2 + ["Wastes"] * 38, ["Wastes"] * 40], seed=5)
    _keep_both(game)
    while game.pending is not None and game.pending.kind == "yesno":
        game.submit(False)
    assert _names(game, 0, Zone.BATTLEFIELD) == []
