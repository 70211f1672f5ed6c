"""Effects on the hidden and card zones (CR 401 library, 402 hand, 404 graveyard): putting an object
into its owner's library at a position (CR 401.7), exiling the top cards of a library to be played
for a while (impulse draw, CR 601.3, 305.1), looking at a player's hand (CR 701.20e), discarding a
whole hand (CR 701.9a), shuffling a hand or graveyard into a library (CR 701.24a)."""
from __future__ import annotations

from ...agents.decisions import Decision
from ...cards.vocabulary import DiscardHand, ExileTopToPlay, LookAtCards, PutIntoLibrary, ShuffleZonesIntoLibrary
from ...core.enums import Zone
from ...core.errors import IllegalActionError
from ...rules.context import Ctx
from ..exile_permissions import grant
from ..primitives import move, name_of, reorder_library, shuffle_library
from ..resolve import Resolving, amount, moved_to, players_of, refs, resolves
from .zones import discard

_ORDINAL = {1: "on top of", 2: "second from the top of", 3: "third from the top of"}


@resolves(PutIntoLibrary)
def _put_into_library(ctx: Ctx, eff: PutIntoLibrary, r: Resolving) -> None:
    """Into its owner's library, ``from_top`` - 1 cards above it; with fewer cards there, on the
    bottom (CR 401.7). The card is put on top, then the library's top cards keep their order
    above it (one zone change, CR 400.7)."""
    g = ctx.g
    found = [oid for oid in refs(ctx, eff.what, r) if oid in g.objects]
    if len(found) > 1 and eff.from_top == 1:
        found = _in_owners_order(ctx, found, r.name)
    for oid in reversed(found) if eff.from_top == 1 else found:
        if oid not in g.objects:
            continue
        owner = g.objects[oid].owner
        library = g.zones[(owner, Zone.LIBRARY)]
        above = list(library[:eff.from_top - 1])
        bottom = len(library) < eff.from_top - 1
        ctx.log("401.7" if eff.from_top > 1 else "401.4", f"{name_of(ctx, oid)} is put "
                + ("on the bottom of" if bottom else _ORDINAL.get(eff.from_top, f"{eff.from_top}th from the top of"))
                + " its owner's library")
        new = move(ctx, oid, Zone.LIBRARY, "put", top=not bottom)
        moved_to(r, oid, new)
        if new is None or bottom or not above or new not in g.zones[(owner, Zone.LIBRARY)]:
            continue
        rest = [c for c in g.zones[(owner, Zone.LIBRARY)] if c != new and c not in above]
        reorder_library(ctx, owner, above + [new] + rest)


def _in_owners_order(ctx: Ctx, cards: list[int], name: str) -> list[int]:
    """CR 401.4: cards put on top of a library at once are arranged by their owner, in any order:
    for each owner of two or more, an "order" decision (the first listed ends on top)."""
    g = ctx.g
    out: list[int] = []
    for owner in sorted({g.objects[c].owner for c in cards}):
        mine = [c for c in cards if g.objects[c].owner == owner]
        if len(mine) > 1:
            order = ctx.ask(Decision(owner, "order", f"order the cards to put on top of your library ({name}; "
                                     "first listed: the top card)", mine, min=len(mine), max=len(mine)))
            order = order if isinstance(order, list) else [order]
            if sorted(order) != sorted(mine):
                raise IllegalActionError(f"the order must list each of the {len(mine)} cards once ({name})")
            mine = list(order)
        out += mine
    return out


@resolves(ExileTopToPlay)
def _exile_top_to_play(ctx: Ctx, eff: ExileTopToPlay, r: Resolving) -> None:
    """Impulse draw: the top cards are exiled face up (CR 701.13a) and the effect's controller may
    play them (or only cast them) until the duration ends (CR 601.3, 305.1, 611.2a)."""
    g = ctx.g
    until = "until end of turn" if eff.until == "turn" else "until the end of their next turn"
    for p in players_of(refs(ctx, eff.who, r)):
        for card in list(g.zones[(p, Zone.LIBRARY)][:amount(ctx, eff.amount, r)]):
            ctx.log("701.13a", f"{g.players[p].name} exiles {name_of(ctx, card)} from the top of their library")
            new = move(ctx, card, Zone.EXILE, "exile")
            if new is None or new not in g.objects or g.objects[new].zone is not Zone.EXILE:
                continue
            grant(g, new, r.controller, eff.until, eff.lands)
            ctx.log("601.3", f"{g.players[r.controller].name} may {'play' if eff.lands else 'cast'} "
                    f"{name_of(ctx, new)} {until} ({r.name})")


@resolves(LookAtCards)
def _look_at_cards(ctx: Ctx, eff: LookAtCards, r: Resolving) -> None:
    """CR 701.20e: the cards are shown to the effect's controller only; the log doesn't name them
    (CR 402.3: the other players can't see them), the decision's options show them to that player
    (``agents.view.shown_by``)."""
    g = ctx.g
    for p in players_of(refs(ctx, eff.who, r)):
        if eff.top:
            cards = list(g.zones[(p, Zone.LIBRARY)][:eff.top])
            what = f"the top {len(cards)} card(s) of {g.players[p].name}'s library"
        else:
            cards = sorted(g.zones[(p, Zone.HAND)])
            what = f"{g.players[p].name}'s hand ({len(cards)} card(s))"
        ctx.log("701.20e", f"{g.players[r.controller].name} looks at {what} ({r.name})")
        if cards and (p != r.controller or eff.top):
            ctx.ask(Decision(r.controller, "choose", f"you look at {what} ({r.name}): these are the cards "
                             "(choose none to go on)", cards, min=0, max=0))


@resolves(DiscardHand)
def _discard_hand(ctx: Ctx, eff: DiscardHand, r: Resolving) -> None:
    """CR 701.9a: each card of the hand, none chosen (``zones.discard`` of them all)."""
    for p in players_of(refs(ctx, eff.who, r)):
        discard(ctx, p, len(ctx.g.zones[(p, Zone.HAND)]))


@resolves(ShuffleZonesIntoLibrary)
def _shuffle_zones(ctx: Ctx, eff: ShuffleZonesIntoLibrary, r: Resolving) -> None:
    """The cards go into their owner's library, then it is shuffled, even if none did (CR
    701.24a, 701.24d)."""
    g = ctx.g
    for p in players_of(refs(ctx, eff.who, r)):
        cards = (list(g.zones[(p, Zone.HAND)]) if eff.hand else []) \
            + (list(g.zones[(p, Zone.GRAVEYARD)]) if eff.graveyard else [])
        what = " and ".join(z for z, on in (("hand", eff.hand), ("graveyard", eff.graveyard)) if on)
        ctx.log("701.24a", f"{g.players[p].name} shuffles their {what} ({len(cards)} card(s)) into their library")
        for oid in cards:
            move(ctx, oid, Zone.LIBRARY, "shuffle")
        shuffle_library(ctx, p)
