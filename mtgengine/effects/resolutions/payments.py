"""Costs paid as an effect resolves: "[you may] <action>. When you do / If you do, ..." (CR 603.12,
608.2c), "unless [a player] pays" (CR 118.12), echo (702.30a), Ice Cave's "counter it if a player
pays its mana cost": the resolutions of these effects (``resolve.resolves``). Mana is paid
through ``effects.rules_interface`` (the payment rules sit above the effects)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...agents.decisions import Decision
from ...cards.vocabulary import CounterIfPaid, DoAction, MayPay, PayEcho, Ref, SacrificePermanent, UnlessPays
from ...core.enums import Zone
from ...core.mana import ManaCost
from ...rules import ability_costs
from ...rules.context import Ctx
from ..layers import characteristics
from ..links import pays
from ..primitives import lose_life, move, name_of, pay_energy
from ..resolve import Resolving, execute, players_of, refs, resolves
from ..rules_interface import can_pay, pay_mana
from ..triggers import create_reflexive
from .zones import counter


@resolves(MayPay)
def _may_pay(ctx: Ctx, eff: MayPay, r: Resolving) -> None:
    """CR 118.12, 608.2c: "you may pay {N}. If you do, ..."."""
    if pays(ctx, r.controller, eff.mana, r.name):
        execute(ctx, eff.effects, r)


@resolves(UnlessPays)
def _unless_pays(ctx: Ctx, eff: UnlessPays, r: Resolving) -> None:
    """CR 118.12: "... unless you pay {N}"; "... unless that player pays {N}": that player
    decides first, then (not paid) the effects happen, their own choices included (Rhystic
    Study's "you may draw": its rulings, the opponent decides before the draw is chosen)."""
    payer = r.controller
    if eff.payer is not None:
        players = players_of(refs(ctx, eff.payer, r))
        if not players:
            execute(ctx, eff.effects, r)        # no such player now: nobody pays (CR 608.2b)
            return
        payer = players[0]
    if not pays(ctx, payer, eff.mana, r.name):
        execute(ctx, eff.effects, r)


@resolves(PayEcho)
def _pay_echo(ctx: Ctx, eff: PayEcho, r: Resolving) -> None:
    """CR 702.30a: sacrificed unless its echo cost is paid."""
    g = ctx.g
    if r.source in g.objects and g.objects[r.source].zone is Zone.BATTLEFIELD:
        g.obj(r.source).choices["echo"] = r.controller      # checked under this controller (CR 702.30a)
        if not pays(ctx, r.controller, eff.mana, r.name, rule="702.30a", prompt=f"pay echo {eff.mana} ({r.name})?"):
            execute(ctx, (SacrificePermanent(Ref("self")),), r)


@resolves(CounterIfPaid)
def _counter_if_paid(ctx: Ctx, eff: CounterIfPaid, r: Resolving) -> None:
    """Ice Cave (:func:`counter_if_paid`)."""
    for oid in refs(ctx, eff.what, r):
        counter_if_paid(ctx, oid, r.controller, r.name)


@resolves(DoAction)
def do_action(ctx: Ctx, eff: DoAction, r: Resolving) -> None:
    """ "[You may] <action>. When you do / If you do, ...": the action is paid like a cost (CR
    118.3: only if it can be paid in full); taken, it makes the reflexive triggered ability
    trigger (CR 603.12) or does the "if you do" effects (CR 608.2c)."""
    g = ctx.g
    who, cost, name = r.controller, eff.cost, r.name
    if eff.who is not None:
        actors = players_of(refs(ctx, eff.who, r))
        if not actors:
            return
        who = actors[0]
        r = replace(r, controller=who)           # "they" in what follows is that player (Chain Lightning)
    player = g.players[who].name
    if cost is None:
        # an action that is no cost: it happened if it changed the game (CR 603.12)
        if eff.optional and not ctx.ask(Decision(who, "yesno", f"{_action_text(ctx, eff, r)} ({name})?",
                                                  [True, False])):
            ctx.log("603.12", f"{player} doesn't {_action_text(ctx, eff, r)} ({name})")
            return
        before, moved_before = len(g.events), dict(r.moved)
        execute(ctx, eff.action, r)
        if len(g.events) > before and eff.then:
            # CR 118.12: "you may draw a card. If you do, ...": the action is a cost the player
            # chose to pay; one that couldn't be done at all (it changed nothing) wasn't paid
            ctx.log("118.12", f"{player} did {_action_text(ctx, eff, r)} ({name})")
            execute(ctx, eff.then, r)
        elif eff.then:
            ctx.log("118.12", f"{player} couldn't {_action_text(ctx, eff, r)} ({name})")
        if len(g.events) > before and eff.reflexive is not None:
            # CR 603.12, 400.7: the reflexive ability remembers the objects the action moved, as
            # the new objects they became ("it fights ...")
            done = tuple(new for old, new in r.moved.items() if moved_before.get(old) != new and new in g.objects)
            create_reflexive(ctx, who, r.source, name, eff.reflexive, subject=r.subject,
                             remembered=done or r.remembered, link_source=r.link_source, affected=r.affected)
        return
    src = r.source
    mana = ManaCost.parse(cost.mana) if cost.mana else None
    payable = (ability_costs.can_pay(g, who, src, cost)
               and (mana is None or can_pay(g, who, mana))
               and g.players[who].can_pay_life(cost.pay_life)
               and g.players[who].counters.get("energy", 0) >= cost.energy          # CR 107.14
               and (not cost.sacrifice_self or (src in g.objects and g.objects[src].zone is Zone.BATTLEFIELD
                                                and characteristics(g, src).controller == who)))
    what = _action_text(ctx, eff, r)
    if not payable:
        ctx.log("118.3", f"{player} can't {what} ({name})")
        return
    chosen: dict[str, list[int]] = {}
    if eff.optional:
        if len(cost.objects) == 1 and not (cost.mana or cost.pay_life or cost.sacrifice_self):
            part = cost.objects[0]          # "you may sacrifice an artifact": one choice, none declines
            options = ability_costs.candidates(g, who, src, part)
            answer = ctx.ask(Decision(who, part.verb, f"you may {what} ({name}); none: don't", options,
                                      min=0, max=part.count, info={"sizes": [0, part.count]}))
            picked = [] if answer in (None, "none") else answer if isinstance(answer, list) else [answer]
            if not picked:
                ctx.log("603.12", f"{player} doesn't {what} ({name})")
                return
            chosen[part.verb] = picked
        elif not ctx.ask(Decision(who, "yesno", f"{what} ({name})?", [True, False])):
            ctx.log("603.12", f"{player} doesn't {what} ({name})")
            return
    if mana is not None:
        pay_mana(ctx, who, mana, 0, frozenset(), name)
    if cost.pay_life:
        lose_life(ctx, who, cost.pay_life, rule="119.4")
    if cost.energy:
        pay_energy(ctx, who, cost.energy)
    if cost.sacrifice_self:
        ctx.log("701.21a", f"{player} sacrifices {name_of(ctx, src)}")
        move(ctx, src, Zone.GRAVEYARD, "sacrifice")
    if cost.objects:
        ability_costs.pay(ctx, who, src, cost, chosen or None, name)
    ctx.log("118.3", f"{player} chooses to {what} ({name})")
    if eff.reflexive is not None:
        create_reflexive(ctx, who, src, name, eff.reflexive, subject=r.subject, remembered=r.remembered,
                         link_source=r.link_source, affected=r.affected)
    execute(ctx, eff.then, r)


def _action_text(ctx: Ctx, eff: DoAction, r: Resolving) -> str:
    """The action in words, for questions and the log."""
    if eff.text:
        return eff.text.replace("~", r.name)
    cost = eff.cost
    if cost is None:
        return "do it"
    parts = [f"pay {cost.mana}"] if cost.mana else []
    if cost.pay_life:
        parts.append(f"pay {cost.pay_life} life")
    if cost.energy:
        parts.append("pay " + "{E}" * cost.energy)
    if cost.sacrifice_self:
        parts.append(f"sacrifice {r.name}")
    parts += [f"{p.verb} {p.count}" for p in cost.objects]
    return " and ".join(parts) or "do it"


def counter_if_paid(ctx: Ctx, spell: int, controller: int, source_name: str) -> bool:
    """Ice Cave: each player other than the spell's controller, in turn order (CR 101.4), may pay
    the spell's mana cost — its colors included, X as chosen for it (CR 107.3h), a Phyrexian
    symbol with mana or 2 life. A player who can't pay it isn't asked. Once one pays, the spell
    is countered (CR 701.6a). Returns whether it was."""
    g = ctx.g
    if spell not in g.objects or g.objects[spell].zone is not Zone.STACK:
        return False
    o = g.objects[spell]
    ch = characteristics(g, spell)
    name = name_of(ctx, spell)
    cost = ch.mana_cost
    for p in g.apnap():
        if p == o.controller or g.players[p].lost:
            continue
        who = g.players[p].name
        if cost is None:
            ctx.log("118.6", f"{name} has no mana cost: {who} can't pay it ({source_name})")
            continue
        if not can_pay(g, p, cost, o.x, ch.colors):
            ctx.log("118.3", f"{who} can't pay {cost}{_x(cost, o.x)} ({source_name})")
            continue
        if not ctx.ask(Decision(p, "yesno", f"pay {cost}{_x(cost, o.x)}, {name}'s mana cost, to counter it "
                                f"({source_name})?", [True, False])):
            ctx.log("118.12", f"{who} doesn't pay {name}'s mana cost")
            continue
        pay_mana(ctx, p, cost, o.x, ch.colors, f"{name}'s mana cost ({source_name})")
        ctx.log("118.12", f"{who} pays {name}'s mana cost {cost}{_x(cost, o.x)}: {name} is countered")
        counter(ctx, spell)
        return True
    return False


def _x(cost: Any, x: int) -> str:
    return f" with X={x}" if cost.x_count else ""
