"""Parts of activation costs that use objects (CR 118.3, 602.2b): "Sacrifice two other
creatures", "Discard two cards", "Exile three creature cards from your graveyard", "Remove
three counters from among other artifacts, creatures, and planeswalkers you control" (the
Dominus cycle). ``vocabulary.CostObjects`` describes each part.

The objects are the ones a scenario's ``pay`` names (``{sacrifice: [...]}``, ``{discard: [...]}``,
``{exile: [...]}``), else the player is asked as the cost is paid (CR 601.2h). Counters to
remove are asked one at a time (``remove_counter``: which permanent; the same one may be
picked again); of a permanent with several kinds of counters, the kinds are taken in the
order they were put on it.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations, islice, product
from typing import Any, Callable

from ..agents.decisions import Decision
from ..cards.vocabulary import Cost, CostObjects, Filter
from ..core.enums import Step, Zone
from ..core.errors import IllegalActionError
from ..effects.layers import characteristics, matches
from ..effects.link_records import linked_objects
from ..effects.primitives import move, name_of, remove_counters, set_tapped
from ..state.game_state import GameState
from .context import Ctx
from .mana_requirements import PayOptions
from .mana_sources import tap_sources


#: The steps in which blockers have been declared, so attackers are blocked or unblocked (CR 509.1h).
_BLOCKERS_DECLARED = (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT)


def candidates(g: GameState, player: int, source: int, part: CostObjects) -> list[int]:
    """The objects that can pay one part of the cost."""
    flt = part.filter or Filter()
    if part.verb == "exile_top":
        return list(g.zones[(player, Zone.LIBRARY)][: part.count])     # "Exile the top ten cards of your library"
    if part.verb == "linked_to_graveyard":
        # "Put a card exiled with ~ into its owner's graveyard" (Void Maw): a card linked to the
        # source, still in exile (CR 607.2b)
        return [o for o in linked_objects(g, source, flt.linked) if g.objects[o].zone is Zone.EXILE]
    if part.verb == "return_unblocked":
        # ninjutsu (CR 702.49a, 509.1h): an unblocked attacking creature you control, once
        # blockers have been declared
        if g.step not in _BLOCKERS_DECLARED:
            return []
        return [oid for oid in g.battlefield if g.objects[oid].attacking is not None and not g.objects[oid].blocked
                and characteristics(g, oid).controller == player]
    if part.verb in ("sacrifice", "remove_counters", "crew", "saddle", "tap"):
        out = [oid for oid in g.battlefield if characteristics(g, oid).controller == player
               and matches(g, oid, flt, player, source)]
        if part.verb == "remove_counters":
            out = [oid for oid in out if any(v > 0 for v in g.objects[oid].counters.values())]
        return out
    zone = Zone.HAND if part.verb == "discard" else Zone.GRAVEYARD
    plain = replace(flt, zone="", controller=None)
    return [oid for oid in g.zones[(player, zone)] if matches(g, oid, plain, player, source)]   # "other" (Bone Dragon)


def can_pay(g: GameState, player: int, source: int, cost: Cost) -> bool:
    """CR 118.3: the player has what every part takes."""
    for part in cost.objects:
        found = candidates(g, player, source, part)
        if part.verb == "tap" and cost.tap:
            found = [o for o in found if o != source]   # tapped for {T} first, it can't pay this part too
        if part.verb == "remove_counters":
            have = sum(sum(g.objects[o].counters.values()) for o in found)
        elif part.verb in _BY_POWER:
            have = _total_power(g, found)
        else:
            have = len(found)
        if have < part.count:
            return False
    return True


#: How many ways of keeping creatures untapped for a "tap N untapped creatures" cost are tried
#: against the mana payment (bounded: a board of mana creatures can't make a check slow).
_RESERVATIONS_TRIED = 64


def tap_reservation(g: GameState, player: int, source: int, cost: Cost,
                    payable: Callable[[frozenset[int]], bool]) -> frozenset[int] | None:
    """The creatures kept untapped for the cost's "Tap an untapped creature you control" parts
    while its mana is paid (:func:`kept_back`); ``payable(kept)``: whether the mana can be paid
    without the ``kept`` ones. None if no way leaves the mana payable."""
    parts = []
    taken: set[int] = set()
    for part in (p for p in cost.objects if p.verb == "tap"):
        found = [o for o in candidates(g, player, source, part) if o not in taken and not (cost.tap and o == source)]
        taken.update(found)
        parts.append((part.count, found))
    return kept_back(g, player, parts, payable)


def kept_back(g: GameState, player: int, parts: list[tuple[int, list[int]]],
              payable: Callable[[frozenset[int]], bool]) -> frozenset[int] | None:
    """Of each part of a cost tapping ``count`` of ``found`` creatures, the ones kept untapped
    while the mana is paid: a creature tapped for mana can't then be tapped for that part (CR
    118.3, 601.2h: the parts are paid in any order, so a player keeps them back). Those that
    aren't mana sources first, then the first of a bounded number of ways that leaves
    ``payable``; None if none does (or a part lacks creatures)."""
    if not parts:
        return frozenset() if payable(frozenset()) else None
    mana_ids = {s[0] for s in tap_sources(g, player)}
    kept: set[int] = set()
    pools: list[tuple[int, list[int]]] = []
    for count, found in parts:
        found = [o for o in found if o not in kept]
        plain = [o for o in found if o not in mana_ids][:count]
        kept.update(plain)
        if count > len(plain):
            pools.append((count - len(plain), [o for o in found if o in mana_ids]))
    need = len(kept) + sum(n for n, _ in pools)
    for way in islice(product(*(combinations(pool, n) for n, pool in pools)), _RESERVATIONS_TRIED):
        chosen = frozenset(kept.union(*way))
        if len(chosen) == need and payable(chosen):
            return chosen
    return None


def pay(ctx: Ctx, player: int, source: int, cost: Cost, pay_option: Any, what: str) -> list[int]:
    """Chooses and pays each part (CR 601.2h, 602.2b). The permanents tapped for "tap" parts, which
    the ability may refer to ("the tapped creature": station, CR 702.184a)."""
    g = ctx.g
    tapped: list[int] = []
    opts = PayOptions.of(pay_option)
    who = g.players[player].name
    for part in cost.objects:
        options = candidates(g, player, source, part)
        if part.verb == "remove_counters":
            _remove(ctx, player, part, options, what)
            continue
        if part.verb in _BY_POWER:
            _crew(ctx, player, part, options, opts.objects.get(part.verb), what)
            continue
        if part.verb == "exile_top":
            if len(options) < part.count:
                raise IllegalActionError(f"{what}: can't pay the cost (exile the top {part.count} cards; CR 118.3)")
            for oid in options:
                move(ctx, oid, Zone.EXILE, "cost")
            ctx.log("602.2b", f"{who} exiles the top {part.count} cards of their library to pay for {what}")
            continue
        given = opts.objects.get("return" if part.verb == "return_unblocked" else part.verb)
        if given:
            chosen = list(given)
        else:
            if len(options) < part.count:
                raise IllegalActionError(f"{what}: can't pay the cost ({part.verb} {part.count}; CR 118.3)")
            verb = "return" if part.verb == "return_unblocked" else part.verb
            answer = ctx.ask(Decision(player, verb, f"choose {part.count} to {verb} to pay for {what}",
                                      options, min=part.count, max=part.count))
            chosen = answer if isinstance(answer, list) else [answer]
        if len(chosen) != part.count or len(set(chosen)) != len(chosen) or any(c not in options for c in chosen):
            raise IllegalActionError(f"{what}: {part.verb} exactly {part.count} of: "
                                     + ", ".join(name_of(ctx, o) for o in options) + " (CR 118.3)")
        for oid in chosen:
            if part.verb == "sacrifice":
                ctx.log("701.21a", f"{who} sacrifices {name_of(ctx, oid)} to pay for {what}")
                move(ctx, oid, Zone.GRAVEYARD, "sacrifice")
            elif part.verb == "discard":
                ctx.log("701.9a", f"{who} discards {name_of(ctx, oid)} to pay for {what}")
                move(ctx, oid, Zone.GRAVEYARD, "discard")
            elif part.verb == "return_unblocked":
                # the ninja enters attacking what this creature attacked (CR 702.49c)
                g.obj(source).choices["attacking_as"] = g.objects[oid].attacking
                ctx.log("702.49a", f"{who} returns the unblocked {name_of(ctx, oid)} to its owner's hand to pay for "
                                   f"{what}")
                move(ctx, oid, Zone.HAND, "cost")
            elif part.verb == "tap":
                ctx.log("118.3", f"{who} taps {name_of(ctx, oid)} to pay for {what}")
                set_tapped(ctx, oid, True)
                tapped.append(oid)
            elif part.verb == "linked_to_graveyard":
                ctx.log("602.2b", f"{who} puts {name_of(ctx, oid)} into its owner's graveyard to pay for {what}")
                move(ctx, oid, Zone.GRAVEYARD, "cost")
            else:
                ctx.log("602.2b", f"{who} exiles {name_of(ctx, oid)} to pay for {what}")
                move(ctx, oid, Zone.EXILE, "cost")
    return tapped


#: The costs "Tap any number of other untapped creatures you control with total power N or
#: greater" (crew, CR 702.122a; saddle, CR 702.171a): the rule of the cost, and of the creature
#: tapped for it ("crews", 702.122b; "saddles", 702.171c).
_BY_POWER = {"crew": ("702.122a", "702.122b"), "saddle": ("702.171a", "702.171c")}


def _crew(ctx: Ctx, player: int, part: CostObjects, options: list[int], given: Any, what: str) -> None:
    """CR 702.122a, 702.171a: tap other untapped creatures with total power ``part.count`` or
    greater, given (``pay: {crew: [...]}``, ``{saddle: [...]}``) or chosen one at a time until the
    total is reached (so any answer is a legal one; tapping more is allowed: "any number")."""
    g = ctx.g
    verb = part.verb
    rule, tapped_rule = _BY_POWER[verb]
    if _total_power(g, options) < part.count:
        raise IllegalActionError(f"{what}: can't pay the {verb} cost: the untapped creatures' total power is less "
                                 f"than {part.count} (CR {rule}, 118.3)")
    chosen: list[int] = list(given) if given else []
    if any(c not in options for c in chosen) or len(set(chosen)) != len(chosen):
        raise IllegalActionError(f"{what}: {verb} with untapped creatures you control: "
                                 + ", ".join(name_of(ctx, o) for o in options) + f" (CR {rule})")
    while not given and _total_power(g, chosen) < part.count:
        left = [o for o in options if o not in chosen]
        pick = ctx.ask(Decision(player, verb, f"choose a creature to tap to {verb} {what} (total power "
                                f"{_total_power(g, chosen)} of {part.count})", left))
        pick = pick[0] if isinstance(pick, list) and len(pick) == 1 else pick
        if pick not in left:
            raise IllegalActionError(f"{what}: {verb} with one of: " + ", ".join(name_of(ctx, o) for o in left))
        chosen.append(pick)
    if _total_power(g, chosen) < part.count:
        raise IllegalActionError(f"{what}: the creatures' total power must be {part.count} or greater (CR {rule})")
    for oid in chosen:
        set_tapped(ctx, oid, True)
        ctx.log(tapped_rule, f"{name_of(ctx, oid)} is tapped to {verb} ({what})")


def _total_power(g: GameState, creatures: list[int]) -> int:
    """The creatures' total power for a crew cost (CR 702.122a). A negative power counts as 0:
    the Vehicles' rulings (2016-09-20) let a player tap more creatures than necessary, which
    never makes a paid crew cost unpaid."""
    return sum(max(characteristics(g, o).power or 0, 0) for o in creatures)


def _remove(ctx: Ctx, player: int, part: CostObjects, options: list[int], what: str) -> None:
    """One counter at a time: the player picks the permanent for each (a permanent may be
    picked again while it has counters left)."""
    g = ctx.g
    for i in range(part.count):
        left = [o for o in options if o in g.objects and any(v > 0 for v in g.objects[o].counters.values())]
        if not left:
            raise IllegalActionError(f"{what}: no counter left to remove ({i} of {part.count} removed; CR 118.3)")
        oid = ctx.ask(Decision(player, "remove_counter", f"choose a permanent to remove a counter from "
                               f"({i + 1} of {part.count}) to pay for {what}", left))
        if isinstance(oid, list):
            oid = oid[0] if len(oid) == 1 else None
        if oid not in left:
            raise IllegalActionError(f"{what}: remove the counters from among: "
                                     + ", ".join(name_of(ctx, o) for o in left))
        kind = next(k for k, v in g.objects[oid].counters.items() if v > 0)
        remove_counters(ctx, oid, kind, 1)
        ctx.log("602.2b", f"{g.players[player].name} removes a {kind} counter from {name_of(ctx, oid)} "
                f"to pay for {what}")
