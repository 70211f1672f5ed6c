"""What an Aura or Equipment can be attached to (CR 301.5, 303.4a, 701.3a): read when an effect
attaches it (``resolutions.permanents.attach``), when an Aura enters the battlefield other
than by resolving (``primitives``, CR 303.4f) and by the state-based actions (CR 704.5m).

What a permanent is attached to is an object id, or a player as a negative reference
(``agents.decisions.player_ref``, as targets are): an Aura with "Enchant player" enchants a
player (CR 303.4b, 702.5d).
"""
from __future__ import annotations

from typing import Any

from ..agents.decisions import player_of
from ..core.enums import Zone
from .characteristics import Characteristics
from .layers import characteristics, matches


def can_attach(g: Any, what: int, to: int) -> bool:
    """CR 301.5, 303.4a, 701.3a: an Equipment can equip a creature (not itself, and not while it is a
    creature, CR 301.5c, unless it has reconfigure, 702.151a); an Aura can enchant what its enchant ability allows."""
    ch = characteristics(g, what)
    if "Aura" in ch.subtypes:
        return can_enchant(g, what, ch, to)
    if player_of(to) is not None or to not in g.objects or g.objects[to].zone is not Zone.BATTLEFIELD or to == what:
        return False
    if "Equipment" in ch.subtypes:
        return ("Creature" not in ch.types or "reconfigure" in ch.keywords) and "Creature" in characteristics(g, to).types
    return False


def can_enchant(g: Any, aura: int, ch: Characteristics, host: int) -> bool:
    """CR 303.4a, 702.5a, 702.5d: whether an Aura (``ch``: its characteristics) can enchant
    ``host``: a permanent its enchant ability allows (not itself, CR 303.4d), or, for "Enchant
    player" / "Enchant opponent", a player still in the game (CR 303.4c) that it allows."""
    enchant = ch.script.enchant
    p = player_of(host)
    if p is not None:
        if enchant is None or not enchant.players or p >= len(g.players) or g.players[p].lost:
            return False
        return enchant.controller != "opponent" or p != ch.controller
    if host not in g.objects or g.objects[host].zone is not Zone.BATTLEFIELD or host == aura:
        return False
    if enchant is None:
        return True
    return enchant.objects and matches(g, host, enchant, ch.controller)


def enchanted_player(g: Any, oid: int) -> int | None:
    """The player the permanent ``oid`` is attached to ("enchanted player", CR 303.4b), if any."""
    o = g.objects.get(oid)
    return player_of(o.attached_to) if o is not None and o.attached_to is not None else None


def affects_player(g: Any, who: str, source: int, controller: int, player: int) -> bool:
    """Whether a static ability about players (``PlayerStatic.who``, CR 604.1) of the permanent
    ``source``, controlled by ``controller``, applies to ``player``: "you", "opponents", "each",
    or "enchanted" (the player it enchants: "Enchanted player can't gain life", CR 303.4b)."""
    if who == "each":
        return True
    if who == "enchanted":
        return enchanted_player(g, source) == player
    return (who == "you") == (controller == player)
