"""Spells cast while a keyword's triggered ability resolves (CR 608.2g): cascade (CR 702.85a)."""
from __future__ import annotations

from ...agents.decisions import Decision
from ...cards.vocabulary import Cascade
from ...core.enums import Zone
from ...rules.context import Ctx
from ..layers import characteristics, mana_value
from ..primitives import move, name_of
from ..resolve import Resolving, resolves
from ..rules_interface import cast_spell, uncastable_copy


def _spell_mana_value(ctx: Ctx, spell: int) -> int:
    """"This spell's mana value" (CR 702.85a): as it is on the stack, or as it last existed
    there (CR 608.2h) if it has left (its X is then not known: 0, CR 202.3e)."""
    g = ctx.g
    if spell in g.objects:
        return mana_value(g, spell)
    gone = g.lki.get(spell)
    return gone.mana_cost.mana_value() if gone is not None and gone.mana_cost is not None else 0


@resolves(Cascade)
def _cascade(ctx: Ctx, eff: Cascade, r: Resolving) -> None:
    """CR 702.85a: exile from the top until a nonland card with a lesser mana value; its
    controller may cast it without paying its mana cost; the rest go on the bottom in a random
    order (the game's RNG)."""
    g = ctx.g
    player = r.controller
    limit = _spell_mana_value(ctx, r.source)
    name = g.players[player].name
    exiled: list[int] = []
    hit = None
    library = g.zones[(player, Zone.LIBRARY)]
    while library:
        top = library[0]
        new = move(ctx, top, Zone.EXILE, "exile")
        if new is None or new not in g.objects:
            continue
        exiled.append(new)
        if "Land" not in characteristics(g, new).types and mana_value(g, new) < limit:
            hit = new
            break
    ctx.log("702.85a", f"{name} cascades ({r.name}, mana value {limit}): exiles "
            + (", ".join(name_of(ctx, c) for c in exiled) or "nothing"))
    if hit is not None:
        reason = uncastable_copy(g, player, hit, True)
        if reason:
            ctx.log("702.85a", f"{name_of(ctx, hit)} can't be cast ({reason})")
        elif ctx.ask(Decision(player, "yesno", f"cascade: cast {name_of(ctx, hit)} without paying its mana cost?",
                              [True, False])):
            ctx.log("702.85a", f"{name} casts {name_of(ctx, hit)} without paying its mana cost (cascade)")
            cast_spell(ctx, player, hit, {"action": "cast", "object": hit, "from": "exile", "by_effect": True,
                                          "free": True})
    rest = [c for c in exiled if c in g.objects and g.objects[c].zone is Zone.EXILE]
    g.rng.shuffle(rest)                          # "in a random order" (CR 702.85a)
    for c in rest:
        move(ctx, c, Zone.LIBRARY, "bottom", top=False)
    if rest:
        ctx.log("702.85a", f"{name} puts {len(rest)} card(s) on the bottom of their library in a random order")
