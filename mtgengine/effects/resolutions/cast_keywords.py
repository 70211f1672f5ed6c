"""What keywords do as their abilities resolve: spells cast (CR 608.2g) by cascade (CR 702.85a),
madness (CR 702.35a), rebound (CR 702.88a) and suspend (CR 702.62a); warp's exile (702.185a),
ninjutsu's entry (702.49a), encore's tokens (702.141a)."""
from __future__ import annotations

from ...agents.decisions import Decision
from ...agents.decisions import player_ref
from ...cards.vocabulary import (
    Cascade, CastFromExile, ChangeAbilities, Encore, EnterAttacking, ExileWarped, Ref, SacrificePermanent, SuspendTick,
    Trigger, TriggeredAbility,
)
from ...core.enums import Zone
from ...core.mana import ManaCost
from ...rules.combat import put_attacking
from ...rules.context import Ctx
from ..cast_keywords import SUSPEND_LAST_COUNTER, SUSPEND_UPKEEP, suspended
from ..layers import ContinuousEffect, characteristics, copy_values, mana_value
from ..primitives import create_tokens, move, name_of, remove_counters
from ..triggers import create_delayed, create_reflexive
from ..resolve import Resolving, refs, resolves
from ..rules_interface import can_pay, cast_spell, uncastable_copy


def _spell_mana_value(ctx: Ctx, spell: int) -> int:
    """"This spell's mana value" (CR 702.85a): as it is on the stack, or as it last existed
    there (CR 608.2h) if it has left (its X is then not known: 0, CR 202.3e)."""
    g = ctx.g
    if spell in g.objects:
        return mana_value(g, spell)
    gone = g.lki.get(spell)
    return gone.mana_cost.mana_value() if gone is not None and gone.mana_cost is not None else 0


@resolves(Cascade)
def _cascade(ctx: Ctx, eff: Cascade, r: Resolving) -> None:
    """CR 702.85a: exile from the top until a nonland card with a lesser mana value; its
    controller may cast it without paying its mana cost; the rest go on the bottom in a random
    order (the game's RNG)."""
    g = ctx.g
    player = r.controller
    limit = _spell_mana_value(ctx, r.source)
    name = g.players[player].name
    exiled: list[int] = []
    hit = None
    library = g.zones[(player, Zone.LIBRARY)]
    while library:
        top = library[0]
        new = move(ctx, top, Zone.EXILE, "exile")
        if new is None or new not in g.objects:
            continue
        exiled.append(new)
        if "Land" not in characteristics(g, new).types and mana_value(g, new) < limit:
            hit = new
            break
    ctx.log("702.85a", f"{name} cascades ({r.name}, mana value {limit}): exiles "
            + (", ".join(name_of(ctx, c) for c in exiled) or "nothing"))
    if hit is not None:
        reason = uncastable_copy(g, player, hit, True)
        if reason:
            ctx.log("702.85a", f"{name_of(ctx, hit)} can't be cast ({reason})")
        elif ctx.ask(Decision(player, "yesno", f"cascade: cast {name_of(ctx, hit)} without paying its mana cost?",
                              [True, False])):
            ctx.log("702.85a", f"{name} casts {name_of(ctx, hit)} without paying its mana cost (cascade)")
            cast_spell(ctx, player, hit, {"action": "cast", "object": hit, "from": "exile", "by_effect": True,
                                          "free": True})
    rest = [c for c in exiled if c in g.objects and g.objects[c].zone is Zone.EXILE]
    g.rng.shuffle(rest)                          # "in a random order" (CR 702.85a)
    for c in rest:
        move(ctx, c, Zone.LIBRARY, "bottom", top=False)
    if rest:
        ctx.log("702.85a", f"{name} puts {len(rest)} card(s) on the bottom of their library in a random order")


@resolves(CastFromExile)
def _cast_from_exile(ctx: Ctx, eff: CastFromExile, r: Resolving) -> None:
    """The source card, still in exile, may be cast by its owner now (CR 608.2g): for its
    alternative cost ``eff.cost`` (madness, CR 702.35a, 702.35b) or without paying its mana cost
    (rebound, CR 702.88a, 702.88b). Offered only if it could be: a legal choice of targets and
    modes and, for a cost, mana and life enough (CR 601.2b-h); else, or if declined, madness
    puts it into its owner's graveyard."""
    g = ctx.g
    oid = r.source
    if oid not in g.objects or g.objects[oid].zone is not Zone.EXILE:
        return                                  # it left exile: a new object (CR 400.7)
    owner = g.objects[oid].owner
    ch = characteristics(g, oid)
    alternative = None
    if eff.cost:
        alternative = next((a for a in ch.script.alternative_costs if a.name == eff.cost), None)
    possible = not uncastable_copy(g, owner, oid, True) and (
        not eff.cost or (alternative is not None and g.players[owner].can_pay_life(alternative.life)
                         and (not alternative.mana or can_pay(g, owner, ManaCost.parse(alternative.mana)))))
    how = f"for its {eff.cost} cost" if eff.cost else "without paying its mana cost"
    if possible and ctx.ask(Decision(owner, "yesno", f"cast {ch.name} from exile {how}?", [True, False])):
        ctx.log("608.2g", f"{g.players[owner].name} casts {ch.name} from exile {how}")
        action = {"action": "cast", "object": oid, "from": "exile", "by_effect": True}
        action.update({"alt_cost": alternative} if alternative is not None else {"free": True})
        spell = cast_spell(ctx, owner, oid, action)
        if eff.haste and spell in g.objects and "Creature" in characteristics(g, spell).types:
            # CR 702.62a: "it gains haste until you lose control of the spell or the permanent it
            # becomes" (an effect on the spell goes on applying to the permanent, CR 400.7a)
            g.effects = g.effects + [ContinuousEffect(g.new_timestamp(), (ChangeAbilities(add_keywords=frozenset({"haste"})),),
                                                      frozenset({spell}), "", spell, owner)]
            g.changed()
            ctx.log("702.62a", f"{ch.name} gains haste (suspend)")
        return
    if eff.otherwise_graveyard:
        ctx.log("702.35a", f"{g.players[owner].name} doesn't cast {ch.name}: it is put into their graveyard")
        move(ctx, oid, Zone.GRAVEYARD, "put")


