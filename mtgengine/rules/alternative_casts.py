"""The keywords that change how or from where a spell is cast (CR 702), as the casting
procedure (``rules.casting``) and the legal-action list meet them: the optional costs announced
by name (buyback, CR 702.27a), remembered in the spell's ``choices``; the casts from the
graveyard (flashback, retrace, jump-start) and the abilities functioning there that the
legal-action list offers; the delayed triggered abilities a permanent spell cast for its dash or blitz cost
creates as it resolves (CR 702.109a, 702.152a), and the one rebound's exiled spell does (CR
702.88a). The replacement effects and conditions they
imply are ``effects.cast_keywords``; the compiler's side is ``cards.compiler.casting_keywords``.
"""
from __future__ import annotations

from dataclasses import replace
from collections.abc import Callable
from typing import Any

from ..cards.vocabulary import (
    AlternativeCost, CardScript, CastFromExile, ExileWarped, Ref, ReturnToHand, SacrificePermanent, Trigger, TriggeredAbility,
)
from ..core.enums import Zone
from ..core.mana import ManaCost
from ..core.memo import identity_memo
from ..cards.database import card_db
from ..agents.decisions import Decision
from ..core.errors import IllegalActionError
from ..effects.layers import Characteristics, characteristics, mana_value, printed
from ..effects.primitives import name_of, set_tapped
from ..effects.triggers import create_delayed
from ..state.game_state import GameState
from ..state.objects import GameObject
from .activation import can_activate_from_hand
from .castability import castable_as
from .mana_planning import can_pay
from .spell_choices import FACE_LAYOUTS, face_characteristics
from .spell_costs import cost_candidates
from .targeting import legal_targets
from .context import Ctx


def named_optional_costs(ch: Characteristics) -> tuple[str, ...]:
    """The spell's own optional additional costs announced by name (buyback)."""
    return tuple(a.name for a in ch.script.additional_costs if a.optional and a.name and a.itself)


def record_announced(g: GameState, spell_id: int, ch: Characteristics, additional: dict[str, Any]) -> None:
    """CR 601.2b: the spell remembers which of its keyword costs were announced (and then paid,
    CR 601.2h): "if the buyback cost was paid" (CR 702.27a)."""
    for name in named_optional_costs(ch):
        value = additional.get(name)
        if value not in (None, False, 0):
            g.obj(spell_id).choices[name] = value if value.__class__ is int else True    # replicate: times


def modes_to_choose(g: GameState, player: int, ch: Characteristics, additional: dict[str, Any] | None,
                    alternative_mana: str | None = None) -> Characteristics:
    """The characteristics the modes are chosen from (CR 601.2b): with its entwine cost announced,
    a modal spell's modes are all of them (CR 702.42a-b); with escalate, no more modes than the
    player's mana could pay the escalate cost for (CR 702.120a: each one beyond the first)."""
    spell = ch.script.spell
    if spell is None or not spell.modes:
        return ch
    if additional and additional.get("entwine") and "entwine" in named_optional_costs(ch):
        every = len(spell.modes)
        return replace(ch, script=replace(ch.script, spell=replace(spell, min_modes=every, max_modes=every)))
    escalate = next((a for a in ch.script.additional_costs if a.per_extra_mode and a.itself), None)
    if escalate is None or spell.max_modes <= 1:
        return ch
    base = alternative_mana if alternative_mana is not None else str(ch.mana_cost or "")
    most = spell.min_modes
    while most < spell.max_modes and can_pay(g, player, ManaCost.parse(base + escalate.mana * most)):
        most += 1
    return replace(ch, script=replace(ch.script, spell=replace(spell, max_modes=most)))


