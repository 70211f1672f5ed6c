"""The status of permanents: tapping and untapping (CR 701.26) and what an untap step skips (CR
502.3), attaching (701.3), gaining control (613.1b): the resolutions of these effects
(``resolve.resolves``)."""
from __future__ import annotations

from ...agents.decisions import Decision
from ...cards.vocabulary import Attach, GainControl, HoldTapped, SetController, SkipNextUntap, TapUntap, Unattach
from ...core.enums import Zone
from ...core.errors import IllegalActionError
from ...rules.context import Ctx
from ..attachment import can_attach
from ..layers import ContinuousEffect, characteristics, duration_holds
from ..link_records import link_source
from ..primitives import name_of, set_tapped
from ..resolve import Resolving, refs, resolves


@resolves(TapUntap)
def _tap_untap(ctx: Ctx, eff: TapUntap, r: Resolving) -> None:
    """CR 701.26a-b; "up to N" chosen as it resolves."""
    g = ctx.g
    chosen = refs(ctx, eff.what, r)
    if eff.up_to:
        chosen = _choose_up_to(ctx, r, chosen, eff.up_to, "untap" if not eff.tap else "tap")
    for oid in chosen:
        if oid in g.objects:
            set_tapped(ctx, oid, eff.tap)
            ctx.log("701.26a" if eff.tap else "701.26b", f"{name_of(ctx, oid)} becomes {'tapped' if eff.tap else 'untapped'}")


@resolves(Attach)
def _attach(ctx: Ctx, eff: Attach, r: Resolving) -> None:
    """CR 701.3a."""
    for what in refs(ctx, eff.what, r):
        for to in refs(ctx, eff.to, r)[:1]:
            attach(ctx, what, to)


@resolves(Unattach)
def _unattach(ctx: Ctx, eff: Unattach, r: Resolving) -> None:
    """CR 701.3d: it stays on the battlefield, attached to nothing."""
    g = ctx.g
    for what in refs(ctx, eff.what, r):
        if what in g.objects and g.objects[what].zone is Zone.BATTLEFIELD and g.objects[what].attached_to is not None:
            g.obj(what).attached_to = None
            g.changed()
            ctx.log("701.3d", f"{name_of(ctx, what)} becomes unattached")


@resolves(GainControl)
def _gain_control(ctx: Ctx, eff: GainControl, r: Resolving) -> None:
    """CR 613.1b (:func:`gain_control`)."""
    g = ctx.g
    gain_control(ctx, [t for t in refs(ctx, eff.what, r)
                       if t in g.objects and g.objects[t].zone is Zone.BATTLEFIELD],
                 r, eff.until_end_of_turn, eff.lasts)


@resolves(HoldTapped)
def _hold_tapped(ctx: Ctx, eff: HoldTapped, r: Resolving) -> None:
    """CR 502.3: "it doesn't untap during its controller's untap step for as long as you control ~"."""
    for t in refs(ctx, eff.what, r):
        if t in ctx.g.objects and ctx.g.objects[t].zone is Zone.BATTLEFIELD:
            ctx.g.obj(t).choices["no_untap"] = (link_source(r), r.controller)
            ctx.log("502.3", f"{name_of(ctx, t)} doesn't untap during its controller's untap step for as long "
                    f"as {ctx.g.players[r.controller].name} controls {r.name}")


@resolves(SkipNextUntap)
def _skip_next_untap(ctx: Ctx, eff: SkipNextUntap, r: Resolving) -> None:
    """CR 502.3: "it doesn't untap during its controller's next untap step"."""
    g = ctx.g
    for t in refs(ctx, eff.what, r):
        if t in g.objects and g.objects[t].zone is Zone.BATTLEFIELD:
            whose = characteristics(g, t).controller
            g.obj(t).choices["skip_next_untap"] = whose
            ctx.log("502.3", f"{name_of(ctx, t)} doesn't untap during {g.players[whose].name}'s next untap step")


def _choose_up_to(ctx: Ctx, r: Resolving, options: list[int], most: int, verb: str) -> list[int]:
    """ "Untap up to three lands": the controller chooses as the effect resolves (CR 608.2d)."""
    if not options:
        return []
    answer = ctx.ask(Decision(r.controller, "choose", f"choose up to {most} to {verb} ({r.name}); none: none",
                              list(options), min=0, max=min(most, len(options))))
    chosen = [] if answer in (None, "none") else answer if isinstance(answer, list) else [answer]
    if len(chosen) > most or len(set(chosen)) != len(chosen) or any(c not in options for c in chosen):
        raise IllegalActionError(f"{r.name}: choose up to {most} of the permanents it can {verb}")
    return chosen


def attach(ctx: Ctx, what: int, to: int) -> bool:
    """CR 701.3: attaches an Aura or Equipment; it doesn't move if it can't be attached to that
    object or is already attached to it (701.3b), and gets a new timestamp (701.3c)."""
    g = ctx.g
    if what not in g.objects or g.objects[what].zone is not Zone.BATTLEFIELD:
        return False
    if g.objects[what].attached_to == to:
        return False
    if not can_attach(g, what, to):
        ctx.log("701.3b", f"{name_of(ctx, what)} can't be attached to {name_of(ctx, to)} and doesn't move")
        return False
    o = g.obj(what)
    o.attached_to = to
    o.timestamp = g.new_timestamp()
    g.changed()
    ctx.log("701.3a", f"{name_of(ctx, what)} is attached to {name_of(ctx, to)}")
    return True


def gain_control(ctx: Ctx, targets: list[int], r: Resolving, until_end_of_turn: bool,
                 lasts: tuple[str, ...] = ()) -> None:
    """A control-changing effect in layer 2 (CR 613.1b): the effect's controller controls the
    objects, until end of turn (it ends in the cleanup step, CR 514.2), indefinitely, or for as
    long as ``lasts`` holds (CR 611.2b: if it already doesn't, the effect does nothing). The
    affected objects are fixed as it begins (CR 611.2c)."""
    g = ctx.g
    if not targets:
        return
    if lasts and not duration_holds(g, lasts, r.source, r.controller, frozenset(targets)):
        ctx.log("611.2b", f"{r.name}: the \"for as long as\" duration never starts, so the effect does nothing")
        return
    g.effects.append(ContinuousEffect(timestamp=g.new_timestamp(), mods=(SetController(),),
                                      affected=frozenset(targets), until="end_of_turn" if until_end_of_turn else "",
                                      source_id=r.source, controller=r.controller, lasts=lasts))
    g.changed()
    for t in targets:
        ctx.log("613.1b", f"{g.players[r.controller].name} gains control of {name_of(ctx, t)}"
                + (" until end of turn" if until_end_of_turn else
                   " for as long as " + " and ".join(lasts) if lasts else ""))
