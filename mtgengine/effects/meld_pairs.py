"""Meld pairs (CR 701.42, 712.4): the two cards that meld together, and whether a player owns and
controls both on the battlefield (the intervening "if" of a meld ability, CR 603.4). Read by the
triggers' conditions and by the meld resolution (``resolutions.faces.meld``).
"""
from __future__ import annotations

from typing import Any

from ..cards.database import meld_parts, normalize_name
from ..core.enums import Zone
from ..state.game_state import GameState
from .layers import characteristics


def meld_pair(card: Any) -> tuple[Any, ...]:
    """The two cards of the meld pair ``card`` is a part of (CR 712.4), or () if it is none."""
    if card is None or not card.meld or card.meld.get("role") != "part":
        return ()
    return meld_parts(card.meld["result"])


def meld_partner(g: GameState, player: int, source: int, partner: str) -> int | None:
    """A creature named ``partner``, other than ``source``, that ``player`` owns and controls."""
    for oid in g.battlefield:
        if oid == source:
            continue
        o = g.objects[oid]
        ch = characteristics(g, oid)
        if normalize_name(ch.name) == normalize_name(partner) and "Creature" in ch.types \
                and o.owner == player and ch.controller == player:
            return oid
    return None


def meld_pair_ready(g: GameState, player: int, source: int | None) -> bool:
    """Gisela's intervening "if": you both own and control this permanent and a creature named
    as its meld partner (CR 603.4)."""
    if source is None or source not in g.objects or g.objects[source].zone is not Zone.BATTLEFIELD:
        return False
    o = g.objects[source]
    if o.owner != player or characteristics(g, source).controller != player:
        return False
    partners = [c.name for c in meld_pair(o.card) if c is not o.card and c.name != o.card.name]
    return any(meld_partner(g, player, source, name) is not None for name in partners)
