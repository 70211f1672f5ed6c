"""Casting spells (CR 601.2) and playing lands (CR 305).

Casting follows CR 601.2a-i: the card moves to the stack (601.2a); its face, modes, splicing,
alternative and additional costs, X and targets are announced (601.2b-d, ``rules.spell_choices``,
``rules.spell_costs``); the spell is checked against "can't cast" effects (601.2e,
``rules.castability``); its total cost is locked in (601.2f, ``rules.total_cost``: Fist of Suns'
alternative cost, kicker, Chorus of the Conclave's ``additional: {mana: N}``, Feroz's Ban, the
cost reductions; a prototype card cast prototyped, CR 718.3) and paid (601.2g-h,
``rules.mana_payment``); then it becomes cast (601.2i). None of this changes the spell's mana
cost or mana value (CR 118.8d, 118.9c, 202.3): Disdainful Stroke can't counter Grizzly Bears
however it was paid for.
"""
from __future__ import annotations

from typing import Any

from ..agents.decisions import Decision
from ..cards.database import normalize_name
from ..cards.vocabulary import AlternativeCost
from ..core.enums import Zone
from ..core.errors import IllegalActionError, NotImplementedCardError
from ..core.memo import identity_memo
from ..core.mana import ManaCost
from ..effects import rules_interface
from ..effects.cast_keywords import split_second
from ..effects.events import CastEvent
from ..effects.layers import (
    COMBINED, Characteristics, characteristics, copiable_values, mana_value, matches, printed,
)
from ..effects.link_records import COST_SACRIFICED, KICKERS, add as add_link
from ..effects.land_plays import play_zone_allowed, refusal as land_play_refusal
from ..effects.links import may_play, record_cost_exiles
from ..effects.primitives import move, name_of, set_tapped
from ..state.game_state import GameState
from .activation import sorcery_timing
from . import aftermath
from .alternative_casts import (
    announce_emerge, announce_harmonize, disturb_cost, disturbed_face, escape_cost, flashback_cost, graveyard_cast_keyword, harmonize_cost, mayhem_cost,
    modes_to_choose, record_announced,
)
from .special_actions import exile_permission
from .context import Ctx
from .pregame import cast_from_command_zone, is_commander
from .mana_requirements import PayOptions, Requirement, requirement
from .mana_planning import can_pay_requirement
from .mana_sources import tap_sources
from .mana_payment import pay_requirement
from .mana_pool import SpendOn
from .targeting import choose_targets
from .spell_choices import (
    FACE_LAYOUTS, announce_division, choose_modes, divided_specs, face_characteristics, least_x,
    spell_targets,
)
from .spell_costs import announced_additional, choose_alternative, cost_candidates, life_x
from .total_cost import TotalCost, affordable_x, most_targets, target_payable, total_cost
from .castability import cast_restriction, castable_as, timing_ok, unimplemented_reason


#: Zones as module constants: reading a member off the Zone class costs several times a
#: global's in CPython 3.11 (``EnumType`` defines ``__getattr__``); casting reads them often.
_COMMAND, _EXILE, _GRAVEYARD, _HAND, _STACK = Zone.COMMAND, Zone.EXILE, Zone.GRAVEYARD, Zone.HAND, Zone.STACK


def choose_face(ctx: Ctx, player: int, oid: int, face_name: Any) -> int:
    """CR 709.3 / 712.11b / 715.3: which half or face is cast. A split card's half is asked
    when not given; a modal double-faced or adventurer card is cast as its front face unless
    ``face`` names the other one. A transforming card's back face can't be cast (CR 712.11)."""
    card = ctx.g.objects[oid].card
    if card is None:
        return 0
    if face_name is None and not (len(card.faces) > 1 and card.is_split):
        return 0                            # no face named, and only a split card's half is asked
    names = [f.name for f in card.faces]
    if face_name is None:
        # the halves that can be cast now (issue 7: a random player picking Revenge with no
        # {B} or Revival with no target made an illegal cast); all of them if none can
        zone = ctx.g.objects[oid].zone          # (an aftermath half only from a graveyard, CR 702.127a)
        options = [n for i, n in enumerate(names) if aftermath.castable_from(card, i, zone)
                   and castable_as(ctx.g, player, oid, face_characteristics(card, i, player), None)] \
            or [n for i, n in enumerate(names) if aftermath.castable_from(card, i, zone)] or names
        face_name = ctx.ask(Decision(player, "face", f"choose which half of {card.name} to cast", options))
    matches_ = [i for i, n in enumerate(names) if normalize_name(n) == normalize_name(str(face_name))]
    if not matches_:
        raise IllegalActionError(f"{card.name} has no face named {face_name!r} (its faces: {', '.join(names)})")
    index = matches_[0]
    if index and card.layout not in FACE_LAYOUTS:
        raise IllegalActionError(f"{names[index]} is the back face of {card.name} and can't be cast (CR 712.11)")
    return index