def announce_emerge(ctx: Ctx, player: int, spell_id: int, alternative: AlternativeCost,
                    action: dict[str, Any]) -> tuple[AlternativeCost, dict[str, Any]]:
    """CR 702.119a, 702.119c: casting for its emerge cost, the player chooses the creature to
    sacrifice as they choose to pay it (CR 601.2b); the cost is reduced by an amount of generic
    mana equal to that creature's mana value (taken off the emerge cost's generic mana). Returns
    the reduced cost and the action with the creature announced (sacrificed as the cost is paid,
    CR 601.2h). Only creatures whose reduced cost the player's mana could pay are offered."""
    g = ctx.g
    part = alternative.objects[0]
    candidates = cost_candidates(g, player, "sacrifice", part, spell_id)
    reduced = {c: _less_generic(alternative.mana, mana_value(g, c)) for c in candidates}
    paid = action.get("pay")
    given = (action.get("additional") or {}).get("sacrifice") \
        or (paid.get("sacrifice") if isinstance(paid, dict) else None)
    if given:
        chosen = given[0] if isinstance(given, list) else given
    else:
        options = [c for c in candidates if can_pay(g, player, ManaCost.parse(reduced[c]))] or candidates
        if not options:
            raise IllegalActionError(f"{ctx.g.players[player].name} has no creature to sacrifice for emerge "
                                     f"(CR 702.119a)")
        chosen = ctx.ask(Decision(player, "sacrifice", "choose a creature to sacrifice to pay the emerge cost",
                                  options, min=1, max=1))
        chosen = chosen[0] if isinstance(chosen, list) and len(chosen) == 1 else chosen
    if chosen not in reduced:
        raise IllegalActionError("emerge sacrifices a creature you control (CR 702.119a)")
    ctx.log("702.119a", f"emerge: the cost is reduced by {mana_value(g, chosen)} (the sacrificed creature's mana value)")
    additional = {**(action.get("additional") or {}), "sacrifice": [chosen]}
    return replace(alternative, mana=reduced[chosen]), {**action, "additional": additional}


def _less_generic(mana: str, amount: int) -> str:
    """A mana cost with ``amount`` less generic mana (CR 118.7a: only generic mana is taken off)."""
    cost = ManaCost.parse(mana)
    generic = sum(sym.generic for sym in cost.symbols if sym.kind == "generic")
    left = generic - min(generic, amount)
    rest = "".join(str(sym) for sym in cost.symbols if sym.kind != "generic")
    return ("{" + str(left) + "}" if left or not rest else "") + rest


#: CR 702.109a, 702.152a: the delayed triggered ability a permanent spell cast for this
#: alternative cost creates as it resolves, about the permanent it becomes.
_AT_NEXT_END_STEP = {
    "dash": (ReturnToHand(Ref("remembered", 0)), "702.109a",
             "return the permanent this spell became to its owner's hand at the beginning of the next end step"),
    "blitz": (SacrificePermanent(Ref("remembered", 0)), "702.152a",
              "sacrifice the permanent this spell became at the beginning of the next end step"),
    "warp": (ExileWarped(Ref("remembered", 0)), "702.185a",
             "exile the permanent this spell became at the beginning of the next end step"),
}


#: CR 702.88a: "at the beginning of your next upkeep, you may cast this card from exile without
#: paying its mana cost"
_REBOUND_CAST = TriggeredAbility(Trigger("upkeep", whose="you"), (CastFromExile(),),
                                 text="rebound (CR 702.88a): at the beginning of your next upkeep, you may cast this "
                                      "card from exile without paying its mana cost")


def spell_left_stack(ctx: Ctx, spell: GameObject, name: str, new_id: int | None) -> None:
    """CR 608.2n: an instant or sorcery spell resolved and was put where it went (``new_id``):
    exiled by rebound (``effects.cast_keywords.REBOUND``), it creates the delayed triggered
    ability that casts it again (CR 702.88a)."""
    if new_id is None or new_id not in ctx.g.objects or ctx.g.objects[new_id].zone is not Zone.EXILE:
        return
    if spell.choices.get("cast_from") == "hand" and "rebound" in characteristics(ctx.g, new_id).keywords:
        create_delayed(ctx, spell.controller, new_id, name, _REBOUND_CAST, (new_id,))


def permanent_spell_resolved(ctx: Ctx, spell: GameObject, name: str, new_id: int | None) -> None:
    """CR 608.3: a permanent spell became ``new_id``; if its dash or blitz cost was paid, the
    delayed triggered ability its keyword creates (CR 702.109a, 702.152a, 603.7)."""
    if new_id is None or not spell.choices:
        return
    paid = str(spell.choices.get("alternative", "")).lower()
    delayed = _AT_NEXT_END_STEP.get(paid)
    if delayed is None:
        return
    effect, rule, text = delayed
    ctx.log(rule, f"{name}'s {paid} cost was paid: {text}")
    create_delayed(ctx, spell.controller, new_id, name,
                   TriggeredAbility(Trigger("end_step", whose="any"), (effect,), text=f"{paid} (CR {rule}): {text}"),
                   (new_id,))


# -- from the graveyard ----------------------------------------------------------------------
#: Keywords that let a card be cast from its owner's graveyard with an additional cost (its
#: ``AdditionalCost.only_from``): retrace (CR 702.81a), jump-start (an instant or sorcery, 702.133a).
GRAVEYARD_CAST_KEYWORDS = ("retrace", "jump-start")


