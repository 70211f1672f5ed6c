"""Counters (CR 122), proliferate (CR 701.34), adapt (701.46), and the keyword actions double and
triple (701.10, 701.11): the resolutions of these effects (``resolve.resolves``)."""
from __future__ import annotations

from ...agents.decisions import player_of
from ...cards.vocabulary import Adapt, Double, ModifyPT, Proliferate, PutCounters, RemoveCounters
from ...core.enums import Zone
from ...rules.context import Ctx
from ..layers import ContinuousEffect, characteristics
from ..primitives import (
    gain_life, lose_life, name_of, produce_mana, proliferate, put_counters, remove_counters,
)
from ..resolve import Resolving, amount, execute, players_of, refs, resolves


@resolves(PutCounters)
def _put_counters(ctx: Ctx, eff: PutCounters, r: Resolving) -> None:
    """CR 122.1."""
    for oid in refs(ctx, eff.what, r):
        put_counters(ctx, oid, eff.kind, amount(ctx, eff.amount, r), origin=r.source)


@resolves(RemoveCounters)
def _remove_counters(ctx: Ctx, eff: RemoveCounters, r: Resolving) -> None:
    """CR 122.1; "If you can't, ..." when none was removed."""
    g = ctx.g
    removed = 0
    onto = None if eff.move_to is None else [t for t in refs(ctx, eff.move_to, r)
                                             if t > 0 and g.objects[t].zone is Zone.BATTLEFIELD][:1]
    for oid in refs(ctx, eff.what, r):
        if onto is not None and (not onto or onto[0] == oid):
            ctx.log("122.5", f"no counter can be moved from {name_of(ctx, oid)}")     # CR 122.5
            continue
        if g.objects[oid].zone is Zone.BATTLEFIELD:
            done = remove_counters(ctx, oid, eff.kind, amount(ctx, eff.amount, r))
            removed += done
            if done:
                ctx.log("122.1", f"{done} {eff.kind} counter(s) removed from {name_of(ctx, oid)}")
            if done and onto:                          # CR 122.5: moved onto the other object
                put_counters(ctx, onto[0], eff.kind, done, rule="122.5", origin=r.source)
    if not removed and eff.if_cant:
        execute(ctx, eff.if_cant, r)                               # "If you can't, ..."


@resolves(Proliferate)
def _proliferate(ctx: Ctx, eff: Proliferate, r: Resolving) -> None:
    """CR 701.34a."""
    proliferate(ctx, r.controller, r.name)                        # CR 701.34a


@resolves(Adapt)
def _adapt(ctx: Ctx, eff: Adapt, r: Resolving) -> None:
    """CR 701.46a: +1/+1 counters unless it already has one."""
    g = ctx.g
    for oid in refs(ctx, eff.what, r):
        if oid in g.objects and g.objects[oid].zone is Zone.BATTLEFIELD:
            if g.objects[oid].counters.get("+1/+1"):
                ctx.log("701.46a", f"{name_of(ctx, oid)} has +1/+1 counters on it and doesn't adapt")
            else:
                put_counters(ctx, oid, "+1/+1", eff.amount, origin=r.source)


_MANA_ORDER = ("W", "U", "B", "R", "G", "C")


@resolves(Double)
def double(ctx: Ctx, eff: Double, r: Resolving) -> None:
    """The keyword actions double (CR 701.10) and triple (CR 701.11), each done as the event
    the rules make it: gaining or losing life, putting counters, adding mana, a +X/+Y
    modification — so replacement effects modify that event (a doubling under "twice that
    much" gives three times the value, not four)."""
    g = ctx.g
    more = eff.times - 1                 # doubling adds the value once; tripling, twice
    verb = {2: "doubles", 3: "triples"}.get(eff.times, f"multiplies by {eff.times}")
    if eff.value == "life":
        for p in players_of(refs(ctx, eff.what, r)):
            life = g.players[p].life
            ctx.log("701.10d", f"{r.name} {verb} {g.players[p].name}'s life total ({life})")
            if life > 0:
                gain_life(ctx, p, life * more, rule="701.10d", origin=r.source)
            elif life < 0:
                lose_life(ctx, p, -life * more, rule="701.10d")       # a negative total: a loss
    elif eff.value == "counters":
        for oid in refs(ctx, eff.what, r):
            p = player_of(oid)
            if p is not None:
                pl = g.players[p]
                have = {"poison": pl.poison, **pl.counters}
            elif oid in g.objects:
                have = dict(g.objects[oid].counters)
            else:
                continue
            for kind, count in have.items():
                if count > 0 and (not eff.kind or kind == eff.kind):
                    ctx.log("701.10e", f"{r.name} {verb} the {kind} counters on {name_of(ctx, oid)} ({count})")
                    put_counters(ctx, oid, kind, count * more, rule="701.10e", origin=r.source)
    elif eff.value == "mana":
        for p in players_of(refs(ctx, eff.what, r)):
            pool = g.players[p].pool
            added = tuple(kind for kind in _MANA_ORDER for _ in range(pool.get(kind, 0) * more))
            ctx.log("701.10f", f"{r.name} {verb} the unspent mana of {g.players[p].name}")
            produce_mana(ctx, p, added, r.source, tapped=r.tapped_for_mana, source_name=r.name)
    elif eff.value in ("power", "toughness", "power_toughness"):
        for t in refs(ctx, eff.what, r):
            if t not in g.objects or g.objects[t].zone is not Zone.BATTLEFIELD:
                continue
            ch = characteristics(g, t)
            if ch.power is None:
                continue
            # CR 701.10b-c, 701.11b-c: +X/+Y with X and Y fixed now; a negative value gives -X
            dp = ch.power * more if eff.value != "toughness" else 0
            dt = (ch.toughness or 0) * more if eff.value != "power" else 0
            g.effects.append(ContinuousEffect(g.new_timestamp(), (ModifyPT(dp, dt),), frozenset({t}),
                                              "end_of_turn" if eff.until_end_of_turn else "", r.source,
                                              r.controller))
            g.changed()
            rule = ("701.10c" if dp < 0 or dt < 0 else "701.10b") if eff.times == 2 else \
                ("701.11c" if dp < 0 or dt < 0 else "701.11b")
            ctx.log(rule, f"{r.name} {verb} the power and toughness of {name_of(ctx, t)}: it gets "
                    f"{dp:+d}/{dt:+d}" + (" until end of turn" if eff.until_end_of_turn else ""))
    elif eff.value == "x":
        for oid in refs(ctx, eff.what, r):
            if oid in g.objects and g.objects[oid].zone is Zone.STACK:
                o = g.obj(oid)
                before = o.x
                o.x = before * eff.times
                g.changed()
                ctx.log("107.3", f"{r.name} {verb} the value of X of {name_of(ctx, oid)}: {before} -> {o.x}")
    else:
        raise ValueError(f"can't double {eff.value!r}")
