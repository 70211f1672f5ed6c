"""Actions on libraries (CR 401): drawing (CR 121), milling (701.17), scrying (701.22), surveilling
(701.25), searching (701.23), revealing (701.20), looking at the top cards (401.2), exploring
(701.44), exiling the top cards (701.13): the resolutions of these effects (``resolve.resolves``)."""
from __future__ import annotations

from ...agents.decisions import Decision
from ...cards.vocabulary import Clash, Draw, ExileTop, Ripple, Explore, Filter, LookAtTop, Mill, RevealTop, Scry, Search
from ...core.enums import Zone
from ...core.errors import IllegalActionError
from ...rules.context import Ctx
from ..layers import characteristics, mana_value, matches
from ..links import exile_top
from ..primitives import draw_card, move, name_of, put_counters, reorder_library, shuffle_library
from ..rules_interface import cast_spell, uncastable_copy
from ..resolve import Resolving, amount, execute, last_controller, players_of, refs, resolves, stat_value


@resolves(Draw)
def _draw(ctx: Ctx, eff: Draw, r: Resolving) -> None:
    """CR 121.1."""
    for p in players_of(refs(ctx, eff.who, r)):
        for _ in range(amount(ctx, eff.amount, r)):
            draw_card(ctx, p, origin=r.source)


@resolves(Mill)
def _mill(ctx: Ctx, eff: Mill, r: Resolving) -> None:
    """CR 701.17a: one card at a time."""
    g = ctx.g
    for p in players_of(refs(ctx, eff.who, r)):
        for _ in range(amount(ctx, eff.amount, r)):
            lib = g.zones[(p, Zone.LIBRARY)]
            if lib:
                ctx.log("701.17a", f"{g.players[p].name} mills {name_of(ctx, lib[0])}")
                move(ctx, lib[0], Zone.GRAVEYARD, "mill")


@resolves(Scry)
def _scry(ctx: Ctx, eff: Scry, r: Resolving) -> None:
    """CR 701.22a, 701.25a (surveil), 701.29a (fateseal)."""
    if eff.library is not None:
        # CR 701.29a: the player looks at another library and decides (fateseal)
        for p in players_of(refs(ctx, eff.who, r)):
            for lib in players_of(refs(ctx, eff.library, r)):
                scry(ctx, p, amount(ctx, eff.amount, r), library_of=lib)
        return
    for p in players_of(refs(ctx, eff.who, r)):
        if eff.surveil:
            surveil(ctx, p, amount(ctx, eff.amount, r))
        else:
            scry(ctx, p, amount(ctx, eff.amount, r))


@resolves(LookAtTop)
def _look_at_top(ctx: Ctx, eff: LookAtTop, r: Resolving) -> None:
    """CR 401.2."""
    for p in players_of(refs(ctx, eff.who, r)):
        look_at_top(ctx, p, amount(ctx, eff.amount, r), eff, r.name)


@resolves(Search)
def _search(ctx: Ctx, eff: Search, r: Resolving) -> None:
    """CR 701.23; transmute's "with the same mana value"."""
    for p in players_of(refs(ctx, eff.who, r)):
        search(ctx, p, eff, r.name,
               stat_value(ctx, r.source, "mana_value") if eff.same_mana_value else None)   # transmute


@resolves(RevealTop)
def _reveal_top(ctx: Ctx, eff: RevealTop, r: Resolving) -> None:
    """CR 701.20a-b: the top card is revealed; what follows happens if it matches (Delver of Secrets,
    Coiling Oracle, Goblin Guide)."""
    for p in players_of(refs(ctx, eff.who, r)):
        library = ctx.g.zones[(p, Zone.LIBRARY)]
        matched = reveal_top(ctx, p, eff, r.name)
        if library and (eff.to_battlefield and matched or eff.else_hand and not matched):
            # Coiling Oracle: a land onto the battlefield, otherwise into the hand (CR 701.20a)
            top, where = library[0], Zone.BATTLEFIELD if matched else Zone.HAND
            ctx.log("701.20a", f"{ctx.g.players[p].name} puts {name_of(ctx, top)} "
                    + ("onto the battlefield" if matched else "into their hand"))
            move(ctx, top, where, "reveal", controller=p if matched else None)
            continue
        if matched:
            if eff.to_hand:                          # Goblin Guide: the revealed card goes to hand
                top = ctx.g.zones[(p, Zone.LIBRARY)][0]
                ctx.log("701.20a", f"{ctx.g.players[p].name} puts {name_of(ctx, top)} into their hand")
                move(ctx, top, Zone.HAND, "reveal")
            execute(ctx, eff.effects, r)


