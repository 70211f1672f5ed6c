"""What must hold of every game state between two decisions, whatever the cards did.

The fuzzer (``mtgengine.fuzz``) checks these at random decision points of random games; a
state that breaks one is a bug of the rules code that made it, found where it happened
rather than turns later as a confusing crash.
"""
from __future__ import annotations

from ..core.enums import Zone
from .game_state import GameState

def violations(state: GameState) -> list[str]:
    """Every broken invariant of ``state``, as short sentences (empty: none).

    - each object is in exactly one zone list, the one its ``zone`` names, and a zone that
      belongs to a player (library, hand, graveyard, exile, command) holds only the objects
      that player owns (CR 400.3, 108.3);
    - counters, damage, poison and mana in pools are whole numbers, never negative (CR
      122.1, 120.1, 106.4); life totals are whole numbers (CR 119.1);
    - the game that is not over has a player in it to act.
    """
    out: list[str] = []
    where: dict[int, str] = {}
    for (owner, zone), ids in state.zones.items():
        for oid in ids:
            if oid in where:
                out.append(f"object {oid} is in two zones ({where[oid]} and {zone.value})")
                continue
            where[oid] = zone.value
            obj = state.objects.get(oid)
            if obj is None:
                out.append(f"object {oid} in {zone.value} doesn't exist")
            elif obj.zone is not zone or obj.owner != owner:
                out.append(f"object {oid} is listed in player {owner}'s {zone.value} but says "
                           f"{obj.zone.value} of player {obj.owner}")
    for zone, ids in ((Zone.BATTLEFIELD, state.battlefield), (Zone.STACK, state.stack)):
        for oid in ids:
            if oid in where:
                out.append(f"object {oid} is in two zones ({where[oid]} and {zone.value})")
                continue
            where[oid] = zone.value
            obj = state.objects.get(oid)
            if obj is None:
                out.append(f"object {oid} on the {zone.value} doesn't exist")
            elif obj.zone is not zone:
                out.append(f"object {oid} is on the {zone.value} but says {obj.zone.value}")
    for oid, obj in state.objects.items():
        if oid not in where:
            out.append(f"object {oid} ({_name(obj)}) is in no zone")
        if not _count(obj.damage):
            out.append(f"object {oid} ({_name(obj)}) has damage {obj.damage!r}")
        for kind, n in obj.counters.items():
            if not _count(n):
                out.append(f"object {oid} ({_name(obj)}) has {n!r} {kind} counters")
    for p in state.players:
        if type(p.life) is not int:
            out.append(f"{p.name}'s life is {p.life!r}")
        if not _count(p.poison):
            out.append(f"{p.name} has {p.poison!r} poison counters")
        for kind, n in p.counters.items():
            if not _count(n):
                out.append(f"{p.name} has {n!r} {kind} counters")
        for mana, n in p.pool.items():
            if not _count(n):
                out.append(f"{p.name}'s pool holds {n!r} {mana}")
    if not state.over and all(p.lost for p in state.players):
        out.append("every player has lost but the game is not over")
    return out


def _count(value: object) -> bool:
    return type(value) is int and value >= 0        # (bool is not a count)


def _name(obj: object) -> str:
    card = getattr(obj, "card", None)
    return card.name if card is not None else getattr(obj, "source_name", "") or "ability"