# -- casting (CR 601.2) ------------------------------------------------------------------------
def _fuse_ok(card: Any, from_zone: Zone) -> None:
    if card is None or card.layout != "split":
        raise IllegalActionError("only a split card with fuse can be cast fused (CR 702.102a)")
    if not all("fuse" in printed(card, i).keywords for i in range(len(card.faces))):
        raise IllegalActionError(f"{card.name} doesn't have fuse (CR 702.102a)")
    if from_zone is not Zone.HAND:
        raise IllegalActionError("a split card is cast fused only from its owner's hand (CR 702.102a)")


#: The zones by name (as ``Zone(name)``, without the enum's call).
_ZONE_NAMED: dict[Any, Zone] = {z.value: z for z in Zone}


def cast_spell(ctx: Ctx, player: int, oid: int, action: dict[str, Any]) -> int:
    """CR 601.2a-i. Returns the spell's id on the stack."""
    g = ctx.g
    o = g.objects.get(oid)
    zone_name = action.get("from", "hand")
    from_zone = _ZONE_NAMED.get(zone_name) if zone_name.__class__ is str else None
    if from_zone is None:
        from_zone = Zone(zone_name)             # any other value, or its error
    if o is None or o.zone is not from_zone:
        raise IllegalActionError(f"that card is not in a {from_zone.value} zone")
    fused = bool(action.get("fuse"))
    alt_name = action.get("alternative")
    prototype = isinstance(alt_name, str) and alt_name.strip().lower() == "prototype"
    if fused:
        _fuse_ok(o.card, from_zone)
        if action.get("face") is not None:
            raise IllegalActionError("a fused split spell is both halves: give no face (CR 702.102a)")
        face = COMBINED
    else:
        face = choose_face(ctx, player, oid, action.get("face"))
    ch = face_characteristics(o.card, face, player) if o.card is not None else copiable_values(g, oid)
    name = ch.name
    allowed = from_zone is _HAND and o.owner == player
    if from_zone is _COMMAND and o.owner == player and is_commander(g, oid):
        allowed = True          # CR 903.8: a player may cast a commander they own from the command zone
    if from_zone is _EXILE and o.choices.get("adventure") == player and face == 0:
        allowed = True          # CR 715.3d: a card exiled on an Adventure may be cast later
    any_color = False
    if not allowed and from_zone is _EXILE:
        permission = may_play(g, player, oid, land=False)             # "cards exiled with ~" (CR 607.2a)
        allowed = permission is not None
        # "you may spend mana as though it were mana of any color to cast those spells" (CR 609.4b)
        any_color = bool(getattr(permission, "any_color", False))
    cast_aftermath = o.card is not None and aftermath.permission(o.card, face, from_zone, o.owner, player)
    allowed = allowed or cast_aftermath          # CR 702.127a: this half from your graveyard
    from_graveyard = None
    if not allowed and from_zone is _GRAVEYARD and o.owner == player:
        # CR 702.34a: flashback, cast from its owner's graveyard for its flashback cost (a granted
        # flashback's is the card's mana cost: Snapcaster Mage)
        from_graveyard = flashback_cost(ch, characteristics(g, oid).keywords) or mayhem_cost(g, oid, ch) \
            or harmonize_cost(ch) or escape_cost(ch) or disturb_cost(ch)   # (escape: CR 702.138a; disturb: 702.146a)
        allowed = from_graveyard is not None
    disturbed = from_graveyard is not None and from_graveyard.name == "disturb" and o.card is not None
    if disturbed:
        ch = disturbed_face(o.card, player)             # CR 712.11c: cast transformed, only its back face
        name = ch.name
    from_exile = None
    if not allowed and from_zone is _EXILE:
        from_exile = exile_permission(g, player, oid, ch)   # foretold, plotted (CR 702.143a, 702.170d)
        allowed = from_exile is not None
    graveyard_keyword = None
    if not allowed and from_zone is _GRAVEYARD and o.owner == player:
        graveyard_keyword = graveyard_cast_keyword(ch)      # retrace, jump-start (CR 702.81a, 702.133a)
        allowed = graveyard_keyword is not None
    by_effect = bool(action.get("by_effect"))
    if not by_effect and g.stack and (held := split_second(g)):
        raise IllegalActionError(f"{name} can't be cast while {held} (split second) is on the stack (CR 702.61a)")
    if by_effect:
        allowed = True          # cast as an effect instructs, while it resolves (CR 608.2g): its permission
    if not allowed:
        # CR 601.3: a spell can be cast only where a rule or effect allows; none here does
        # (flashback and similar permissions are not implemented yet).
        raise IllegalActionError(f"{name} can't be cast from {'that' if from_zone is _HAND else 'the ' + from_zone.value}"
                                 f" zone: no rule or effect allows it (CR 601.3)")
    if "Land" in ch.types:
        raise IllegalActionError(f"{name} is a land: it is played, not cast (CR 305.1)")
    if prototype and ch.script.prototype is None:
        raise IllegalActionError(f"{name} has no prototype ability (CR 702.160a)")
    if ch.mana_cost is None and not alt_name and not action.get("free") and not disturbed:
        raise IllegalActionError(f"{name} has no mana cost and can't be cast (CR 202.1b, 118.6)")
    reason = unimplemented_reason(ch, g)
    if reason:
        raise NotImplementedCardError(reason)
    if not by_effect and not timing_ok(g, player, ch, str(alt_name or "").strip().lower()):
        # (an effect's instruction ignores timing, CR 608.2g)
        if ch.script.cast_timing == "before_combat_damage":      # issue 7 (Berserk)
            raise IllegalActionError(f"{name} can be cast only before the combat damage step (CR 601.3)")
        raise IllegalActionError(f"{name} can be cast only at sorcery speed: in your main phase with an empty stack (CR 307.1)")
    # CR 601.2a: the card moves to the stack; it becomes the topmost object.
    spell_id = move(ctx, oid, _STACK, "cast", controller=player)
    assert spell_id is not None
    spell = g.obj(spell_id)
    spell.cast = True
    spell.choices["cast_from"] = from_zone.value        # "a spell cast from their hand" (Knowledge Pool)
    spell.face = face       # CR 709.3b, 712.11b, 715.3b: only the chosen half or face exists
    if disturbed:
        spell.transformed = True                        # CR 712.11a, 702.146a: back face up on the stack
    if fused:
        spell.choices["fused"] = True                   # CR 702.102b: both halves, combined
    if graveyard_keyword == "jump-start":
        spell.choices["jump-start"] = True              # CR 702.133a: exiled when it leaves the stack
    if prototype:
        spell.choices["prototype"] = True               # CR 718.3b
    g.changed_off_battlefield()                         # the spell's face and choices
    ch = characteristics(g, spell_id)                   # CR 601.2a: effects on the spell apply now
    name = ch.name
    # CR 601.2b: modes (CR 700.2a), splicing, the intention to pay alternative and additional
    # costs (kicker, CR 702.33d), then X, then how hybrid and Phyrexian symbols are paid.
    script = ch.script
    if script.spell is not None and script.spell.modes:
        # (entwine: all of them, CR 702.42a)
        spell.modes = choose_modes(ctx, modes_to_choose(g, player, ch, action.get("additional")), player,
                                   action.get("modes"), name, spell_id)
    elif action.get("modes"):
        raise IllegalActionError(f"{name} is not a modal spell: it has no modes to choose (CR 700.2)")
    splice_costs = _announce_splice(ctx, player, spell_id, ch, action.get("splice"))
    if splice_costs:
        ch = characteristics(g, spell_id)
        name = ch.name
        script = ch.script
    kick = action.get("kicked")
    if kick is None and by_effect and script.kicker:
        # CR 601.2b, 608.2g: cast while an effect resolves, its optional costs are announced by
        # answering (Eye of the Storm's copy may be kicked, CR 707.12)
        # (asked only for a kicker that can be paid besides those chosen before it: CR 601.2h)
        chosen: list[str] = []
        for k in script.kicker:
            if can_pay_requirement(g, player, requirement(ManaCost.parse("".join([*chosen, k]))), ch.colors,
                                   spend_on=SpendOn("spell", ch, spell_id)) \
                    and ctx.ask(Decision(player, "yesno", f"pay {name}'s kicker {k} (CR 601.2b)?", [True, False])):
                chosen.append(k)
        kick = chosen or None
        if kick and not can_pay_requirement(g, player, requirement(ManaCost.parse("".join(kick))), ch.colors,
                                            spend_on=SpendOn("spell", ch, spell_id)):
            # refused now, while "no" can still be answered (CR 601.2h: the cost must be payable)
            raise IllegalActionError(f"{name}: can't pay the kicker {''.join(kick)} (CR 601.2h)")
    if kick and not script.kicker:
        raise IllegalActionError(f"{name} has no kicker")
    kickers: tuple[str, ...] = ()
    if isinstance(kick, (list, tuple)):
        # which of its kicker costs are paid ("Kicker {W} and/or {2}{B}", CR 702.33d)
        kickers = tuple(str(k) for k in kick)
        for k in kickers:
            if k not in script.kicker:
                raise IllegalActionError(f"{name} has no kicker {k} (its kicker costs: {', '.join(script.kicker)})")
        if len(set(kickers)) != len(kickers) and not script.multikicker:
            raise IllegalActionError(f"{name}: each kicker cost is paid at most once (CR 702.33d)")
    elif kick:
        kickers = (script.kicker[0],)
    kicked = kickers or False
    spell.kicked = bool(kickers)
    if kickers:
        add_link(g, spell_id, KICKERS, kickers)       # for "if it was kicked with its {W} kicker" (CR 607.2i)
    alternative = None
    alt_label = ""
    if from_graveyard is not None and not by_effect:
        if alt_name and str(alt_name).strip().lower() != (from_graveyard.name or "flashback"):
            raise IllegalActionError(f"{name} cast from the graveyard is cast for its {from_graveyard.name} cost: "
                                     f"only one alternative cost may be paid (CR 118.9a)")
        alternative, alt_label = from_graveyard, from_graveyard.name or "flashback"
        if alt_label in ("flashback", "harmonize"):
            spell.choices["flashback"] = True       # CR 702.34a, 702.180a: exiled when it leaves the stack
        if alt_label == "harmonize":
            alternative = announce_harmonize(ctx, player, spell_id, alternative, action,      # CR 702.180b
                                             _harmonize_payable(g, player, spell_id, ch, kicked))
    elif from_exile is not None and from_exile[0] is not None and not by_effect:
        if alt_name and str(alt_name).strip().lower() != from_exile[1]:
            raise IllegalActionError(f"{name} cast from exile is cast for its {from_exile[1]} cost: only one "
                                     f"alternative cost may be paid (CR 118.9a)")
        alternative, alt_label = from_exile
    elif alt_name and not prototype:
        alternative, alt_label = choose_alternative(g, player, spell_id, ch, str(alt_name))
        if alternative.name == "evoke":
            spell.choices["evoked"] = True          # CR 702.74a: sacrificed when it enters
        if alternative.name == "bestow":
            # CR 702.103b: as it is put onto the stack it becomes an Aura spell with enchant
            # creature: its target is chosen by that ability (CR 601.2c, 303.4a)
            spell.choices["bestowed"] = True
            g.changed_off_battlefield()
            ch = characteristics(g, spell_id)
            script = ch.script
        if alternative.name == "emerge" and alternative.objects:
            alternative, action = announce_emerge(ctx, player, spell_id, alternative, action)   # CR 702.119a
        if alternative.spell is not None:
            # overload (CR 702.96a-b): its text says "each" for "target": no targets to choose;
            # awaken (CR 702.113a-b): its spell ability has the awaken target and instructions
            spell.choices["alternative_spell"] = alternative.name
            g.changed_off_battlefield()
            ch = characteristics(g, spell_id)
            script = ch.script
    if cast_aftermath:
        spell.choices["aftermath"] = True           # CR 702.127a: exiled when it leaves the stack
    if action.get("alt_mana"):
        # an effect's alternative cost: miracle's "by paying [cost] rather than its mana cost"
        alternative = AlternativeCost(mana=str(action["alt_mana"]), name="miracle")
        alt_label = "miracle"
    if action.get("alt_cost") is not None:
        # an effect casts it for one of its own alternative costs (madness, CR 702.35b)
        alternative = action["alt_cost"]
        alt_label = alternative.name
    if action.get("free"):
        # "cast ... without paying its mana cost" (CR 118.9): an alternative cost of nothing
        alternative = AlternativeCost(name="without paying its mana cost")
        alt_label = "without paying its mana cost"
    pay = PayOptions.of(action.get("pay"))
    additional = announced_additional(action.get("additional"))
    x = 0
    # CR 107.3: X is chosen when the cost being paid has {X}: the mana cost, or an alternative
    # cost with {X} (flashback "equal to its mana cost", Snapcaster Mage's rulings)
    cost_x = ch.mana_cost.x_count if ch.mana_cost is not None else 0
    x_symbols = (ManaCost.parse(alternative.mana).x_count if alternative is not None and alternative.mana
                 else alternative is None and cost_x)
    if x_symbols or life_x(g, player, spell_id, ch):
        x = action.get("x")
        if x is None and life_x(g, player, spell_id, ch) and "life" in additional:
            x = int(additional["life"])
        if x is None:
            info = {"spell": spell_id, "max": affordable_x(g, player, ch.mana_cost or ManaCost(), spell_id, ch,
                                                           alternative, kicked, additional)}
            least = least_x(ch)
            if least:
                info["min"] = least
            x = ctx.ask(Decision(player, "x", f"choose X for {name}", [], info=info))
        if not isinstance(x, int) or isinstance(x, bool) or x < 0:
            raise IllegalActionError(f"X must be a number 0 or more, got {x!r}")
    elif cost_x:
        # CR 107.3b: paying an alternative cost without X, the only legal choice for X is 0
        if action.get("x") not in (None, 0):
            raise IllegalActionError(f"{name}: with an alternative cost that has no {{X}}, X is 0 (CR 107.3b)")
        ctx.log("107.3b", f"{name} is cast with an alternative cost that has no {{X}}: X is 0")
    elif action.get("x") is not None:
        raise IllegalActionError(f"{name} has no X to choose: its cost has no {{X}} (CR 107.3)")
    spell = g.obj(spell_id)
    spell.x = x
    # CR 601.2c: targets.
    specs = divided_specs(ch, spell_targets(ch, g.objects[spell_id].modes), x, name)
    targets, counts = choose_targets(ctx, specs, player, spell_id, name, action.get("targets"),
                                     keep=target_payable(g, player, spell_id, ch, x, alternative, kicked,
                                                         additional, pay),
                                     most=most_targets(g, player, spell_id, ch, x, alternative, kicked,
                                                       additional, pay))
    spell = g.obj(spell_id)
    spell.targets = targets
    spell.choices["counts"] = counts
    # CR 601.2d: the division of damage among the targets of a "divided" phrase.
    division = announce_division(ctx, player, ch, specs, targets, counts, name, action.get("divide"), x)
    if division:
        spell.choices["division"] = division
    # CR 601.2e: is the proposed spell legal? ("can't cast" effects look at it as proposed.)
    forbidden = cast_restriction(g, player, spell_id)
    if forbidden is not None:
        raise IllegalActionError(f"{name} can't be cast ({forbidden}, CR 601.2e)")
    # CR 601.2f: the total cost, locked in.
    total = total_cost(g, player, spell_id, ch, x, alternative, kicked, len(targets), additional, pay, alt_label,
                       splice_costs, target_ids=tuple(targets))
    if any_color:
        total.variants = [spend_as_any_color(v) for v in total.variants]
        total.requirement = total.variants[0]
    ctx.log("601.2f", f"total cost of {name}: {total.text}"
            + (f" = {_show(total.requirement)}" if " + " in total.text or " - " in total.text
               or alternative is not None else ""))
    # CR 601.2g-h: mana abilities, then the payment (mana and life; then objects).
    chosen = choose_cost_objects(ctx, player, spell_id, total, additional, pay, name)
    mark = len(g.events)
    pay_requirement(ctx, player, total.requirement, ch.colors, name, pay,
                    _show(total.requirement) + (f" (X={x})" if x_symbols else ""), ch.keywords, total.variants,
                    SpendOn("spell", ch, spell_id), kept=_tapped_for_cost(chosen))
    pay_cost_objects(ctx, player, spell_id, chosen, name)
    record_cost_exiles(ctx, spell_id, g.events[mark:])      # "exiled with it" (CR 607.2j, 607.2q)
    spell = g.obj(spell_id)
    if total.counters:
        spell.choices["enters_counters"] = tuple(total.counters)
    if alternative is not None:
        spell.choices["alternative"] = alt_label
    record_announced(g, spell_id, ch, additional)       # buyback (CR 702.27a)
    # CR 601.2i: the spell becomes cast.
    tgt = ""
    if targets:
        tgt = " targeting " + ", ".join(name_of(ctx, t) for t in targets)
    if from_zone is _COMMAND and is_commander(g, spell_id):
        cast_from_command_zone(g, player, spell_id)     # the next cast's commander tax (CR 903.8)
    ctx.log("601.2i", f"{g.players[player].name} casts {name}{tgt}"
            + (f" (mana value {mana_value(g, spell_id)})" if alternative is not None or total.counters else ""))
    became_cast(g, player, spell_id)
    return spell_id