@resolves(SuspendTick)
def _suspend_tick(ctx: Ctx, eff: SuspendTick, r: Resolving) -> None:
    """CR 702.62a: a time counter is removed from the suspended card (none if it no longer is,
    CR 702.62b); the last one removed, its "when the last time counter is removed" ability
    triggers; else the next upkeep's removal waits."""
    g = ctx.g
    card = r.source
    if not suspended(g, card):
        return
    name = characteristics(g, card).name
    remove_counters(ctx, card, "time", 1)
    left = g.objects[card].counters.get("time", 0)
    ctx.log("702.62a", f"a time counter is removed from {name} ({left} left)")
    owner = g.objects[card].owner
    if left:
        create_delayed(ctx, owner, card, name, SUSPEND_UPKEEP, (card,))
    else:
        create_reflexive(ctx, owner, card, name, SUSPEND_LAST_COUNTER)


@resolves(ExileWarped)
def _exile_warped(ctx: Ctx, eff: ExileWarped, r: Resolving) -> None:
    """CR 702.185a-b: the permanent is exiled and becomes a warped card (``choices["warped"]``:
    the turn; ``rules.special_actions.exile_permission`` lets its owner cast it later)."""
    g = ctx.g
    for oid in refs(ctx, eff.what, r):
        if oid not in g.objects or g.objects[oid].zone is not Zone.BATTLEFIELD:
            continue
        ctx.log("702.185a", f"{name_of(ctx, oid)} is exiled (warp); its owner may cast it after this turn")
        new = move(ctx, oid, Zone.EXILE, "exile")
        if new is not None and new in g.objects:
            g.obj(new).choices["warped"] = g.turn


@resolves(EnterAttacking)
def _enter_attacking(ctx: Ctx, eff: EnterAttacking, r: Resolving) -> None:
    """CR 702.49a, 702.49c: the card, if still in its owner's hand, is put onto the battlefield
    tapped, unblocked and attacking what the returned creature attacked (not declared as an
    attacker: nothing "whenever ~ attacks" triggers, CR 508.4). A planeswalker that has left
    can't be attacked: it enters tapped only."""
    g = ctx.g
    card = r.source
    if card not in g.objects or g.objects[card].zone is not Zone.HAND:
        return
    defender = g.objects[card].choices.get("attacking_as")
    new = move(ctx, card, Zone.BATTLEFIELD, "ninjutsu", controller=r.controller)
    if new is None or new not in g.objects:
        return
    g.obj(new).tapped = True
    if defender is not None:
        put_attacking(ctx, new, defender, ", unblocked (CR 702.49c)")
    g.changed()


_ENCORE_SACRIFICE = TriggeredAbility(Trigger("end_step", whose="any"), (SacrificePermanent(Ref("remembered", 0)),),
                                     text="encore (CR 702.141a): sacrifice the token at the beginning of the next "
                                          "end step")


@resolves(Encore)
def _encore(ctx: Ctx, eff: Encore, r: Resolving) -> None:
    """CR 702.141a: for each opponent (in turn order, CR 102.2), a token copy of the card that
    attacks that opponent this turn if able (``choices["must_attack"]``, read by
    ``rules.combat``), with haste, sacrificed at the beginning of the next end step."""
    g = ctx.g
    for card in refs(ctx, eff.what, r):
        if card not in g.objects:
            continue
        for opponent in g.opponents(r.controller):
            for token in create_tokens(ctx, r.controller, copy_values(g, card, None), 1, origin=r.source):
                g.obj(token).choices["must_attack"] = (player_ref(opponent), g.turn)
                g.effects = g.effects + [ContinuousEffect(g.new_timestamp(),
                                                          (ChangeAbilities(add_keywords=frozenset({"haste"})),),
                                                          frozenset({token}), "", token, r.controller)]
                g.changed()
                ctx.log("702.141a", f"{name_of(ctx, token)} gains haste and attacks {g.players[opponent].name} this "
                                    f"turn if able")
                create_delayed(ctx, r.controller, token, name_of(ctx, token), _ENCORE_SACRIFICE, (token,))
