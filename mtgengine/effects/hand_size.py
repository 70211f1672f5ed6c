"""A player's maximum hand size (CR 402.2): normally seven, as the static abilities of permanents
modify it ("You have no maximum hand size", "Each opponent's maximum hand size is reduced by one").
Such effects modify a rule of the game, so they apply after every other continuous effect (CR
613.11); no maximum stays none whatever is added to or taken from it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .attachment import affects_player
from .layers import permanents_with
from .triggers import condition_holds

if TYPE_CHECKING:
    from ..state.game_state import GameState

#: CR 402.2: the maximum hand size, before any effect.
HAND_SIZE = 7


def max_hand_size(g: GameState, player: int) -> int | None:
    """``player``'s maximum hand size now (None: they have none), read at their cleanup step's
    discard (CR 514.1). A ``PlayerStatic`` applies to its ``who`` while its condition holds for its
    controller (as ``primitives.player_has`` reads them): "no_max_hand_size", or ``hand_size`` added."""
    size = HAND_SIZE
    for oid, ch in permanents_with(g, "player_statics"):
        for ab in ch.script.player_statics:
            if not ("no_max_hand_size" in ab.grants or ab.hand_size):
                continue
            if not affects_player(g, ab.who, oid, ch.controller, player):
                continue
            if ab.condition is not None and not condition_holds(g, ab.condition, ch.controller, oid):
                continue
            if "no_max_hand_size" in ab.grants:
                return None
            size += ab.hand_size
    return max(0, size)