@resolves(Explore)
def _explore(ctx: Ctx, eff: Explore, r: Resolving) -> None:
    """CR 701.44a."""
    for oid in refs(ctx, eff.what, r):
        for _ in range(eff.times):
            explore(ctx, oid)


resolves(ExileTop)(exile_top)             # "exiles the top card of their library" (links)


def _ordered(ctx: Ctx, player: int, cards: list[int], prompt: str) -> list[int]:
    """An "order" decision over ``cards`` (two or more); the answer must list each once."""
    if len(cards) < 2:
        return list(cards)
    order = ctx.ask(Decision(player, "order", prompt, list(cards), min=len(cards), max=len(cards)))
    order = order if isinstance(order, list) else [order]
    if sorted(order) != sorted(cards):
        raise IllegalActionError(f"the order must list each of the {len(cards)} cards once: {prompt}")
    return list(order)


def _piles(ctx: Ctx, player: int, cards: list[int], name: str) -> list[int]:
    """Fact or Fiction: the cards are revealed (CR 701.20a); an opponent separates them into two
    piles (any may be empty) by choosing the first pile; the player then chooses the pile to put
    into their hand, by naming one of its cards (none: the empty pile). Returns that pile."""
    g = ctx.g
    ctx.log("701.20a", f"{g.players[player].name} reveals " + ", ".join(name_of(ctx, c) for c in cards))
    opponent = next(p for p in g.apnap() if p != player and not g.players[p].lost)
    first = ctx.ask(Decision(opponent, "choose", f"separate the revealed cards into two piles ({name}): choose "
                             "the cards of the first pile (the others make the second)", list(cards),
                             min=0, max=len(cards)))
    first = [] if first in (None, "none") else first if isinstance(first, list) else [first]
    if any(c not in cards for c in first) or len(set(first)) != len(first):
        raise IllegalActionError(f"{name}: a pile is made of the revealed cards")
    second = [c for c in cards if c not in first]
    ctx.log("608.2d", f"{g.players[opponent].name} separates the cards into piles of {len(first)} and {len(second)}")
    pick = ctx.ask(Decision(player, "choose", f"choose the pile to put into your hand ({name}): name one of its "
                            "cards (none: the empty pile)", list(cards), min=0, max=len(cards),
                            info={"groups": [first, second]}))
    pick = [] if pick in (None, "none") else pick if isinstance(pick, list) else [pick]
    if not pick:
        if first and second:
            raise IllegalActionError(f"{name}: neither pile is empty: choose a pile by one of its cards")
        return []
    if all(c in first for c in pick):
        return first
    if all(c in second for c in pick):
        return second
    raise IllegalActionError(f"{name}: choose the cards of one pile")


