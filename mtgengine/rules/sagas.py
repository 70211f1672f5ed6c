"""Sagas (CR 714), the turn-based action: as a player's precombat main phase begins, that player
puts a lore counter on each Saga they control with one or more chapter abilities (CR 714.3b; it
doesn't use the stack). The chapters, and the sacrifice after the last one, are ``effects.sagas``.
"""
from __future__ import annotations

from ..core.enums import Zone
from ..effects.primitives import put_counters
from ..effects.sagas import LORE, sagas_of
from .context import Ctx


def precombat_main(ctx: Ctx) -> None:
    """CR 714.3b: the active player's Sagas each get a lore counter (in battlefield order)."""
    g = ctx.g
    for oid in sagas_of(g, g.active):
        if oid in g.objects and g.objects[oid].zone is Zone.BATTLEFIELD:
            put_counters(ctx, oid, LORE, 1, rule="714.3b")
