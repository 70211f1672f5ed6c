"""Spells cast while an effect resolves (CR 608.2g): copies of cards (CR 707.12), a card exiled with
the source (Knowledge Pool, CR 607.2a, ``links.cast_linked``), a card revealed for its miracle
(CR 702.94a, ``links.cast_card``): the resolutions of these effects (``resolve.resolves``). They
cast through ``effects.rules_interface`` (the casting rules sit above the effects).

Copies of cards that a player may cast: "copy the exiled card. If you do, you may cast the copy
without paying its mana cost" (Isochron Scepter), "that player copies each instant and sorcery
card exiled with ~. For each copy, the player may cast the copy ..." (Eye of the Storm).

The copy is a new object created in the zone the card is in, owned by the player who copies it
(CR 112.2a); it is not a card (CR 108.2), so "casts a ... card" doesn't see it. Casting it follows
CR 601.2a-i while the effect resolves (CR 608.2g): it is cast, so cast triggers see it, its
optional costs may be paid and its mandatory ones must be (CR 601.2b, 601.2f-h), and "without
paying its mana cost" is an alternative cost (CR 118.9; X is then 0, CR 107.3b). A copy that is
not cast, or that leaves the stack other than to the battlefield, ceases to exist (CR 704.5e).
"""
from __future__ import annotations

from typing import Any

from ...agents.decisions import Decision
from ...cards.vocabulary import CastCard, CastLinked, CopyCards
from ...rules.context import Ctx
from ...state.objects import GameObject
from ..links import cast_card, cast_linked
from ..primitives import name_of
from ..resolve import Resolving, players_of, refs, resolves
from ..rules_interface import cast_spell, uncastable_copy

resolves(CastLinked)(cast_linked)          # Knowledge Pool (links)
resolves(CastCard)(cast_card)              # miracle's "you may cast it by paying [cost]" (links)


@resolves(CopyCards)
def copy_cards(ctx: Ctx, eff: CopyCards, r: Resolving) -> None:
    """Copies each card ``eff.what`` names (asking first when optional), then offers to cast each
    copy in the order the cards were linked."""
    g = ctx.g
    players = players_of(refs(ctx, eff.who, r))
    if not players:
        return
    p = players[0]
    copies: list[int] = []
    for card in refs(ctx, eff.what, r):
        o = g.objects.get(card)
        if o is None or o.card is None or o.is_copy or o.token:
            continue                                   # only a card is copied this way (CR 108.2)
        if eff.optional and not ctx.ask(Decision(p, "yesno", f"copy {name_of(ctx, card)} ({r.name})?",
                                                 [True, False])):
            continue
        copies.append(copy_card(ctx, card, p))
    for copy in copies:
        cast_copy(ctx, copy, p, eff.free, r.name)


def copy_card(ctx: Ctx, card: int, player: int) -> int:
    """CR 707.12: a copy of ``card`` in the zone the card is in, owned by ``player`` (CR 112.2a).
    It ceases to exist at the next check of state-based actions unless it is cast first (CR 704.5e)."""
    g = ctx.g
    o = g.objects[card]
    copy = GameObject(g.new_id(), o.card, player, o.zone, g.new_timestamp())
    copy.is_copy = True
    copy.choices["card_copy"] = True
    g.objects[copy.id] = copy
    g.zone_list(o.zone, player).append(copy.id)
    g.strays = g.strays + (copy.id,)
    g.changed()
    ctx.log("707.12", f"{g.players[player].name} copies {name_of(ctx, card)} (the copy is created in "
            f"{o.zone.value}, owned by {g.players[player].name}, CR 112.2a)")
    return copy.id


def cast_copy(ctx: Ctx, copy: int, player: int, free: bool, source_name: str) -> None:
    """The player may cast the copy now (CR 608.2g, 707.12); an answer of yes that the rules can't
    carry out (a mandatory cost that can't be paid, CR 601.2h) is refused and asked again."""
    g = ctx.g
    name = name_of(ctx, copy)
    how = " without paying its mana cost" if free else ""
    problem = uncastable_copy(g, player, copy, free)
    if problem:
        # no choice to offer: a "yes" could not be carried out (Annul's copy with no artifact or
        # enchantment spell to target, CR 601.2c)
        ctx.log("707.12", f"the copy of {name} can't be cast ({problem}): it ceases to exist (CR 704.5e)")
        return
    if not ctx.ask(Decision(player, "yesno", f"cast the copy of {name}{how} ({source_name}, CR 707.12)?",
                            [True, False])):
        ctx.log("707.12", f"{g.players[player].name} doesn't cast the copy of {name}: it ceases to exist (CR 704.5e)")
        return
    ctx.log("608.2g", f"{g.players[player].name} casts the copy of {name}{how} while {source_name} resolves")
    zone = g.objects[copy].zone
    action: dict[str, Any] = {"action": "cast", "object": copy, "from": zone.value, "by_effect": True}
    if free:
        action["free"] = True
    cast_spell(ctx, player, copy, action)