def look_at_top(ctx: Ctx, player: int, count: int, eff: LookAtTop, name: str) -> None:
    """Look at the top ``count`` cards of a library (CR 401.2: only as an effect allows): some go
    into the hand, the rest on top or on the bottom in any order, or into the graveyard."""
    g = ctx.g
    library = g.zones[(player, Zone.LIBRARY)]
    top = list(library[:count]) if count > 0 else []
    who = g.players[player].name
    if eff.reveal == "all":
        ctx.log("701.20a", f"{who} reveals the top {len(top)} card(s) of their library ({name}): "
                + ", ".join(name_of(ctx, c) for c in top))
    else:
        ctx.log("401.2", f"{who} looks at the top {len(top)} card(s) of their library ({name})")
    taken: list[int] = []
    if top and eff.piles:
        taken = _piles(ctx, player, top, name)
    elif top and (eff.to_hand or eff.take_all) and eff.filter is not None:
        taken = _take_matching(ctx, player, top, eff, name)
    elif top and eff.to_hand:
        k = min(eff.to_hand, len(top))
        answer = ctx.ask(Decision(player, "choose", f"choose {k} card(s) to put into your hand ({name})", top,
                                  min=k, max=k))
        taken = answer if isinstance(answer, list) else [answer]
        if len(taken) != k or len(set(taken)) != k or any(c not in top for c in taken):
            raise IllegalActionError(f"{name}: choose {k} of the cards looked at")
    rest = [c for c in top if c not in taken]
    if eff.rest == "top":
        stay = _ordered(ctx, player, rest, "order the cards to put back on top of your library "
                        "(first listed: the top card)")
        reorder_library(ctx, player, taken + stay + [c for c in library if c not in top])
    elif eff.rest == "bottom":
        if eff.random_order:
            bottom = list(rest)                   # "in a random order": the game's generator orders them
            g.rng.shuffle(bottom)
        else:
            bottom = _ordered(ctx, player, rest, "order the cards to put on the bottom of your library "
                              "(last listed: the bottom card)")
        reorder_library(ctx, player, taken + [c for c in library if c not in top] + bottom)
    for oid in taken:
        move(ctx, oid, Zone.HAND, "put")
        ctx.log("608.2c", f"{who} puts a card into their hand ({name})")
    if eff.rest == "graveyard":
        for oid in rest:
            move(ctx, oid, Zone.GRAVEYARD, "put")
    if eff.may_shuffle and ctx.ask(Decision(player, "yesno", f"shuffle your library ({name})?", [True, False])):
        shuffle_library(ctx, player)


def _take_matching(ctx: Ctx, player: int, top: list[int], eff: LookAtTop, name: str) -> list[int]:
    """ "You may reveal a creature card from among them and put it into your hand": up to
    ``eff.to_hand`` of the cards looked at that match the filter, none if the player wishes (a
    "may"; CR 701.23b's reading of a stated quality: they need not find one). The cards taken are
    revealed (CR 701.20a) unless all of them already were."""
    g = ctx.g
    assert eff.filter is not None
    options = [c for c in top if _card_matches(ctx, c, eff.filter, player)]
    if not options:
        return []
    if eff.take_all:
        return options                    # "put all creature cards revealed this way into your hand"
    k = min(eff.to_hand, len(options))
    answer = ctx.ask(Decision(player, "choose", f"choose up to {k} card(s) to put into your hand ({name}); none: "
                              "put none", options, min=0, max=k))
    taken = [] if answer in (None, "none") else answer if isinstance(answer, list) else [answer]
    if len(taken) > k or len(set(taken)) != len(taken) or any(c not in options for c in taken):
        raise IllegalActionError(f"{name}: choose up to {k} of the matching cards looked at")
    if taken and eff.reveal != "all":
        ctx.log("701.20a", f"{g.players[player].name} reveals " + ", ".join(name_of(ctx, c) for c in taken))
    return taken


