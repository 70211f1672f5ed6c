"""Devour (CR 702.82a): "As this object enters, you may sacrifice any number of creatures. This
permanent enters with N +1/+1 counters on it for each creature sacrificed this way." A part of
its own "enters with counters" replacement effect (``replacement``, CR 614.1c); the
sacrifices are carried out by the effects interpreter (``resolve.execute``, CR 701.21a)."""
from __future__ import annotations

from typing import Any

from ..agents.decisions import Decision
from ..cards.vocabulary import Ref, SacrificePermanent
from ..core.enums import Zone
from ..core.errors import IllegalActionError
from ..rules.context import Ctx
from .layers import characteristics
from .resolve import Resolving, execute

#: The stat of the entering permanent's "enters with N counters for each creature it devoured".
DEVOURED = "devoured"


def devour(ctx: Ctx, oid: int, player: int, name: str) -> int:
    """The player it enters under sacrifices the creatures they choose (none: "you may");
    returns how many were sacrificed (CR 702.82b: it "devoured" them), noted on the object."""
    g = ctx.g
    options = [p for p in g.battlefield if p != oid and characteristics(g, p).controller == player
               and "Creature" in characteristics(g, p).types]
    if not options:
        return 0
    answer: Any = ctx.ask(Decision(player, "sacrifice", f"devour: sacrifice any number of creatures as {name} "
                                   "enters (none: none)", options, min=0, max=len(options)))
    chosen = [] if answer is None else (answer if isinstance(answer, list) else [answer])
    if any(a not in options for a in chosen) or len(set(chosen)) != len(chosen):
        raise IllegalActionError("choose creatures you control to sacrifice, each once")
    execute(ctx, tuple(SacrificePermanent(Ref("remembered", i)) for i in range(len(chosen))),
            Resolving(oid, player, (), (), name=name, remembered=tuple(chosen)))
    eaten = sum(1 for c in chosen if c not in g.objects or g.objects[c].zone is not Zone.BATTLEFIELD)
    ctx.log("702.82a", f"{name} devours {eaten} creature(s)")
    if oid in g.objects:
        g.obj(oid).choices[DEVOURED] = eaten
    return eaten