def _harmonize_payable(g: GameState, player: int, spell_id: int, ch: Any, kicked: Any) -> Any:
    """Whether the spell's total cost with a reduced harmonize cost could be paid without the mana
    of the creature tapped for it (CR 601.2f, 118.3; ``alternative_casts.announce_harmonize``)."""
    spend_on = SpendOn("spell", ch)

    def payable(reduced: AlternativeCost, creature: int) -> bool:
        try:
            cost = total_cost(g, player, spell_id, ch, 0, reduced, kicked, 0, {}, None)
        except IllegalActionError:
            return False
        sources = [s for s in tap_sources(g, player, spend_on) if s[0] != creature]
        return any(can_pay_requirement(g, player, v, ch.colors, sources, spend_on) for v in cost.variants)
    return payable


def became_cast(g: GameState, player: int, spell_id: int) -> None:
    """CR 601.2i: the spell becomes cast: counted for the turn (storm, CR 702.40a), and the event
    that "whenever you cast" abilities watch."""
    pl = g.player(player)
    pl.spells_cast_this_turn += 1
    pl.cast_types_this_turn += (tuple(sorted(characteristics(g, spell_id).types)),)
    g.events.append(CastEvent(spell_id, player, sum(p.spells_cast_this_turn for p in g.players),
                              g.players[player].spells_cast_this_turn))