def scry(ctx: Ctx, player: int, count: int, library_of: int | None = None) -> None:
    """CR 701.22a: look at the top ``count`` cards, put any number on the bottom and the rest
    on top, each group in any order. Scry 0 does nothing (CR 701.22b). ``library_of``: another
    player's library, the choices still ``player``'s (fateseal, CR 701.29a)."""
    g = ctx.g
    owner = player if library_of is None else library_of
    library = g.zones[(owner, Zone.LIBRARY)]
    top = list(library[:count]) if count > 0 else []
    if not top:
        return
    name = g.players[player].name
    whose = "your" if owner == player else f"{g.players[owner].name}'s"
    bottom = ctx.ask(Decision(player, "scry_bottom", f"scry {count}: choose the cards to put on the bottom of "
                              f"{whose} library (the others stay on top)", top, min=0, max=len(top)))
    bottom = bottom if isinstance(bottom, list) else [bottom]
    if any(c not in top for c in bottom):
        raise IllegalActionError(f"scry {count}: choose among the cards looked at")
    stay = [c for c in top if c not in bottom]
    stay = _ordered(ctx, player, stay, f"order the cards to put back on top of {whose} library "
                    "(first listed: the top card)")
    bottom = _ordered(ctx, player, [c for c in top if c in bottom],
                      f"order the cards to put on the bottom of {whose} library (last listed: the bottom card)")
    rest = [c for c in library if c not in top]
    reorder_library(ctx, owner, stay + rest + bottom)
    if owner == player:
        ctx.log("701.22a", f"{name} scries {count}: {len(stay)} on top, {len(bottom)} on the bottom")
    else:
        ctx.log("701.29a", f"{name} looks at the top {count} card(s) of {g.players[owner].name}'s library: "
                f"{len(stay)} on top, {len(bottom)} on the bottom")


def surveil(ctx: Ctx, player: int, count: int) -> None:
    """CR 701.25a: look at the top ``count`` cards, put any number into the graveyard and the
    rest back on top in any order. Surveil 0 does nothing (CR 701.25c)."""
    g = ctx.g
    library = g.zones[(player, Zone.LIBRARY)]
    top = list(library[:count]) if count > 0 else []
    if not top:
        return
    name = g.players[player].name
    gone = ctx.ask(Decision(player, "surveil_graveyard", f"surveil {count}: choose the cards to put into your "
                            "graveyard (the others stay on top)", top, min=0, max=len(top)))
    gone = gone if isinstance(gone, list) else [gone]
    if any(c not in top for c in gone):
        raise IllegalActionError(f"surveil {count}: choose among the cards looked at")
    stay = _ordered(ctx, player, [c for c in top if c not in gone], "order the cards to put back on top of your "
                    "library (first listed: the top card)")
    rest = [c for c in library if c not in top]
    reorder_library(ctx, player, stay + rest + [c for c in top if c in gone])
    for oid in [c for c in top if c in gone]:
        move(ctx, oid, Zone.GRAVEYARD, "surveil")
    ctx.log("701.25a", f"{name} surveils {count}: {len(stay)} on top, {len(gone)} into the graveyard")


def _card_matches(ctx: Ctx, oid: int, flt: Filter, player: int) -> bool:
    if not matches(ctx.g, oid, flt, player):
        return False
    return not flt.supertypes or bool(flt.supertypes & characteristics(ctx.g, oid).supertypes)


