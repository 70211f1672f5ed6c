"""Alternative and additional costs of spells (CR 118.8, 118.9): those that apply to a spell (its
own, and those permanents impose or offer), the one the caster announces (CR 601.2b), and the
objects they sacrifice, exile, discard or return, chosen and paid as the total cost is paid
(CR 601.2h).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..cards.database import normalize_name
from ..cards.vocabulary import AdditionalCost, AlternativeCost, Filter
from ..cards.vocabulary.casting import NAMED_OPTIONAL_COSTS
from ..core.enums import Zone
from ..core.errors import IllegalActionError
from ..effects.layers import Characteristics, characteristics, controller_of, matches, permanents_with
from ..state.game_state import GameState
from ..effects.triggers import condition_holds
from .commander import is_commander
from .mana_sources import priority_facts


# the cost verbs a scenario names (``pay: {return: [...]}``) and the AdditionalCost fields they fill
COST_VERBS = {"sacrifice": "sacrifice", "exile": "exile", "discard": "discard", "return": "bounce", "tap": "tap"}


def missing_cost_objects(g: GameState, player: int, oid: int, ch: Characteristics,
                          alternative: AlternativeCost | None = None) -> str:
    """CR 118.3: the objects a mandatory additional cost or the chosen alternative cost needs
    and that the player lacks ("" if none)."""
    costs = list(alternative.objects) if alternative is not None else []
    for a in additional_cost_list(g, player, oid, ch) + costs:
        if a.either and not a.optional and not any(_has_objects(g, player, oid, opt) for opt in a.either):
            return f"any of: {a.text or 'an additional cost'}"      # "sacrifice a creature or discard a card"
        for verb, attr in COST_VERBS.items():
            if not a.optional and getattr(a, attr) is not None \
                    and len(cost_candidates(g, player, verb, a, oid)) < a.count:
                return f"{verb} {a.count}: {a.text or 'an additional cost'}"
    return ""


def _has_objects(g: GameState, player: int, oid: int, a: AdditionalCost) -> bool:
    """Whether the player has the objects one option of an "either" cost takes (CR 118.3)."""
    return all(len(cost_candidates(g, player, verb, a, oid)) >= a.count
               for verb, attr in COST_VERBS.items() if getattr(a, attr) is not None)


def whose_matches(whose: str, caster: int, controller: int) -> bool:
    return whose == "any" or (whose == "you") == (caster == controller)


def applies_to_spell(g: GameState, spell: int, flt: Filter | None, whose: str, caster: int, controller: int,
                     ch: Characteristics | None = None, source: int | None = None) -> bool:
    """Whether an effect of a permanent (``source``) controlled by ``controller`` applies to
    ``spell``, whose characteristics as it is cast are ``ch`` (an adventurer card cast as its
    Adventure is a sorcery, CR 715.3: "noncreature spells cost {1} more" applies); "of the chosen
    type" is the choice recorded for that permanent (CR 607.2d)."""
    return whose_matches(whose, caster, controller) and (flt is None or matches(g, spell, flt, controller, source, ch=ch))


def additional_cost_list(g: GameState, player: int, spell: int, ch: Characteristics) -> list[AdditionalCost]:
    return [a for a, _ in additional_costs(g, player, spell, ch)]


def life_x(g: GameState, player: int, spell: int, ch: Characteristics) -> bool:
    """Whether an additional cost of the spell is "pay X life" (X is then chosen, CR 107.3)."""
    if not ch.script.additional_costs and (priority_facts(g)[2] or not permanents_with(g, "additional_costs")):
        return False                                # (most spells: no additional cost at all)
    return any(a.life_x for a, _ in additional_costs(g, player, spell, ch))


def additional_costs(g: GameState, player: int, spell: int, ch: Characteristics) -> list[tuple[AdditionalCost, str]]:
    """The additional costs of the spell (CR 118.8): its own, then those permanents impose or
    offer, with the name of where each comes from."""
    out = [(a, ch.name) for a in ch.script.additional_costs if a.itself
           and (not a.only_from or a.only_from == cast_from(g, spell))]       # retrace, jump-start
    for sid, sch in permanents_with(g, "additional_costs"):
        for a in sch.script.additional_costs:
            if not a.itself and applies_to_spell(g, spell, a.spells, a.whose, player, sch.controller, ch, sid):
                out.append((a, sch.name))
    return out