def _announce_splice(ctx: Ctx, player: int, spell: int, ch: Characteristics, cards: Any) -> list[tuple[str, str]]:
    """CR 601.2b, 702.47a-b: the player reveals cards with splice from their hand; the spell
    gains their rules text and their splice costs are additional costs."""
    if not cards:
        return []
    g = ctx.g
    ids = cards if isinstance(cards, list) else [cards]
    if len(set(ids)) != len(ids):
        raise IllegalActionError("a card can be spliced onto a spell only once (CR 702.47b)")
    if ch.script.spell is None or ch.script.spell.modes:
        raise IllegalActionError(f"nothing can be spliced onto {ch.name} here")
    out: list[tuple[str, str]] = []
    spliced = []
    for cid in ids:
        o = g.objects.get(cid)
        if o is None or o.zone is not Zone.HAND or o.owner != player or o.card is None:
            raise IllegalActionError("splice reveals cards from your hand (CR 702.47a)")
        card_ch = printed(o.card, 0)
        splice = card_ch.script.splice
        if splice is None:
            raise IllegalActionError(f"{card_ch.name} has no splice ability (CR 702.47a)")
        if not matches(g, spell, splice.onto, player):
            raise IllegalActionError(f"{card_ch.name} can't be spliced onto {ch.name}: it isn't "
                                     f"{', '.join(sorted(splice.onto.subtypes | splice.onto.types))} (CR 702.47a)")
        reason = unimplemented_reason(card_ch, g)
        if reason:
            raise NotImplementedCardError(reason)
        spliced.append(o.card)
        out.append((splice.mana, card_ch.name))
        ctx.log("702.47a", f"{g.players[player].name} reveals {card_ch.name} and splices it onto {ch.name}")
    g.obj(spell).choices["spliced"] = tuple(spliced)
    g.changed()
    return out


