"""Conditions of triggered abilities (CR 603.4 intervening "if", 603.8 state triggers), also
read by static abilities, activation instructions (CR 602.5) and replacement effects: whether a
``Condition`` is true now, from its controller's point of view."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..cards.vocabulary import Condition, Filter
from ..core.enums import COMBAT_STEPS, MAIN_PHASES, Step, Zone
from .cast_keywords import CAST_KEYWORD_CONDITIONS
from .layers import characteristics, matches
from .link_records import condition as linked_condition
from .keyword_conditions import KEYWORD_CONDITIONS, keyword_condition
from .meld_pairs import meld_pair_ready
from .static_conditions import graveyard_card_types
from .speed import speed_of


def condition_holds(g: Any, cond: Condition, controller: int, source_id: int | None, kicked: bool = False,
                    subject: int = 0) -> bool:
    """Whether a Condition is true for the ability's controller (CR 603.4, 603.8); ``subject``:
    the object the triggered ability refers to (the creature that entered, for evolve)."""
    if cond.either is not None:                                     # "... or [another condition]"
        return condition_holds(g, replace(cond, either=None), controller, source_id, kicked, subject) \
            or condition_holds(g, cond.either, controller, source_id, kicked, subject)
    if cond.also is not None and not condition_holds(g, cond.also, controller, source_id, kicked, subject):
        return False                                                # "... and [another condition]"
    if cond.link or (cond.kind == "kicked" and cond.value) or cond.kind == "level":
        return bool(linked_condition(g, cond, controller, source_id, kicked))   # CR 607.2: chosen words, linked cards
    if cond.kind == "kicked":
        return kicked
    if cond.kind == "evoked":                                       # CR 702.74a
        src = g.objects.get(source_id) if source_id else None
        return bool(src is not None and src.choices.get("evoked"))
    if cond.kind in CAST_KEYWORD_CONDITIONS:                        # dash, blitz, spectacle, surge (CR 702)
        return CAST_KEYWORD_CONDITIONS[cond.kind](g, cond, controller, source_id)
    if cond.kind == "had_no_counters":
        # the permanent as it last existed on the battlefield (CR 603.10a): persist, undying
        gone = g.lki.get(source_id) if source_id else None
        return gone is not None and not any(kind == cond.value and count for kind, count in gone.counters)
    if cond.kind == "echo_due":
        # CR 702.30a: "if this permanent came under your control since the beginning of your last
        # upkeep": a new object (CR 400.7) or a new controller hasn't had its echo checked
        src = g.objects.get(source_id) if source_id else None
        return src is not None and src.zone is Zone.BATTLEFIELD and src.choices.get("echo") != controller
    if cond.kind in ("source_untapped", "source_tapped"):
        # "if ~ is untapped" (Howling Mine), "if ~ is tapped" (the storage lands): checked as it
        # triggers and as it resolves (CR 603.4); only permanents have a status (CR 110.5d): one
        # that has left is neither
        src = g.objects.get(source_id) if source_id else None
        return src is not None and src.zone is Zone.BATTLEFIELD and src.tapped == (cond.kind == "source_tapped")
    if cond.kind in KEYWORD_CONDITIONS:
        # renown, evolve, bloodthirst, dethrone, training (``keyword_conditions``)
        return keyword_condition(g, cond, controller, source_id, subject)
    if cond.kind == "subject_is":
        # "Whenever a permanent you control is turned face up, if it's a creature, ...": the
        # object the ability refers to, still on the battlefield, matches (CR 603.4)
        o = g.objects.get(subject) if subject else None
        return o is not None and o.zone is Zone.BATTLEFIELD and matches(g, subject, cond.filter or Filter(), controller)
    if cond.kind == "meld":
        # "if you both own and control ~ and a creature named [its meld partner]" (CR 701.42a)
        return meld_pair_ready(g, controller, source_id)
    if cond.kind in ("control", "battlefield"):
        flt = cond.filter or Filter()
        if cond.kind == "control":
            flt = replace(flt, controller="you")
        value = sum(1 for oid in g.battlefield if matches(g, oid, flt, controller, source_id))
    elif cond.kind == "solved":
        # "if this Case is not solved" (CR 719.3a): a designation of the permanent (719.3b)
        src = g.objects.get(source_id) if source_id else None
        value = 1 if src is not None and src.zone is Zone.BATTLEFIELD and src.choices.get("solved") else 0
    elif cond.kind == "source_counters":
        # "as long as this creature has N1-N2 level counters on it" (a level symbol, CR 711.2a)
        src = g.objects.get(source_id) if source_id else None
        value = src.counters.get(cond.value, 0) if src is not None else 0
    elif cond.kind == "life":
        value = g.players[controller].life
    elif cond.kind in ("hand", "graveyard", "library"):
        cards = g.zones[(controller, Zone(cond.kind))]
        # "if there is a Desert card in your graveyard": only the cards that match
        value = len(cards) if cond.filter is None else sum(1 for oid in cards
                                                           if matches(g, oid, cond.filter, controller, source_id))
    elif cond.kind == "distinct":
        # coven: "three or more creatures with different powers"; "Demons with different names"
        flt = replace(cond.filter or Filter(), controller="you")
        found = {characteristics(g, oid).power if cond.value == "power" else characteristics(g, oid).name
                 for oid in g.battlefield if matches(g, oid, flt, controller, source_id)}
        value = len(found)
    elif cond.kind == "graveyard_card_types":
        value = graveyard_card_types(g, controller)                 # delirium (CR 207.2c)
    elif cond.kind == "total_power":
        # formidable: "creatures you control have total power 8 or greater" (CR 207.2c); a negative
        # power is added as it is (CR 107.1b)
        value = sum(ch.power or 0 for oid in g.battlefield
                    for ch in (characteristics(g, oid),) if ch.controller == controller and "Creature" in ch.types)
    elif cond.kind == "attacked_with":
        value = g.players[controller].attacked_with_this_turn        # CR 508.1
    elif cond.kind == "lands_played":
        value = g.players[controller].lands_played                  # lands played this turn (CR 305.2)
    elif cond.kind == "spells_cast":
        value = g.players[controller].spells_cast_this_turn         # spells cast this turn (CR 601.2i)
    elif cond.kind == "opponent_controls":
        # "if an opponent controls four or more lands": the most any one opponent controls
        flt = cond.filter or Filter()
        value = max((sum(1 for oid in g.battlefield if characteristics(g, oid).controller == p.index
                         and matches(g, oid, flt, controller, source_id))
                     for p in g.players if p.index != controller and not p.lost), default=0)
    elif cond.kind == "opponent_more":
        # "if an opponent controls more lands than you" (CR 603.4)
        flt = cond.filter or Filter()
        counts = [sum(1 for oid in g.battlefield if matches(g, oid, flt, p.index, source_id)
                      and characteristics(g, oid).controller == p.index) for p in g.players]
        return any(counts[p.index] > counts[controller] for p in g.players if p.index != controller and not p.lost)
    elif cond.kind == "landfall":
        return g.players[controller].lands_entered_this_turn > 0     # "if you had a land enter ... this turn"
    elif cond.kind == "morbid":
        return any(p.died_this_turn for p in g.players)              # "if a creature died this turn" (CR 700.4)
    elif cond.kind == "revolt":
        return g.players[controller].left_battlefield_this_turn > 0   # "if a permanent you controlled left ..."
    elif cond.kind == "opponents":
        value = sum(1 for p in g.players if p.index != controller and not p.lost)     # CR 102.1, 800.4a
    elif cond.kind == "lowest_life":
        # "a player has 13 or less life"; "an opponent has 10 or less life" (Bloodghast)
        value = min((p.life for p in g.players if not p.lost and (cond.value != "opponent" or p.index != controller)),
                    default=0 if cond.value != "opponent" else 10 ** 9)
    elif cond.kind == "turn":
        # "Activate only during your turn" / "during an opponent's turn" (CR 602.5)
        return (g.active == controller) == (cond.value == "you")
    elif cond.kind == "step":
        return _during(g, cond.value, controller)
    elif cond.kind == "monarch":
        # CR 724.1: you, an opponent, or no player is the monarch
        holder = g.monarch
        return holder is None if cond.value == "none" else holder == controller if cond.value == "you" \
            else holder is not None and holder != controller
    elif cond.kind == "speed":
        value = speed_of(g, controller)                               # CR 702.179f: none is 0
    elif cond.kind == "blessing":
        return controller in g.blessed                                # CR 702.131c
    elif cond.kind == "initiative":
        return g.initiative == controller                             # CR 725.1
    elif cond.kind == "completed_dungeon":
        return any(d[0] == controller for d in g.completed_dungeons)  # CR 309.7
    elif cond.kind == "day_night":
        # CR 730.1: "if it's neither day nor night" (``GameState.day_night``)
        return (g.day_night or "neither") == cond.value
    elif cond.kind == "spells_last_turn":
        # "if no spells were cast last turn" / "if a player cast two or more spells last turn"
        # (CR 603.4; ``effects.day_night.record_last_turn``): false on the first turn
        last = g.last_turn_spells
        if last is None:
            return False
        return sum(last[1]) == 0 if cond.value == "none" else any(c >= 2 for c in last[1])
    elif cond.kind == "main_phase":
            return g.active == controller and g.step in MAIN_PHASES      # CR 505.1
    else:
        raise ValueError(f"unknown condition kind {cond.kind!r}")
    if cond.at_least is not None and value < cond.at_least:
        return False
    return cond.at_most is None or value <= cond.at_most


#: The steps "Activate only during ..." names (CR 602.5; the steps of a turn, CR 500.1).
_STEP_NAMES = {"upkeep": (Step.UPKEEP,), "combat": COMBAT_STEPS, "declare_blockers": (Step.DECLARE_BLOCKERS,),
               "declare_attackers": (Step.DECLARE_ATTACKERS,), "end": (Step.END,)}
_BEFORE_ATTACKERS = (Step.UPKEEP, Step.DRAW, Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT)


def _during(g: Any, step: str, controller: int) -> bool:
    """Whether it is now the step an activation instruction names. "before_attackers": "during
    your turn, before attackers are declared" — your turn, before its (first) declare attackers
    step (CR 508.1)."""
    if step == "before_attackers":
        return g.active == controller and g.step in _BEFORE_ATTACKERS \
            and not g.players[controller].attacked_with_this_turn
    return g.step in _STEP_NAMES[step]
