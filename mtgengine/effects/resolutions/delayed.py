"""Effects that act after the resolution: delayed triggered abilities (CR 603.7), extra turns
(500.7), emblems (114), a Class's level (716), a Case solved (719.3a): the resolutions of these effects
(``resolve.resolves``)."""
from __future__ import annotations

from ...cards.vocabulary import CreateDelayedTrigger, CreateEmblem, ExtraTurn, SetLevel, Solve, TriggeredAbility
from ...core.enums import Zone
from ...rules.context import Ctx
from ..events import LevelEvent
from ..links import create_emblem
from ..resolve import Resolving, players_of, refs, resolves
from ..triggers import create_delayed


@resolves(CreateDelayedTrigger)
def _create_delayed_trigger(ctx: Ctx, eff: CreateDelayedTrigger, r: Resolving) -> None:
    """CR 603.7a: a delayed triggered ability, remembering the objects it refers to (CR 603.7c)."""
    remembered = tuple(refs(ctx, eff.remember, r)) if eff.remember is not None else ()
    create_delayed(ctx, r.controller, r.source, r.name,
                   TriggeredAbility(eff.trigger, eff.effects, text=eff.text), remembered, eff.also)


@resolves(ExtraTurn)
def _extra_turn(ctx: Ctx, eff: ExtraTurn, r: Resolving) -> None:
    """CR 500.7: the most recently created extra turn is taken first."""
    g = ctx.g
    for p in players_of(refs(ctx, eff.who, r)):
        g.extra_turns = (p,) + tuple(g.extra_turns)            # CR 500.7: most recent first
        ctx.log("500.7", f"{g.players[p].name} will take an extra turn after this one")
        g.changed()


resolves(CreateEmblem)(create_emblem)     # CR 114.1-114.2 (links: its records are the source's, CR 607.1d)


@resolves(Solve)
def _solve(ctx: Ctx, eff: Solve, r: Resolving) -> None:
    """CR 719.3a-b: the Case becomes solved (it stays so until it leaves the battlefield)."""
    src = r.source
    if src in ctx.g.objects and ctx.g.objects[src].zone is Zone.BATTLEFIELD and not ctx.g.objects[src].choices.get("solved"):
        ctx.g.obj(src).choices["solved"] = True
        ctx.g.changed()
        ctx.log("719.3a", f"{r.name} becomes solved")


@resolves(SetLevel)
def _set_level(ctx: Ctx, eff: SetLevel, r: Resolving) -> None:
    """CR 716.2a: a Class's level."""
    src = r.source
    if src in ctx.g.objects and ctx.g.objects[src].zone is Zone.BATTLEFIELD:
        ctx.g.obj(src).choices["level"] = eff.level
        ctx.g.changed()
        ctx.log("716.2a", f"{r.name}'s level becomes {eff.level}")
        ctx.g.events.append(LevelEvent(src, eff.level))          # "When this Class becomes level N"