def pay_alternative_total(ctx: Ctx, player: int, spell_id: int, mana: str, label: str, action: dict[str, Any],
                          what: str) -> None:
    """CR 601.2f-h for a spell cast for a fixed alternative cost (a face-down spell's {3}, CR
    702.37c): the cost increases, reductions and additional costs that apply to the spell as it
    is (a 2/2 creature spell) are added to it, then it is paid."""
    g = ctx.g
    ch = characteristics(g, spell_id)
    pay = PayOptions.of(action.get("pay"))
    additional = announced_additional(action.get("additional"))
    total = total_cost(g, player, spell_id, ch, 0, AlternativeCost(mana=mana, name=label), False, 0, additional,
                       pay, label)
    ctx.log("601.2f", f"total cost of {what}: {total.text} = {_show(total.requirement)}")
    chosen = choose_cost_objects(ctx, player, spell_id, total, additional, pay, what)
    pay_requirement(ctx, player, total.requirement, ch.colors, what, pay, _show(total.requirement), ch.keywords,
                    total.variants, SpendOn("spell", ch, spell_id), kept=_tapped_for_cost(chosen))
    pay_cost_objects(ctx, player, spell_id, chosen, what)
    if total.counters:
        g.obj(spell_id).choices["enters_counters"] = tuple(total.counters)


