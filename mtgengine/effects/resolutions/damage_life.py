"""Damage (CR 120), its prevention (CR 615) and fights (CR 701.14); life (CR 119) and winning the
game (CR 104.2b): the resolutions of these effects (``resolve.resolves``)."""
from __future__ import annotations

from ...agents.decisions import Decision
from ...cards.vocabulary import (
    DamageCantBePrevented, DealDamage, ExileIfDies, NoRegenerationThisTurn, Fight, Filter, GainLife, LoseLife, PreventDamage,
    WinGame, LoseGame,
)
from ...core.enums import Zone
from ...rules.context import Ctx
from ..layers import characteristics, matches
from ..primitives import deal_damage, gain_life, lose_game, lose_life, name_of
from ..replacement import create_prevention, exile_if_dies, forbid_life_gain, make_unpreventable
from ..resolve import Resolving, amount, players_of, refs, resolves


@resolves(DealDamage)
def _deal_damage(ctx: Ctx, eff: DealDamage, r: Resolving) -> None:
    """CR 120.3: the source deals the damage; divided as announced (CR 601.2d), or evenly among the targets
    chosen (Fireball)."""
    g = ctx.g
    source = r.source
    if eff.source is not None:
        # "Target creature you control deals damage equal to its power to ...": that creature is
        # the source (CR 120.3); gone or an illegal target, it deals none (CR 608.2b)
        found = [o for o in refs(ctx, eff.source, r) if o in g.objects and g.objects[o].zone is Zone.BATTLEFIELD]
        if not found:
            ctx.log("608.2b", f"{r.name}: the creature that would deal the damage is gone or an illegal target")
            return
        source = found[0]
    if eff.divided:
        # CR 601.2d: the division announced while casting; illegal targets get none (608.2b)
        for t, share in r.division:
            if t in refs(ctx, eff.to, r):
                deal_damage(ctx, source, t, share)
        return
    if eff.evenly:
        # Fireball: divided by the number of targets chosen, legal or not (rounded down)
        chosen = r.counts[eff.to.index] if r.counts and eff.to.index < len(r.counts) else len(r.targets)
        share = amount(ctx, eff.amount, r) // chosen if chosen else 0
        for t in refs(ctx, eff.to, r):
            deal_damage(ctx, source, t, share)
        return
    for t in refs(ctx, eff.to, r):
        if deal_damage(ctx, source, t, amount(ctx, eff.amount, r)) > 0 and t in g.objects:
            r.damaged.append(t)


@resolves(PreventDamage)
def _prevent_damage(ctx: Ctx, eff: PreventDamage, r: Resolving) -> None:
    # CR 615.3, 615.7: a prevention effect or shields for this turn; whom it protects is
    # fixed now (CR 611.2c).
    if eff.by is not None:
        # "Prevent all combat damage that would be dealt by target creature this turn" (CR 615.1a)
        for src in refs(ctx, eff.by, r):
            if src in ctx.g.objects:
                create_prevention(ctx, r.controller, r.name, r.name, None, None, eff.combat, from_source=src,
                                  once=False)
        return
    shielded = None if eff.to is None else refs(ctx, eff.to, r)
    if shielded != [] and eff.source_choice is not None:
        chosen = choose_source(ctx, eff.source_choice, r)
        if chosen:
            create_prevention(ctx, r.controller, r.name, r.name, shielded, None, eff.combat,
                              from_source=chosen, source_filter=eff.source_choice)
    elif shielded != []:
        create_prevention(ctx, r.controller, r.name, r.name, shielded,
                          None if eff.amount is None else amount(ctx, eff.amount, r), eff.combat)


@resolves(DamageCantBePrevented)
def _damage_cant_be_prevented(ctx: Ctx, eff: DamageCantBePrevented, r: Resolving) -> None:
    """CR 615.12: damage can't be prevented this turn; or life can't be gained (CR 119.7)."""
    if eff.life:
        forbid_life_gain(ctx, r.controller, r.name)      # CR 119.7
    else:
        make_unpreventable(ctx, r.controller, r.name)    # CR 615.12


