"""Counting for a number of an effect (CR 107.3a, 608.2h): "the number of creatures you control",
"for each card in your hand", domain, devotion — what ``cards.compiler.amounts`` compiles into a
``Quantity``, counted from the point of view of the effect's controller, for a resolving spell or
ability (``resolve.amount``) and a replacement effect alike ("enters with a +1/+1 counter on it
for each ...", ``replacement``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..cards.vocabulary import Quantity
from ..core.enums import Zone
from .layers import characteristics, matches
from .link_records import KICKERS, record

if TYPE_CHECKING:
    from ..state.game_state import GameState


def count(g: GameState, q: Quantity, controller: int, source: int) -> int | None:
    """The counted part of ``q`` (times its scale), or None if it counts nothing of this kind
    (a fixed number, X, a stat of an object, a linked number: read by the caller)."""
    stat = q.stat
    if stat == "domain":
        return q.scale * domain(g, controller)
    if stat == "colors_spent":
        # converge, sunburst (CR 702.44a): the colors of the mana spent to cast the spell, which
        # the permanent it became remembers (CR 601.2h); a copy wasn't cast: none (CR 707.10)
        o = g.objects.get(source)
        return q.scale * len({k for k in (o.choices.get("mana_spent", ()) if o is not None else ()) if k in "WUBRG"})
    if stat == "times_kicked":
        # multikicker (CR 702.33c): each kicker cost paid for the spell, recorded on it and on the
        # permanent it becomes (CR 607.2i)
        return q.scale * len(record(g, source, KICKERS))
    if stat == "party":
        return q.scale * party_size(g, controller)
    if stat in _PLAYER_STATS:
        return q.scale * _PLAYER_STATS[stat](g, controller)
    if stat.startswith("devotion:"):
        return q.scale * devotion(g, controller, stat[len("devotion:"):])
    if stat == "greatest_power":
        # "the greatest power among creatures you control" (0 if there are none)
        return q.scale * max((max(0, characteristics(g, oid).power or 0) for oid in g.battlefield
                              if q.per is not None and matches(g, oid, q.per, controller, source)), default=0)
    if stat.startswith("cards_in:"):
        # "for each creature card in your graveyard", "... in all graveyards"
        where = stat[len("cards_in:"):]
        cards = [oid for p in range(len(g.players)) for oid in g.zones[(p, Zone.GRAVEYARD)]] \
            if where == "all_graveyards" else g.zones[(controller, Zone(where))]
        return q.scale * (len(cards) if q.per is None else
                          sum(1 for oid in cards if matches(g, oid, q.per, controller)))
    if q.per is not None and not stat:
        # permanents (CR 109.2); "other creatures you control": not the source itself
        return q.scale * sum(1 for oid in g.battlefield if matches(g, oid, q.per, controller, source))
    return None


#: Numbers of the effect's controller: their life total (CR 119.1), the life they gained this turn
#: (CR 119.3).
_PLAYER_STATS: dict[str, Callable[[Any, int], int]] = {
    "your_life": lambda g, p: max(0, g.players[p].life),
    "life_gained": lambda g, p: g.players[p].life_gained_this_turn,
    # the creatures declared as attackers this turn (CR 508.1): the player's, or every player's
    "attacked_with": lambda g, p: g.players[p].attacked_with_this_turn,
    "attacked_this_turn": lambda g, p: sum(q.attacked_with_this_turn for q in g.players),
    # the opponents still in the game (CR 102.1, 800.4a): undaunted (CR 702.125a)
    "opponents": lambda g, p: sum(1 for q in g.players if q.index != p and not q.lost),
}


def devotion(g: GameState, player: int, color: str) -> int:
    """CR 700.5: the mana symbols of ``color`` among the mana costs of the permanents ``player``
    controls (a hybrid symbol counts for each of its colors, CR 700.5's "or both colors"; the
    costs as copy and control effects leave them, 700.5a: the layers' values)."""
    total = 0
    for oid in g.battlefield:
        ch = characteristics(g, oid)
        if ch.controller == player and ch.mana_cost is not None:
            total += sum(1 for sym in ch.mana_cost.symbols if color in sym.colors)
    return total


#: The basic land types (CR 205.3i).
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def domain(g: GameState, player: int) -> int:
    """The number of basic land types among lands ``player`` controls (domain, CR 207.2c; the
    types, CR 205.3i)."""
    seen: set[str] = set()
    for oid in g.battlefield:
        ch = characteristics(g, oid)
        if ch.controller == player and "Land" in ch.types:
            seen.update(t for t in BASIC_LAND_TYPES if t in ch.subtypes)
    return len(seen)


#: The creature types a party is made of, one creature each (CR 700.8).
PARTY_TYPES = ("Cleric", "Rogue", "Warrior", "Wizard")


def party_size(g: GameState, player: int) -> int:
    """CR 700.8: the number of creatures in ``player``'s party: the most of the creatures they
    control that can be assigned one each to Cleric, Rogue, Warrior and Wizard, a creature of
    several of those types filling only one (0 to 4; found by trying each assignment, 700.8a)."""
    kinds = []
    for oid in g.battlefield:
        ch = characteristics(g, oid)
        if ch.controller == player and "Creature" in ch.types:
            have = frozenset(t for t in PARTY_TYPES if t in ch.subtypes)
            if have:
                kinds.append(have)
    best = 0

    def assign(i: int, used: frozenset[str], size: int) -> None:
        nonlocal best
        best = max(best, size)
        if i == len(kinds) or best == len(PARTY_TYPES):
            return
        for t in kinds[i] - used:
            assign(i + 1, used | {t}, size + 1)
        assign(i + 1, used, size)                   # this creature left out of the party
    assign(0, frozenset(), 0)
    return best
