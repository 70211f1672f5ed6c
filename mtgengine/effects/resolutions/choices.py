"""Choices, notes and conditions: "choose a color / a card name" and notes for linked abilities
(CR 607.2d-g, ``effects.links``), "if <condition>, ...; otherwise" (CR 608.2c) and "if this spell
was kicked" (CR 702.33e): the resolutions of these effects (``resolve.resolves``)."""
from __future__ import annotations

from ...cards.vocabulary import Choose, Conditional, FlipCoin, IfKicked, IfMatches, Note
from ...rules.context import Ctx
from ..characteristics import matches_characteristics
from ..layers import characteristics
from ..links import choose, link_source, note
from ..resolve import Resolving, execute, resolves, targets_as_moved
from ..triggers import condition_holds


resolves(Choose)(choose)                  # CR 607.2d-g: asked and recorded for the link source (links)
resolves(Note)(note)                      # CR 607.2d: noted for the link source (links)


@resolves(Conditional)
def _conditional(ctx: Ctx, eff: Conditional, r: Resolving) -> None:
    """CR 608.2c: "if <condition>, ...; otherwise, ..." as it resolves."""
    holds = condition_holds(ctx.g, eff.condition, r.controller, link_source(r), r.kicked)
    execute(ctx, eff.effects if holds else eff.otherwise, r)


@resolves(IfMatches)
def _if_matches(ctx: Ctx, eff: IfMatches, r: Resolving) -> None:
    """CR 608.2c, 608.2h: "If it was a creature card, ..." — the target the instruction before
    moved is the new object it became (CR 400.7), read where it is now, or as it last existed."""
    g = ctx.g
    found = False
    if eff.what.kind == "target":
        for oid, now in targets_as_moved(eff.what.index, r):
            ch = characteristics(g, now) if now in g.objects else g.lki.get(now) or g.lki.get(oid)
            if ch is not None and matches_characteristics(eff.filter, ch, ch.controller, r.controller):
                found = True
    execute(ctx, eff.effects if found else eff.otherwise, r)


@resolves(FlipCoin)
def _flip_coin(ctx: Ctx, eff: FlipCoin, r: Resolving) -> None:
    """CR 705.1-705.2: the controller flips a coin (the game's RNG) and wins or loses the flip."""
    won = ctx.g.rng.randrange(2) == 0
    ctx.log("705.2", f"{ctx.g.players[r.controller].name} flips a coin for {r.name} and "
            + ("wins the flip" if won else "loses the flip"))
    execute(ctx, eff.effects if won else eff.otherwise, r)


@resolves(IfKicked)
def _if_kicked(ctx: Ctx, eff: IfKicked, r: Resolving) -> None:
    """CR 702.33e: "if this spell was kicked"."""
    execute(ctx, eff.effects if r.kicked else eff.otherwise, r)      # CR 702.33e
