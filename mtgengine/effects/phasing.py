"""Phasing (CR 702.26): a phased-out permanent is treated as though it doesn't exist (702.26b) —
its object stays, with its counters and its id, in ``GameState.phased_out`` (its ``zone``
``Zone.PHASED_OUT``, a status, not a zone: no zone change, no trigger, CR 702.26d) — and phases
in again as the same object (702.26c). Auras and Equipment attached to it phase out with it,
indirectly, and phase in with it (702.26g-h). The untap step's turn-based action (CR 502.1)
phases the active player's permanents with phasing out and theirs phased out in."""
from __future__ import annotations

from ..core.enums import Zone
from ..rules.context import Ctx
from .layers import characteristics, permanent_moved

#: ``choices`` keys of a phased-out object: the player who controlled it as it phased out, and
#: (phased out indirectly) the permanent it phased out with.
UNDER, WITH = "phased_out_under", "phased_out_with"


def phase_out(ctx: Ctx, oid: int, rule: str = "702.26a") -> None:
    """``oid`` phases out directly, and what is attached to it indirectly (CR 702.26g); a
    permanent that phases out is removed from combat (CR 702.26b, 506.4)."""
    g = ctx.g
    attached = [a for a in g.battlefield if g.objects[a].attached_to == oid]
    _phase_out(ctx, oid, 0, rule)
    for a in attached:
        _phase_out(ctx, a, oid, "702.26g")


def _phase_out(ctx: Ctx, oid: int, host: int, rule: str) -> None:
    g = ctx.g
    name = characteristics(g, oid).name
    controller = characteristics(g, oid).controller
    o = g.obj(oid)
    o.choices[UNDER] = controller
    if host:
        o.choices[WITH] = host
    o.attacking = None
    o.blocking = ()
    g.battlefield.remove(oid)
    o.zone = Zone.PHASED_OUT
    g.phased_out.append(oid)
    permanent_moved(g, 0)                      # (as if it left: ``GameState.changed``)
    ctx.log(rule, f"{name} phases out" + (" with the permanent it is attached to" if host else ""))


def phase_in(ctx: Ctx, oid: int) -> None:
    """``oid`` phases in (CR 702.26c), and what phased out with it (CR 702.26g), attached again."""
    g = ctx.g
    _phase_in(ctx, oid)
    for a in [a for a in g.phased_out if g.objects[a].choices.get(WITH) == oid]:
        _phase_in(ctx, a)


def _phase_in(ctx: Ctx, oid: int) -> None:
    g = ctx.g
    o = g.obj(oid)
    o.choices = {k: v for k, v in o.choices.items() if k not in (UNDER, WITH)}
    g.phased_out.remove(oid)
    o.zone = Zone.BATTLEFIELD
    g.battlefield.append(oid)
    permanent_moved(g, oid)
    ctx.log("702.26c", f"{characteristics(g, oid).name} phases in")


def untap_step_phasing(ctx: Ctx, player: int) -> None:
    """CR 502.1, 702.26a: at once, the phased-in permanents with phasing ``player`` controls phase
    out and the permanents that phased out directly under their control phase in (one that would
    phase out both ways phases out indirectly, CR 702.26h)."""
    g = ctx.g
    coming_in = [oid for oid in g.phased_out if g.objects[oid].choices.get(UNDER) == player
                 and not g.objects[oid].choices.get(WITH)]
    going_out = [oid for oid in g.battlefield if "phasing" in characteristics(g, oid).keywords
                 and characteristics(g, oid).controller == player]
    hosts = set(going_out)
    for oid in going_out:
        if g.objects[oid].attached_to not in hosts and oid in g.battlefield:
            phase_out(ctx, oid, "502.1")
    for oid in coming_in:
        phase_in(ctx, oid)