def search(ctx: Ctx, player: int, eff: Search, source_name: str, same_mv: int | None = None) -> None:
    """CR 701.23: search a library for cards matching a description. A player may fail to find
    cards with a stated quality (701.23b) but must find "a card" if they can (701.23d). The
    found cards are put where the effect says, then the library is shuffled (701.24a)."""
    g = ctx.g
    name = g.players[player].name
    if eff.optional and not ctx.ask(Decision(player, "yesno", f"search your library ({source_name})?",
                                             [True, False])):
        return
    options = sorted(oid for oid in g.zones[(player, Zone.LIBRARY)] if _card_matches(ctx, oid, eff.filter, player)
                     and (same_mv is None or mana_value(g, oid) == same_mv)
                     and (not eff.named_self or characteristics(g, oid).name == source_name)
                     and (not eff.named or characteristics(g, oid).name == eff.named))
    most = min(eff.amount, len(options))
    found: list[int] = []
    if most:
        quality = eff.filter != Filter() or same_mv is not None or eff.named_self or bool(eff.named)
        answer = ctx.ask(Decision(player, "search", f"search your library ({source_name}): choose up to {most} "
                                  "card(s)" + (" (you may find none, CR 701.23b)" if quality else ""),
                                  options, min=0 if quality else most, max=most))
        found = answer if isinstance(answer, list) else [answer]
    ctx.log("701.23a", f"{name} searches their library and finds "
            + (", ".join(name_of(ctx, oid) for oid in found) if found else "nothing"))
    onto: list[int] = []
    if eff.one_to_battlefield and found:
        # "put one onto the battlefield tapped and the other into your hand" (608.2d: the
        # player chooses which; with one card found, which instruction it follows)
        pick = ctx.ask(Decision(player, "choose", f"choose the card to put onto the battlefield tapped "
                                f"({source_name})" + ("; none: into your hand" if len(found) == 1 else ""),
                                list(found), min=1 if len(found) > 1 else 0, max=1))
        onto = [] if pick in (None, "none", []) else pick if isinstance(pick, list) else [pick]
        if any(c not in found for c in onto):
            raise IllegalActionError(f"{source_name}: choose one of the cards found")
    if eff.to == "top":
        # "then shuffle and put that card on top" (Vampiric Tutor): the rest is shuffled, the
        # cards found go on top (CR 701.24a), staying in the library (the same objects)
        shuffle_library(ctx, player)
        library = g.zones[(player, Zone.LIBRARY)]
        reorder_library(ctx, player, found + [c for c in library if c not in found])
        ctx.log("701.23a", f"{name} puts the card(s) found on top of their library")
        return
    for oid in found:
        if eff.to == "battlefield" or oid in onto:
            new_id = move(ctx, oid, Zone.BATTLEFIELD, "search", controller=player)
            if new_id is not None and eff.tapped and new_id in g.objects:
                g.obj(new_id).tapped = True
        else:
            move(ctx, oid, Zone.GRAVEYARD if eff.to == "graveyard" else Zone.HAND, "search")
    shuffle_library(ctx, player)


def reveal_top(ctx: Ctx, player: int, eff: RevealTop, source_name: str) -> bool:
    """CR 701.20a-b: the player looks at the top card of their library and may reveal it.
    Returns whether a card matching the effect's filter was revealed."""
    g = ctx.g
    library = g.zones[(player, Zone.LIBRARY)]
    who = g.players[player].name
    if not library:
        ctx.log("701.20b", f"{who}'s library is empty: there is no card to look at ({source_name})")
        return False
    top = library[0]
    card = name_of(ctx, top)
    ctx.log("701.20b", f"{who} looks at the top card of their library ({source_name})")
    if eff.optional and not ctx.ask(Decision(player, "yesno", f"reveal the top card of your library, {card} "
                                             f"({source_name})?", [True, False])):
        ctx.log("701.20b", f"{who} doesn't reveal it")
        return False
    ctx.log("701.20a", f"{who} reveals {card}")
    return matches(g, top, eff.filter, player)


def explore(ctx: Ctx, oid: int) -> None:
    """CR 701.44a: the permanent's controller (last known, 701.44c) reveals their top card: a land
    card goes to their hand; otherwise the permanent, if still there, gets a +1/+1 counter and
    the player may put the card into their graveyard (it stays on top if not)."""
    g = ctx.g
    player = last_controller(ctx, oid)
    if player is None:
        return
    name = name_of(ctx, oid)
    library = g.zones[(player, Zone.LIBRARY)]
    if not library:
        ctx.log("701.44b", f"{name} explores: {g.players[player].name}'s library is empty")
        return
    top = library[0]
    card = name_of(ctx, top)
    ctx.log("701.44a", f"{name} explores: {g.players[player].name} reveals {card}")
    if "Land" in characteristics(g, top).types:
        move(ctx, top, Zone.HAND, "put")
        ctx.log("701.44a", f"{g.players[player].name} puts {card} into their hand")
        return
    if oid in g.objects and g.objects[oid].zone is Zone.BATTLEFIELD:
        put_counters(ctx, oid, "+1/+1", 1, origin=oid)
    if ctx.ask(Decision(player, "yesno", f"put {card} into your graveyard ({name} explores)?", [True, False])):
        move(ctx, top, Zone.GRAVEYARD, "put")
        ctx.log("701.44a", f"{g.players[player].name} puts {card} into their graveyard")