def spend_as_any_color(req: Requirement) -> Requirement:
    """CR 609.4b: mana may be spent as though it were mana of any color: any mana pays a colored
    symbol (a {C} symbol still needs colorless mana); the cost itself doesn't change."""
    return Requirement(tuple(s if s == "C" else "WUBRGC" for s in req.colored), req.generic, req.life, req.snow)


@identity_memo
def _show(req: Requirement) -> str:
    """The requirement for the log (memoized: a spell's is most often the same object each cast)."""
    colored = "".join("{" + ("/".join(s) if len(s) > 1 else s) + "}" for s in req.colored)
    text = ("{" + str(req.generic) + "}" if req.generic or not colored else "") + colored
    return text + (f" and {req.life} life" if req.life else "")


def _tapped_for_cost(chosen: list[tuple[str, list[int]]]) -> frozenset[int]:
    """The creatures an additional cost taps (conspire, CR 702.78a): the mana payment doesn't tap
    them for mana (CR 118.3, 601.2h)."""
    return frozenset(i for verb, ids in chosen if verb == "tap" for i in ids)


def choose_cost_objects(ctx: Ctx, player: int, spell: int, total: TotalCost, additional: dict[str, Any],
                         pay: PayOptions, name: str) -> list[tuple[str, list[int]]]:
    """The objects the additional costs sacrifice, exile or discard: as announced (``additional``
    or ``pay``), else asked (CR 601.2h: they are chosen as the cost is paid)."""
    g = ctx.g
    out: list[tuple[str, list[int]]] = []
    taken: set[int] = set()
    for verb, add, source in total.objects:
        candidates = [c for c in cost_candidates(g, player, verb, add, spell) if c not in taken]
        given = additional.get(verb) if verb in additional else pay.objects.get(verb)
        if given is not None:
            ids = list(given) if isinstance(given, list) else [given]
            ids = [i for i in ids if i not in taken][: add.count] if len(ids) > add.count else ids
            bad = [i for i in ids if i not in candidates]
            if bad:
                raise IllegalActionError(f"{name}: {name_of(ctx, bad[0])} can't pay the additional cost "
                                         f"({verb} {add.count}: {add.text or source}; CR 118.3)")
        else:
            if len(candidates) < add.count:
                raise IllegalActionError(f"{name}: can't pay the additional cost ({verb} {add.count}: "
                                         f"{add.text or source}; CR 118.3)")
            answer = ctx.ask(Decision(player, verb, f"choose {add.count} to {verb} to pay for {name} "
                                      f"({add.text or source})", candidates, min=add.count, max=add.count))
            ids = answer if isinstance(answer, list) else [answer]
        if len(ids) != add.count or len(set(ids)) != len(ids):
            raise IllegalActionError(f"{name}: {verb} exactly {add.count} to pay its additional cost (CR 118.3)")
        taken.update(ids)
        out.append((verb, ids))
    return out