@resolves(ExileIfDies)
def _exile_if_dies(ctx: Ctx, eff: ExileIfDies, r: Resolving) -> None:
    """CR 614.1a: "if it would die this turn, exile it instead" (the targets, or the creatures this
    resolution dealt damage to)."""
    g = ctx.g
    ids = refs(ctx, eff.what, r) if eff.what is not None else \
        [t for t in r.damaged if t in g.objects and "Creature" in characteristics(g, t).types]
    exile_if_dies(ctx, r.controller, r.name, [t for t in ids if t in g.objects])


@resolves(NoRegenerationThisTurn)
def _no_regeneration(ctx: Ctx, eff: NoRegenerationThisTurn, r: Resolving) -> None:
    """CR 701.19c: the creatures this resolution dealt damage to can't be regenerated this turn
    (Incinerate): a note on each permanent, read by ``zones.destroy`` (a new object after a zone
    change is free of it, CR 400.7)."""
    g = ctx.g
    for t in r.damaged:
        if t in g.objects and g.objects[t].zone is Zone.BATTLEFIELD and "Creature" in characteristics(g, t).types:
            g.obj(t).choices["no_regeneration"] = g.turn
            ctx.log("701.19c", f"{name_of(ctx, t)} can't be regenerated this turn")


@resolves(GainLife)
def _gain_life(ctx: Ctx, eff: GainLife, r: Resolving) -> None:
    """CR 119.3."""
    for p in players_of(refs(ctx, eff.who, r)):
        gain_life(ctx, p, amount(ctx, eff.amount, r, p), origin=r.source)


@resolves(LoseLife)
def _lose_life(ctx: Ctx, eff: LoseLife, r: Resolving) -> None:
    """CR 119.3."""
    for p in players_of(refs(ctx, eff.who, r)):
        lose_life(ctx, p, amount(ctx, eff.amount, r, p))


@resolves(Fight)
def _fight(ctx: Ctx, eff: Fight, r: Resolving) -> None:
    """CR 701.14a."""
    fight(ctx, refs(ctx, eff.first, r), refs(ctx, eff.second, r))


@resolves(LoseGame)
def _lose_game(ctx: Ctx, eff: LoseGame, r: Resolving) -> None:
    """CR 104.3e: each player the effect names loses the game."""
    for p in players_of(refs(ctx, eff.who, r)):
        lose_game(ctx, p, r.name)


@resolves(WinGame)
def _win_game(ctx: Ctx, eff: WinGame, r: Resolving) -> None:
    """CR 104.2b: the effect's controller wins; each other player loses."""
    g = ctx.g
    ctx.log("104.2b", f"{g.players[r.controller].name} wins the game ({r.name})")
    for p in g.players:
        if p.index != r.controller and not p.lost:
            g.player(p.index).lost = True
    g.over = True
    g.winner = r.controller


def choose_source(ctx: Ctx, flt: Filter, r: Resolving) -> int:
    """CR 609.7a: "a [red] source of your choice": a permanent, a spell on the stack, or an
    object an ability on the stack refers to (its source), with the stated properties now
    (CR 609.7b); chosen as the effect is created. 0: there is none."""
    g = ctx.g
    options: list[int] = []
    for oid in list(g.battlefield) + list(g.stack):
        o = g.objects[oid]
        src = o.source_id if o.ability is not None else oid
        if src in g.objects and src not in options and matches(g, src, flt, r.controller):
            options.append(src)
    if not options:
        ctx.log("609.7a", f"{r.name}: there is no source to choose")
        return 0
    return ctx.ask(Decision(r.controller, "choose", f"choose a source ({r.name})", options))


def fight(ctx: Ctx, first: list[int], second: list[int]) -> None:
    """CR 701.14a: each creature deals damage equal to its power to the other (not combat
    damage, 701.14d). If either is gone, no longer a creature, or an illegal target, neither
    fights (701.14b); a creature fighting itself is dealt twice its power (701.14c)."""
    g = ctx.g
    pair = first[:1] + second[:1]
    if len(pair) < 2 or any(o not in g.objects or g.objects[o].zone is not Zone.BATTLEFIELD
                            or "Creature" not in characteristics(g, o).types for o in pair):
        ctx.log("701.14b", "no fight: a creature instructed to fight is gone or is an illegal target")
        return
    a, b = pair
    power_a = characteristics(g, a).power or 0
    power_b = characteristics(g, b).power or 0
    ctx.log("701.14a", f"{name_of(ctx, a)} fights {name_of(ctx, b)}")
    deal_damage(ctx, a, b, power_a)
    deal_damage(ctx, b, a, power_b)