def cast_from(g: GameState, spell: int) -> str:
    """The zone a spell is (being) cast from: the card's zone, or once it is on the stack the
    zone it came from (CR 601.2a)."""
    o = g.objects.get(spell)
    if o is None:
        return ""
    return str(o.choices.get("cast_from", "")) if o.zone is Zone.STACK else o.zone.value


def alternative_costs(g: GameState, player: int, spell: int, ch: Characteristics) -> list[tuple[AlternativeCost, str]]:
    """Alternative costs that may be paid for the spell (CR 118.9): its own, and those
    permanents grant, each with the names a player may choose it by."""
    out = [(a, a.name or ch.name) for a in ch.script.alternative_costs if a.itself
           and (not a.zone or (a.zone == "hand" and cast_from(g, spell) == "hand"))      # warp: from the hand
           and (a.if_control is None or any(matches(g, o, a.if_control, player) for o in g.battlefield))
           and not (a.not_your_turn and g.active == player)
           and (not a.if_commander or any(is_commander(g, o) and controller_of(g, o) == player
                                          for o in g.battlefield))          # CR 903.3
           and (a.condition is None or condition_holds(g, a.condition, player, spell))]      # spectacle, surge
    for sid, sch in permanents_with(g, "alternative_costs"):
        for a in sch.script.alternative_costs:
            if not a.itself and applies_to_spell(g, spell, a.spells, a.whose, player, sch.controller, ch, sid):
                out.append((a, sch.name))
    return out


def choose_alternative(g: GameState, player: int, spell: int, ch: Characteristics,
                        wanted: str) -> tuple[AlternativeCost, str]:
    """CR 118.9a, 601.2b: the one alternative cost the caster announces, by name."""
    options = alternative_costs(g, player, spell, ch)
    key = normalize_name(wanted)
    for alt, label in options:
        if normalize_name(label) == key or (alt.name and normalize_name(alt.name) == key):
            return alt, label
    for alt, label in options:
        if len(key) > 3 and key in normalize_name(alt.text):     # by its words: "return an Island"
            return alt, label
    known = ", ".join(label for _, label in options) or "none"
    raise IllegalActionError(f"{ch.name}: no alternative cost {wanted!r} can be paid for it "
                             f"(alternative costs available: {known}; CR 118.9)")


def announced_additional(value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise IllegalActionError(f"additional: expected a mapping such as {{mana: 2}}, got {value!r}")
    for key in value:
        if key not in ("mana", "life", "sacrifice", "exile", "discard", "return", "tap") + NAMED_OPTIONAL_COSTS:
            raise IllegalActionError(f"additional: unknown cost {key!r} (mana, life, sacrifice, exile, discard, return, "
                                     f"tap, {', '.join(NAMED_OPTIONAL_COSTS)})")
    mana = value.get("mana")
    if mana is not None and not (isinstance(mana, str) or (isinstance(mana, int) and not isinstance(mana, bool)
                                                            and mana >= 0)):
        raise IllegalActionError(f"additional: mana is an amount or a mana string, got {mana!r}")
    return dict(value)


_COST_ZONES = {"sacrifice": Zone.BATTLEFIELD, "discard": Zone.HAND}


def cost_candidates(g: GameState, player: int, verb: str, add: AdditionalCost, spell: int) -> list[int]:
    flt = getattr(add, COST_VERBS[verb])
    if verb in ("sacrifice", "return"):
        return [oid for oid in g.battlefield if characteristics(g, oid).controller == player
                and matches(g, oid, flt, player)]
    if verb == "tap":
        # "tap two untapped creatures you control that each share a color with it" (conspire)
        return [oid for oid in g.battlefield if not g.objects[oid].tapped
                and characteristics(g, oid).controller == player and matches(g, oid, flt, player, spell)]
    zone = Zone.HAND if verb == "discard" else Zone(flt.zone or "graveyard")
    plain = replace(flt, zone="", controller=None)
    return [oid for oid in g.zones[(player, zone)] if oid != spell and matches(g, oid, plain, player)]
