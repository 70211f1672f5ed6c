"""The commander designation (CR 903.3): an attribute of the card, kept in every zone, which the
zone changes (903.9b), the damage (903.10a) and the casting rules (903.8) read. Below the
primitives and the replacement effects; the Commander variant's steps before the game are
``rules.pregame``."""
from __future__ import annotations

from ..state.game_state import GameState


def is_commander(g: GameState, oid: int) -> bool:
    """Whether the object is a card designated as its owner's commander (CR 903.3: an attribute of
    the card, kept in every zone); a copy of it or a token isn't."""
    o = g.objects.get(oid)
    return (o is not None and not o.token and not o.is_copy and o.card is not None
            and o.card_id in g.players[o.owner].commanders)


def combat_damage_by_commander(g: GameState, source: int, player: int, amount: int) -> None:
    """Counts combat damage a commander deals to a player (CR 903.10a)."""
    o = g.objects.get(source)
    if o is None or not is_commander(g, source):
        return
    pl = g.player(player)
    pl.commander_damage[o.card_id] = pl.commander_damage.get(o.card_id, 0) + amount