@resolves(Clash)
def _clash(ctx: Ctx, eff: Clash, r: Resolving) -> None:
    """CR 701.30b-d: you and the opponent you choose reveal your top cards at once; then, in APNAP
    order, each decides whether theirs goes to the bottom; you win with a higher mana value than
    every other card revealed (an empty library reveals nothing)."""
    g = ctx.g
    opponents = [p for p in g.apnap() if p != r.controller and not g.players[p].lost]
    if not opponents:
        return
    other = opponents[0] if len(opponents) == 1 else ctx.ask(Decision(
        r.controller, "choose", f"clash with which opponent ({r.name})?", opponents))
    if other not in opponents:
        raise IllegalActionError("clash: choose an opponent")
    revealed: dict[int, int] = {}
    for p in (p for p in g.apnap() if p in (r.controller, other)):
        library = g.zones[(p, Zone.LIBRARY)]
        if library:
            revealed[p] = library[0]
            ctx.log("701.30a", f"{g.players[p].name} reveals {name_of(ctx, library[0])} "
                    f"(mana value {mana_value(g, library[0])}) for the clash")
    bottom = [p for p in revealed if ctx.ask(Decision(
        p, "yesno", f"put {name_of(ctx, revealed[p])} on the bottom of your library (clash)?", [True, False]))]
    for p in bottom:                                   # CR 701.30c: the cards move at the same time
        library = g.zones[(p, Zone.LIBRARY)]
        reorder_library(ctx, p, library[1:] + library[:1])
    mine = revealed.get(r.controller)
    won = mine is not None and all(mana_value(g, mine) > mana_value(g, c) for p, c in revealed.items()
                                   if p != r.controller)
    outcome = "wins" if won else "doesn't win"
    ctx.log("701.30d", f"{g.players[r.controller].name} {outcome} the clash")
    if won:
        execute(ctx, eff.won, r)


@resolves(Ripple)
def _ripple(ctx: Ctx, eff: Ripple, r: Resolving) -> None:
    """CR 702.60a: the cards stay in the library as they are revealed; each one with the spell's
    name may be cast from there, without paying its mana cost (CR 118.9, 608.2g); the others go
    to the bottom in the order their owner chooses."""
    g = ctx.g
    player = r.controller
    library = g.zones[(player, Zone.LIBRARY)]
    revealed = library[:eff.count]
    if not revealed or not ctx.ask(Decision(player, "yesno", f"ripple {eff.count}: reveal the top "
                                            f"{len(revealed)} card(s) of your library ({r.name})?", [True, False])):
        return
    ctx.log("702.60a", f"{g.players[player].name} reveals " + ", ".join(name_of(ctx, c) for c in revealed))
    spell = r.source if r.source in g.objects else None
    name = characteristics(g, spell).name if spell is not None else r.name
    for card in revealed:
        if characteristics(g, card).name != name or g.objects[card].zone is not Zone.LIBRARY:
            continue
        reason = uncastable_copy(g, player, card, True)
        if reason:
            ctx.log("702.60a", f"{name_of(ctx, card)} can't be cast ({reason})")
        elif ctx.ask(Decision(player, "yesno", f"ripple: cast {name_of(ctx, card)} without paying its mana cost?",
                              [True, False])):
            ctx.log("702.60a", f"{g.players[player].name} casts {name_of(ctx, card)} without paying its mana cost "
                    "(ripple)")
            cast_spell(ctx, player, card, {"action": "cast", "object": card, "from": "library", "by_effect": True,
                                           "free": True})
    rest = [c for c in revealed if c in g.objects and g.objects[c].zone is Zone.LIBRARY]
    if rest:
        rest = _ordered(ctx, player, rest, "ripple: order the revealed cards for the bottom of your library "
                                           "(the first listed ends on top of them)")
        library = g.zones[(player, Zone.LIBRARY)]
        reorder_library(ctx, player, [c for c in library if c not in rest] + rest)
        ctx.log("702.60a", f"{g.players[player].name} puts {len(rest)} revealed card(s) on the bottom of their library")
