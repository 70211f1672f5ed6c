"""Conditions of the triggered and replacement abilities keywords stand for (CR 702), read by
``triggers.condition_holds``: renown's "if it isn't renowned" (702.112a), evolve's comparison
(702.100a), bloodthirst's "if an opponent was dealt damage this turn" (702.54a), dethrone's "attacks
the player with the most life" (702.105a), training's "with power greater than" (702.149a)."""
from __future__ import annotations

from typing import Any

from ..agents.decisions import player_of
from ..cards.vocabulary import Condition
from ..core.enums import Zone
from .layers import characteristics

_BATTLEFIELD = Zone.BATTLEFIELD

#: The condition kinds this module decides.
KEYWORD_CONDITIONS = frozenset({"attached_to_creature", "designated", "evolve", "opponent_dealt_damage", "attacking_most_life",
                                "attacks_with_greater_power"})


def keyword_condition(g: Any, cond: Condition, controller: int, source_id: int | None, subject: int) -> bool:
    """Whether ``cond`` (of a kind in ``KEYWORD_CONDITIONS``) holds for its ability's controller."""
    src = g.objects.get(source_id) if source_id else None
    here = src is not None and src.zone is _BATTLEFIELD
    if cond.kind == "designated":
        # "if it isn't renowned" (CR 702.112a-b): a designation the permanent loses as it leaves
        value = 1 if here and src.choices.get(cond.value) else 0
        return (cond.at_least is None or value >= cond.at_least) and (cond.at_most is None or value <= cond.at_most)
    if cond.kind == "opponent_dealt_damage":
        # CR 702.54a: the damage dealt to players this turn (``primitives.deal_damage``)
        return any(e[0] == g.turn and player_of(e[2]) not in (None, controller) for e in g.damage_events)
    if not here:
        return False
    if cond.kind == "attached_to_creature":
        # reconfigure's "Activate only if this permanent is attached to a creature" (CR 702.151a)
        host = src.attached_to
        return host in g.objects and g.objects[host].zone is _BATTLEFIELD \
            and "Creature" in characteristics(g, host).types
    if cond.kind == "evolve":
        return _evolves(g, source_id, subject)
    if src.attacking is None:
        return False
    if cond.kind == "attacking_most_life":
        # CR 702.105a: a player it attacks (not a planeswalker or battle) with the most life or tied
        defender = player_of(src.attacking)
        return defender is not None and all(g.players[defender].life >= p.life for p in g.players if not p.lost)
    # CR 702.149a: "this creature and at least one other creature with power greater than this
    # creature's power attack"
    power = characteristics(g, source_id).power or 0
    return any(oid != source_id and g.objects[oid].attacking is not None
               and (characteristics(g, oid).power or 0) > power for oid in g.battlefield)


def _evolves(g: Any, source_id: Any, subject: int) -> bool:
    """Evolve's "if that creature's power is greater than this creature's power and/or that
    creature's toughness is greater than this creature's toughness" (CR 702.100a): the one that
    entered as it is, or as it last existed (CR 608.2h); a noncreature has neither (702.100c)."""
    mine = characteristics(g, source_id)
    theirs = characteristics(g, subject) if subject in g.objects and g.objects[subject].zone is _BATTLEFIELD \
        else g.lki.get(subject)
    if theirs is None or "Creature" not in mine.types or "Creature" not in theirs.types:
        return False
    return (theirs.power or 0) > (mine.power or 0) or (theirs.toughness or 0) > (mine.toughness or 0)
