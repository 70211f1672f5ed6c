"""Dredge (CR 702.52a): "As long as you have at least N cards in your library, if you would draw
a card, you may instead mill N cards and return this card from your graveyard to your hand." A
static ability of a card in a graveyard: a replacement effect of the pipeline
(``replacement``) for the draws of its owner; the milling and the return are carried out by the
effects interpreter (``resolve.execute``: CR 701.17a, 400.7)."""
from __future__ import annotations

from typing import Any

from ..agents.decisions import Decision
from ..cards.vocabulary import Mill, ReplacementAbility, ReturnToHand, SELF, YOU, n
from ..core.enums import Zone
from ..rules.context import Ctx
from .layers import characteristics
from .resolve import Resolving, execute

_PREFIX = "dredge "


def dredge_number(g: Any, oid: int) -> int:
    """N of a card's "Dredge N" (0: none)."""
    for kw in characteristics(g, oid).keywords:
        if kw.startswith(_PREFIX) and kw[len(_PREFIX):].isdigit():
            return int(kw[len(_PREFIX):])
    return 0


def any_dredge(g: Any) -> bool:
    """Whether a card with dredge is in a graveyard (a draw may then be replaced)."""
    return any(dredge_number(g, oid) for p in g.players for oid in g.zones[(p.index, Zone.GRAVEYARD)])


def dredge_abilities(g: Any, player: int) -> list[tuple[int, ReplacementAbility]]:
    """The dredge cards in ``player``'s graveyard that may replace their draw now (at least N
    cards in their library), each with its replacement effect."""
    library = len(g.zones[(player, Zone.LIBRARY)])
    out = []
    for oid in g.zones[(player, Zone.GRAVEYARD)]:
        number = dredge_number(g, oid)
        if number and library >= number:
            out.append((oid, ReplacementAbility("draw", amount=n(number), text=f"{_PREFIX}{number} (CR 702.52a)")))
    return out


def is_dredge(ab: ReplacementAbility) -> bool:
    return ab.event == "draw" and ab.text.startswith(_PREFIX)


def dredge_instead(ctx: Ctx, card: int, player: int, ab: ReplacementAbility, what: str) -> bool:
    """The player may mill N cards and return the card to their hand instead of drawing;
    True if they did (the draw doesn't happen)."""
    g = ctx.g
    number = ab.amount.fixed if ab.amount is not None else 0
    name = characteristics(g, card).name
    if not ctx.ask(Decision(player, "yesno", f"dredge {number}: mill {number} and return {name} to your hand "
                            f"instead of drawing ({what})?", [True, False])):
        return False
    ctx.log("702.52a", f"{g.players[player].name} dredges {name}: mills {number} instead of drawing")
    execute(ctx, (Mill(YOU, n(number)), ReturnToHand(SELF)), Resolving(card, player, (), (), name=name))
    return True