def pay_cost_objects(ctx: Ctx, player: int, spell: int, chosen: list[tuple[str, list[int]]], name: str) -> None:
    g = ctx.g
    who = g.players[player].name
    for verb, ids in chosen:
        if verb == "sacrifice":
            add_link(g, spell, COST_SACRIFICED, ids)            # "the sacrificed creature" (CR 608.2h)
        for oid in ids:
            if verb == "sacrifice":
                ctx.log("701.21a", f"{who} sacrifices {name_of(ctx, oid)} to pay for {name}")
                move(ctx, oid, Zone.GRAVEYARD, "sacrifice")
            elif verb == "return":
                ctx.log("118.9", f"{who} returns {name_of(ctx, oid)} to its owner's hand to pay for {name}")
                move(ctx, oid, Zone.HAND, "cost")
            elif verb == "exile":
                ctx.log("118.8", f"{who} exiles {name_of(ctx, oid)} to pay for {name}")
                move(ctx, oid, Zone.EXILE, "cost")
            elif verb == "tap":
                if g.objects[oid].tapped:
                    raise IllegalActionError(f"{name}: {name_of(ctx, oid)} is tapped already and can't be tapped to "
                                             f"pay for it (CR 118.3)")
                ctx.log("118.8", f"{who} taps {name_of(ctx, oid)} to pay for {name}")
                set_tapped(ctx, oid, True)
            else:
                ctx.log("701.9a", f"{who} discards {name_of(ctx, oid)} to pay for {name}")
                move(ctx, oid, Zone.GRAVEYARD, "discard")