def graveyard_cast_keyword(ch: Characteristics) -> str | None:
    """The keyword that allows casting this card from its owner's graveyard (CR 601.3), if any."""
    for keyword in GRAVEYARD_CAST_KEYWORDS:
        if keyword in ch.keywords and (keyword != "jump-start" or ch.types & _INSTANT_SORCERY):
            return keyword
    return None


_INSTANT_SORCERY = frozenset({"Instant", "Sorcery"})


def flashback_cost(ch: Characteristics, keywords: frozenset[str] | None = None) -> AlternativeCost | None:
    """CR 702.34a: the flashback cost of an instant or sorcery card in a graveyard: its own, or
    its mana cost when it was granted flashback (Snapcaster Mage). ``keywords``: the card's
    (``ch`` may be the face being cast, which a granted keyword isn't part of)."""
    if not ch.types & _INSTANT_SORCERY:
        return None
    own = next((a for a in ch.script.alternative_costs if a.zone == "graveyard" and a.name == "flashback"), None)
    if own is None and ch.mana_cost is not None and "flashback" in (ch.keywords if keywords is None else keywords):
        own = AlternativeCost(mana=str(ch.mana_cost), name="flashback", itself=True, zone="graveyard")
    return own


def harmonize_cost(ch: Characteristics) -> AlternativeCost | None:
    """CR 702.180a: the harmonize cost of a card in its owner's graveyard."""
    return next((a for a in ch.script.alternative_costs if a.zone == "graveyard" and a.name == "harmonize"), None)


def disturb_cost(ch: Characteristics) -> AlternativeCost | None:
    """CR 702.146a: the disturb cost of a double-faced card in its owner's graveyard (its front
    face's, ``ch``): the card is cast transformed for it (CR 712.11a, ``disturbed_face``)."""
    return next((a for a in ch.script.alternative_costs if a.zone == "graveyard" and a.name == "disturb"), None)


def disturbed_face(card: Any, player: int) -> Characteristics:
    """CR 712.8c, 712.11c: a card cast transformed is evaluated as its back face alone."""
    return face_characteristics(card, 1, player)


def escape_cost(ch: Characteristics) -> AlternativeCost | None:
    """CR 702.138a: the escape cost of a card in its owner's graveyard (any card type: a
    permanent spell cast this way "escaped", CR 702.138b)."""
    return next((a for a in ch.script.alternative_costs if a.zone == "graveyard" and a.name == "escape"), None)


def announce_harmonize(ctx: Ctx, player: int, spell_id: int, alternative: AlternativeCost,
                       action: dict[str, Any],
                       payable: Callable[[AlternativeCost, int], bool] | None = None) -> AlternativeCost:
    """CR 702.180a-b: casting for its harmonize cost, the player chooses up to one untapped
    creature they control to tap as they choose to pay it (CR 601.2b), and taps it as the cost is
    paid; the cost is reduced by an amount of generic mana equal to its power (taken off the
    harmonize cost's generic mana). It is asked (a ``choose`` decision: the creature, or none).
    ``payable(reduced cost, creature)``: whether the rest can still be paid without that
    creature's mana (CR 118.3, 601.2h: a creature tapped for harmonize can't also tap for mana),
    so only such creatures are offered (the spell was offered castable for the whole cost)."""
    g = ctx.g
    creatures = [oid for oid in g.battlefield if not g.objects[oid].tapped
                 and characteristics(g, oid).controller == player and "Creature" in characteristics(g, oid).types]
    untapped = creatures
    none_ok = True
    if payable is not None:
        creatures = [oid for oid in creatures if payable(_reduced(alternative, g, oid), oid)]
        none_ok = payable(alternative, 0)
    options: list[int | None] = creatures + ([None] if none_ok else [])
    if not options:
        raise IllegalActionError("the harmonize cost can't be paid, with or without tapping a creature (CR 601.2h)")
    chosen = ctx.ask(Decision(player, "choose", "choose up to one untapped creature to tap for harmonize "
                              "(its power reduces the cost)", options)) if options != [None] else None
    if chosen is None:
        if not none_ok:
            raise IllegalActionError("without tapping a creature for harmonize its cost can't be paid (CR 601.2h)")
        return alternative
    if chosen in untapped and chosen not in creatures:
        raise IllegalActionError(f"tapping {name_of(ctx, chosen)} for harmonize, the rest of the cost can't be paid "
                                 f"(it can't tap for mana too, CR 118.3, 601.2h)")
    if chosen not in creatures:
        raise IllegalActionError("harmonize taps an untapped creature you control (CR 702.180a)")
    power = max(0, characteristics(g, chosen).power or 0)
    set_tapped(ctx, chosen, True)
    ctx.log("702.180b", f"{g.players[player].name} taps {name_of(ctx, chosen)} for harmonize: the cost is reduced "
                        f"by {power}")
    return _reduced(alternative, g, chosen)


