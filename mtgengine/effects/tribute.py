"""Tribute (CR 702.104a): "As this creature enters, choose an opponent. That player may put an
additional N +1/+1 counters on it as it enters." A part of its own "enters with counters"
replacement effect (``replacement``, CR 614.1c). Whether tribute was paid is noted on the
permanent for its "if tribute wasn't paid" ability (CR 702.104b)."""
from __future__ import annotations

from ..agents.decisions import Decision, player_ref
from ..core.errors import IllegalActionError
from ..rules.context import Ctx

#: The stat of the entering permanent's "enters with N counters" that tribute decides.
TRIBUTE = "tribute"
#: The note on the permanent when its tribute wasn't paid (read by a "designated" condition).
UNPAID = "tribute_unpaid"


def tribute(ctx: Ctx, oid: int, player: int, name: str, number: int) -> int:
    """The player it enters under chooses an opponent, who may have it enter with ``number``
    more +1/+1 counters; returns how many it gets."""
    g = ctx.g
    opponents = g.opponents(player)
    if not opponents:
        return 0
    chosen = opponents[0]
    if len(opponents) > 1:
        answer = ctx.ask(Decision(player, "choose", f"tribute: choose an opponent ({name})",
                                  [player_ref(p) for p in opponents]))
        if answer not in [player_ref(p) for p in opponents]:
            raise IllegalActionError("choose an opponent")
        chosen = -answer - 1
    who = g.players[chosen].name
    paid = bool(ctx.ask(Decision(chosen, "yesno", f"tribute {number}: have {name} enter with {number} more "
                                 "+1/+1 counter(s)?", [True, False])))
    verb = "pays" if paid else "doesn't pay"
    ctx.log("702.104a", f"{who} {verb} tribute {number} for {name}")
    if not paid and oid in g.objects:
        g.obj(oid).choices[UNPAID] = True
    return number if paid else 0