def play_land(ctx: Ctx, player: int, oid: int, face_name: Any = None) -> None:
    """CR 305.1: playing a land is a special action; the land enters the battlefield. A modal
    double-faced card may be played as its back face (CR 712.11b, via ``face``)."""
    g = ctx.g
    o = g.objects.get(oid)
    if o is not None and o.zone is Zone.EXILE:
        if may_play(g, player, oid, land=True) is None:     # "play lands ... exiled with ~" (CR 607.2a, 305.1)
            raise IllegalActionError("that card can't be played from exile: no rule or effect allows it (CR 305.1)")
    elif o is not None and o.zone in (Zone.GRAVEYARD, Zone.LIBRARY):
        if not play_zone_allowed(g, player, oid):           # Crucible of Worlds, Courser of Kruphix
            raise IllegalActionError(f"that card can't be played from the {o.zone.value}: no effect allows it "
                                     f"(CR 305.1)")
    elif o is None or o.zone is not Zone.HAND or o.owner != player:
        raise IllegalActionError("a land is played from its owner's hand")
    face = 0
    if face_name is not None and o.card is not None:
        face = choose_face(ctx, player, oid, face_name)
        if face and o.card.layout != "modal_dfc":
            raise IllegalActionError(f"{o.card.name}: only a modal double-faced card can be played as its back face")
        g.obj(oid).face = face
        g.changed()
    ch = copiable_values(g, oid) if not o.face_down else printed(o.card, face)   # exiled face down
    if "Land" not in ch.types:
        raise IllegalActionError(f"{ch.name} is not a land (CR 305.1)")
    if (why := land_play_refusal(g, player)) is not None:          # CR 305.2a-b, 305.3
        raise IllegalActionError(why)
    if not sorcery_timing(g, player):
        raise IllegalActionError("a land can be played only in your main phase with an empty stack (CR 305.2, 505.6b)")
    g.player(player).lands_played += 1
    where = "" if o.zone is Zone.HAND else f" from their {o.zone.value}"
    move(ctx, oid, Zone.BATTLEFIELD, "play", controller=player)
    ctx.log("305.1", f"{g.players[player].name} plays {ch.name}{where}")


rules_interface.provide(cast_spell=cast_spell)      # for the effects that cast spells as they resolve (CR 608.2g)
