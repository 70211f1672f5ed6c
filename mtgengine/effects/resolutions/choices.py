"""Choices, notes and conditions: "choose a color / a card name" and notes for linked abilities
(CR 607.2d-g, ``effects.links``), "if <condition>, ...; otherwise" (CR 608.2c) and "if this spell
was kicked" (CR 702.33e): the resolutions of these effects (``resolve.resolves``)."""
from __future__ import annotations

from ...cards.vocabulary import Choose, Conditional, IfKicked, Note
from ...rules.context import Ctx
from ..links import choose, link_source, note
from ..resolve import Resolving, execute, resolves
from ..triggers import condition_holds


resolves(Choose)(choose)                  # CR 607.2d-g: asked and recorded for the link source (links)
resolves(Note)(note)                      # CR 607.2d: noted for the link source (links)


@resolves(Conditional)
def _conditional(ctx: Ctx, eff: Conditional, r: Resolving) -> None:
    """CR 608.2c: "if <condition>, ...; otherwise, ..." as it resolves."""
    holds = condition_holds(ctx.g, eff.condition, r.controller, link_source(r), r.kicked)
    execute(ctx, eff.effects if holds else eff.otherwise, r)


@resolves(IfKicked)
def _if_kicked(ctx: Ctx, eff: IfKicked, r: Resolving) -> None:
    """CR 702.33e: "if this spell was kicked"."""
    execute(ctx, eff.effects if r.kicked else eff.otherwise, r)      # CR 702.33e