def _reduced(alternative: AlternativeCost, g: GameState, creature: int) -> AlternativeCost:
    """The harmonize cost less the creature's power in generic mana (CR 702.180b)."""
    return replace(alternative, mana=_less_generic(alternative.mana, max(0, characteristics(g, creature).power or 0)))


def mayhem_cost(g: GameState, oid: int, ch: Characteristics) -> AlternativeCost | None:
    """CR 702.187b: "As long as you discarded this card this turn, you may cast it from your
    graveyard by paying [cost] rather than paying its mana cost" (``choices["discarded"]``: the
    turn it was discarded, kept by ``effects.primitives.move``)."""
    if g.objects[oid].choices.get("discarded") != g.turn:
        return None
    return next((a for a in ch.script.alternative_costs if a.zone == "graveyard" and a.name == "mayhem"), None)


@identity_memo
def graveyard_abilities(script: CardScript) -> tuple[int, ...]:
    """The activated abilities that function while the card is in its owner's graveyard (CR
    113.6m: unearth, scavenge, embalm, eternalize)."""
    return tuple(i for i, ab in enumerate(script.activated) if ab.zone == "graveyard")


def _graveyard_options(ch: Characteristics) -> bool:
    return bool(graveyard_abilities(ch.script)) or graveyard_cast_keyword(ch) is not None \
        or ("flashback" in ch.keywords or any(a.zone == "graveyard" for a in ch.script.alternative_costs))


def _graveyard_cast(g: GameState, oid: int, ch: Characteristics) -> AlternativeCost | None | bool:
    """How the card may be cast from its owner's graveyard now: for its flashback or mayhem cost
    (an AlternativeCost), for its mana cost (True: retrace, jump-start), or not (None)."""
    found = flashback_cost(ch) or mayhem_cost(g, oid, ch) or harmonize_cost(ch) or escape_cost(ch) \
        or disturb_cost(ch)
    if found is not None:
        return found
    return True if graveyard_cast_keyword(ch) is not None else None


def graveyard_actions(g: GameState, player: int) -> list[dict[str, Any]]:
    """The legal-action list's options for the cards in ``player``'s graveyard: casting the
    ones a keyword lets be cast from there (flashback, retrace, jump-start; CR 702.34a, 702.81a,
    702.133a) and their abilities that function there (CR 602.2, 113.6m), when the quick checks
    (``castability.castable_as``, ``activation.can_activate_from_hand``) find them possible now."""
    out: list[dict[str, Any]] = []
    for oid in sorted(g.zones[(player, Zone.GRAVEYARD)]):
        ch = characteristics(g, oid)
        if not _graveyard_options(ch):
            continue
        card = g.objects[oid].card
        if (card is None or card.layout not in FACE_LAYOUTS) and _targets_besides_itself(g, player, oid, ch):
            how = _graveyard_cast(g, oid, ch)
            cast_as = disturbed_face(card, player) if how is not None and how is not True and how.name == "disturb" \
                and card is not None else ch          # CR 712.11c-d: the back face, with the front's disturb
            if how is not None and castable_as(g, player, oid, cast_as, None, alternative=None if how is True else how):
                out.append({"action": "cast", "object": oid, "from": "graveyard"})
        for i in graveyard_abilities(ch.script):
            if can_activate_from_hand(g, player, oid, i):
                out.append({"action": "activate", "object": oid, "ability": i})
    return out


def _targets_besides_itself(g: GameState, player: int, oid: int, ch: Characteristics) -> bool:
    """CR 601.2c: each target phrase of the spell has enough legal targets other than the card
    itself, which is on the stack by then (Recoup's "target sorcery card in your graveyard")."""
    spell = ch.script.spell
    if spell is None or spell.modes:
        return True                  # (modes: ``castable_as`` checks them)
    return all(len([t for t in legal_targets(g, spec, player, oid) if t != oid]) >= spec.min
               for spec in spell.targets)


def has_graveyard_options(g: GameState, player: int) -> bool:
    """Whether a card in ``player``'s graveyard may be cast from there or has an ability that
    functions there."""
    return any(_graveyard_options(characteristics(g, oid)) for oid in g.zones[(player, Zone.GRAVEYARD)])


def has_graveyard_options_of(name: str) -> bool:
    """Whether the card named ``name`` (its front face as printed) may be cast from a graveyard
    or has an ability that functions there: the smoke test tries it from there."""
    return _graveyard_options(printed(card_db().get(name), 0))
