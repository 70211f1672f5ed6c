"""Enlist (CR 702.154): an optional cost to attack (CR 508.1g, 702.154b) — tap up to one untapped
creature you control that you didn't choose to attack with and that has haste or has been under
your control continuously since your turn began — and its linked triggered ability (CR 607.2h,
603.12): "When you do, this creature gets +X/+0 until end of turn, where X is the tapped
creature's power" (as the ability resolves, CR 608.2h)."""
from __future__ import annotations

from ..agents.decisions import Decision
from ..cards.vocabulary import Pump, Quantity, Ref, SELF, Trigger, TriggeredAbility
from ..core.errors import IllegalActionError
from ..rules.context import Ctx
from .layers import characteristics, summoning_sick
from .primitives import name_of, set_tapped
from .triggers import create_reflexive

#: The linked "When you do" ability; "the tapped creature": the one remembered.
ENLISTED = TriggeredAbility(
    Trigger("reflexive", "you"),
    (Pump(SELF, x_power=1, x_value=Quantity(stat="power", of=Ref("remembered"))),),
    text="Enlist: this creature gets +X/+0 until end of turn, where X is the tapped creature's power")


def enlist_attackers(ctx: Ctx, attackers: list[int]) -> None:
    """CR 508.1g: for each attacker with enlist, its controller may enlist another creature
    (CR 702.154c: never itself), paying the cost by tapping it (CR 508.1j)."""
    g = ctx.g
    for oid in attackers:
        ch = characteristics(g, oid)
        if "enlist" not in ch.keywords:
            continue
        you = ch.controller
        able = [c for c in g.battlefield if c != oid and g.objects[c].attacking is None and not g.objects[c].tapped
                and "Creature" in (cc := characteristics(g, c)).types and cc.controller == you
                and ("haste" in cc.keywords or not summoning_sick(g, c))]
        if not able or not ctx.ask(Decision(you, "yesno", f"enlist a creature as {ch.name} attacks?", [True, False])):
            continue
        chosen = able[0] if len(able) == 1 else ctx.ask(Decision(
            you, "choose", f"enlist: choose an untapped creature to tap for {ch.name}", able))
        if chosen not in able:
            raise IllegalActionError("enlist: choose an untapped creature you control that isn't attacking "
                                     "and has haste or has been under your control since your turn began")
        set_tapped(ctx, chosen, True)
        ctx.log("702.154c", f"{ch.name} enlists {name_of(ctx, chosen)}")
        create_reflexive(ctx, you, oid, ch.name, ENLISTED, remembered=(chosen,))
