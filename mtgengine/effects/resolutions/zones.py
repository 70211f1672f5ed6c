"""Moving objects between zones (CR 400): destroying (CR 701.8) and regenerating (701.19), exiling
(701.13), returning to the hand or the battlefield, sacrificing (701.21), countering (701.6),
discarding (701.9), and putting cards into a library or a graveyard: the resolutions of these
effects (``resolve.resolves``)."""
from __future__ import annotations

from typing import Any

from ...agents.decisions import Decision
from ...cards.compiler.keywords import UNCOUNTERABLE
from ...cards.vocabulary import (
    CounterSpell, Destroy, Discard, Exile, ExileChosen, Filter, PutFromHand, PutIntoGraveyard, PutOnBottom,
    PutOntoBattlefieldFromHand,
    Regenerate, ReturnChosen, ReturnToBattlefield, ReturnToHand, Sacrifice, SacrificePermanent,
    ShuffleIntoLibrary,
)
from ...core.enums import Zone
from ...core.errors import IllegalActionError
from ...rules.context import Ctx
from ..layers import characteristics, matches
from ..links import exile_chosen, exiled, link_source, pays
from ..primitives import lose_life, move, name_of, put_counters, remove_counters, set_tapped, shuffle_library
from ..resolve import Resolving, amount, moved_to, players_of, refs, resolves


@resolves(Destroy)
def _destroy(ctx: Ctx, eff: Destroy, r: Resolving) -> None:
    """CR 701.8a."""
    for oid in refs(ctx, eff.what, r):
        moved_to(r, oid, destroy(ctx, oid, rule="701.8a", regenerate=not eff.no_regenerate))


@resolves(Regenerate)
def _regenerate(ctx: Ctx, eff: Regenerate, r: Resolving) -> None:
    """CR 701.19a: a regeneration shield for this turn."""
    g = ctx.g
    for oid in refs(ctx, eff.what, r):
        if oid in g.objects and g.objects[oid].zone is Zone.BATTLEFIELD:
            w = g.obj(oid)                       # CR 701.19a: a shield for this turn
            w.choices["regeneration"] = (g.turn, w.choices.get("regeneration", (g.turn, 0))[1] + 1
                                         if w.choices.get("regeneration", (0, 0))[0] == g.turn else 1)
            ctx.log("701.19a", f"{name_of(ctx, oid)} gets a regeneration shield")


@resolves(Exile)
def _exile(ctx: Ctx, eff: Exile, r: Resolving) -> None:
    """CR 701.13a; linked to the source (CR 607.2a), until it leaves the battlefield if it says so (CR
    610.3)."""
    g = ctx.g
    if eff.until_leaves:
        if link_source(r) not in g.battlefield:
            # CR 610.3a-b: what it waits for has already happened: nothing moves
            ctx.log("610.3b", f"{r.name} has already left the battlefield: nothing is exiled")
            return
    gone: list[int] = []
    for oid in refs(ctx, eff.what, r):
        ctx.log("701.13a", f"{name_of(ctx, oid)} is exiled")
        new = move(ctx, oid, Zone.EXILE, "exile")
        moved_to(r, oid, new)
        if new is not None and new in g.objects and g.objects[new].zone is Zone.EXILE:
            gone.append(new)
    if eff.link:
        exiled(ctx, r, eff.link, eff.until_leaves, gone)              # CR 607.2a


resolves(ExileChosen)(exile_chosen)       # imprint, champion: chosen, then exiled (links)


@resolves(ReturnToHand)
def _return_to_hand(ctx: Ctx, eff: ReturnToHand, r: Resolving) -> None:
    """CR 400.7: to its owner's hand (a new object)."""
    for oid in refs(ctx, eff.what, r):
        ctx.log("400.7", f"{name_of(ctx, oid)} is returned to its owner's hand")
        moved_to(r, oid, move(ctx, oid, Zone.HAND, "bounce"))


@resolves(ReturnToBattlefield)
def _return_to_battlefield(ctx: Ctx, eff: ReturnToBattlefield, r: Resolving) -> None:
    """CR 110.2a: under its owner's or the effect's controller's control."""
    g = ctx.g
    for oid in refs(ctx, eff.what, r):
        if oid not in g.objects:
            continue
        who = g.objects[oid].owner if eff.under_owner else r.controller
        ctx.log("110.2a", f"{name_of(ctx, oid)} is put onto the battlefield under "
                f"{g.players[who].name}'s control")
        new_id = move(ctx, oid, Zone.BATTLEFIELD, "return", controller=who, transformed=eff.transformed)
        moved_to(r, oid, new_id)
        if new_id is not None and eff.tapped and new_id in g.objects:
            g.obj(new_id).tapped = True
        if new_id is not None and eff.counter and new_id in g.objects:
            put_counters(ctx, new_id, eff.counter, eff.counter_amount, rule="122.6")
        if new_id is not None and eff.exile_if_leaves and new_id in g.objects:
            g.obj(new_id).choices["exile_if_leaves"] = True     # CR 614.1a (unearth, CR 702.84a)


@resolves(ReturnChosen)
def _return_chosen(ctx: Ctx, eff: ReturnChosen, r: Resolving) -> None:
    """Kor Skyfisher's "return a [permanent] you control to its owner's hand" (CR 115.10: chosen, not
    targeted)."""
    return_chosen(ctx, players_of(refs(ctx, eff.who, r)), eff.filter, amount(ctx, eff.amount, r), r.name,
                  r.source)


@resolves(CounterSpell)
def _counter_spell(ctx: Ctx, eff: CounterSpell, r: Resolving) -> None:
    """CR 701.6a; "unless its controller pays" (CR 118.12a)."""
    for oid in refs(ctx, eff.what, r):
        if eff.unless_pays and _pays_instead(ctx, oid, eff.unless_pays, r):
            continue
        counter(ctx, oid, eff.to)


@resolves(Sacrifice)
def _sacrifice(ctx: Ctx, eff: Sacrifice, r: Resolving) -> None:
    """CR 701.21a: each player sacrifices permanents they choose."""
    sacrifice(ctx, players_of(refs(ctx, eff.who, r)), eff.filter, amount(ctx, eff.amount, r), r.name, r.source)


@resolves(SacrificePermanent)
def _sacrifice_permanent(ctx: Ctx, eff: SacrificePermanent, r: Resolving) -> None:
    """CR 701.21a: the effect's controller sacrifices it, if they control it."""
    g = ctx.g
    for oid in refs(ctx, eff.what, r):
        # CR 701.21a: only a permanent you control can be sacrificed
        if g.objects[oid].zone is Zone.BATTLEFIELD and characteristics(g, oid).controller == r.controller:
            ctx.log("701.21a", f"{g.players[r.controller].name} sacrifices {name_of(ctx, oid)}")
            move(ctx, oid, Zone.GRAVEYARD, "sacrifice")


@resolves(Discard)
def _discard(ctx: Ctx, eff: Discard, r: Resolving) -> None:
    """CR 701.9a-b: chosen by the player, by the effect's controller (Duress), or at random."""
    for p in players_of(refs(ctx, eff.who, r)):
        if eff.chooser == "you":
            discard_chosen_by(ctx, p, r.controller, amount(ctx, eff.amount, r), eff.filter, r)
        else:
            discard(ctx, p, amount(ctx, eff.amount, r), at_random=eff.chooser == "random")


@resolves(PutFromHand)
def _put_from_hand(ctx: Ctx, eff: PutFromHand, r: Resolving) -> None:
    """Brainstorm (CR 401.4)."""
    for p in players_of(refs(ctx, eff.who, r)):
        put_from_hand(ctx, p, amount(ctx, eff.amount, r), r.name)


@resolves(PutOntoBattlefieldFromHand)
def _put_onto_battlefield_from_hand(ctx: Ctx, eff: PutOntoBattlefieldFromHand, r: Resolving) -> None:
    """ "You may put a land card from your hand onto the battlefield" (CR 110.2; not a land
    play, CR 305.4): one card of the controller's hand matching the filter, or none."""
    g = ctx.g
    p = r.controller
    options = [c for c in g.zones[(p, Zone.HAND)] if matches(g, c, eff.filter, p)]
    if not options:
        ctx.log("110.2", f"{g.players[p].name} has no card to put onto the battlefield ({r.name})")
        return
    answer = ctx.ask(Decision(p, "choose", f"choose a card to put onto the battlefield for {r.name}"
                              + (" (or none)" if eff.optional else ""), options + ([None] if eff.optional else [])))
    chosen = answer[0] if isinstance(answer, list) and answer else answer
    if chosen is None:
        if not eff.optional:
            raise IllegalActionError(f"{r.name}: choose a card to put onto the battlefield")
        ctx.log("110.2", f"{g.players[p].name} puts no card onto the battlefield ({r.name})")
        return
    if chosen not in options:
        raise IllegalActionError(f"{r.name}: choose one of the cards that can be put onto the battlefield")
    ctx.log("110.2", f"{g.players[p].name} puts {name_of(ctx, chosen)} onto the battlefield ({r.name})")
    new_id = move(ctx, chosen, Zone.BATTLEFIELD, "put", controller=p)
    if new_id is not None:
        r.put.append(new_id)                    # ("that creature": the new object, CR 400.7)
    if new_id is not None and eff.tapped and new_id in g.objects:
        g.obj(new_id).tapped = True


@resolves(ShuffleIntoLibrary)
def _shuffle_into_library(ctx: Ctx, eff: ShuffleIntoLibrary, r: Resolving) -> None:
    """CR 701.24a: into its owner's library, which is then shuffled."""
    g = ctx.g
    for oid in refs(ctx, eff.what, r):
        if oid in g.objects and g.objects[oid].zone is not Zone.LIBRARY:
            owner = g.objects[oid].owner
            ctx.log("701.24a", f"{name_of(ctx, oid)} is shuffled into its owner's library")
            move(ctx, oid, Zone.LIBRARY, "shuffle")
            shuffle_library(ctx, owner)


@resolves(PutOnBottom)
def _put_on_bottom(ctx: Ctx, eff: PutOnBottom, r: Resolving) -> None:
    """CR 401.4: on the bottom of its owner's library."""
    for oid in refs(ctx, eff.what, r):
        if oid in ctx.g.objects:
            ctx.log("401.4", f"{name_of(ctx, oid)} is put on the bottom of its owner's library")
            move(ctx, oid, Zone.LIBRARY, "bottom", top=False)


@resolves(PutIntoGraveyard)
def _put_into_graveyard(ctx: Ctx, eff: PutIntoGraveyard, r: Resolving) -> None:
    """CR 400.3: into its owner's graveyard."""
    for oid in refs(ctx, eff.what, r):
        if oid in ctx.g.objects:
            ctx.log("400.3", f"{name_of(ctx, oid)} is put into its owner's graveyard")
            move(ctx, oid, Zone.GRAVEYARD, "put")


def destroy(ctx: Ctx, oid: int, rule: str = "701.8a", *, regenerate: bool = True, text: str = "") -> int | None:
    """CR 701.8: move to the owner's graveyard, unless it's indestructible (CR 702.12b) or a
    regeneration shield replaces the destruction (CR 701.19a; not if it "can't be
    regenerated", CR 701.19c)."""
    g = ctx.g
    if oid not in g.objects or g.objects[oid].zone is not Zone.BATTLEFIELD:
        return None
    if "indestructible" in characteristics(g, oid).keywords:
        ctx.log("702.12b", f"{name_of(ctx, oid)} is indestructible and isn't destroyed")
        return None
    shield = g.objects[oid].choices.get("regeneration")
    shielded = bool(regenerate and shield and shield[0] == g.turn and shield[1] > 0) \
        and g.objects[oid].choices.get("no_regeneration") != g.turn      # Incinerate (CR 701.19c)
    armors = [a for a in g.battlefield if g.objects[a].attached_to == oid and "umbra armor" in characteristics(g, a).keywords]
    if g.objects[oid].counters.get("shield") and not rule.startswith("704."):
        # CR 122.1c: "If this permanent would be destroyed as the result of an effect, instead
        # remove a shield counter from it" (not a state-based action's destruction); with other
        # such effects its controller chooses the one to apply (CR 616.1)
        options: list[Any] = ["shield counter"] + armors + (["regenerate"] if shielded else [])
        chosen = options[0] if len(options) == 1 else ctx.ask(Decision(
            characteristics(g, oid).controller, "replacement",
            f"choose the replacement effect to apply to {name_of(ctx, oid)} being destroyed", options))
        if chosen not in options:
            raise IllegalActionError(f"choose one of {options}")
        if chosen == "shield counter":
            remove_counters(ctx, oid, "shield", 1)
            ctx.log("122.1c", f"{name_of(ctx, oid)} isn't destroyed: a shield counter is removed from it instead")
            return None
        armors, shielded = ([], shielded) if chosen == "regenerate" else ([chosen], False)
    if armors:
        # CR 702.89a: "If enchanted permanent would be destroyed, instead remove all damage marked on
        # it and destroy this Aura"; with several such effects (or a regeneration shield), the
        # permanent's controller chooses the one to apply (CR 616.1)
        options = armors + (["regenerate"] if shielded else [])
        chosen = options[0] if len(options) == 1 else ctx.ask(Decision(
            characteristics(g, oid).controller, "replacement",
            f"choose the replacement effect to apply to {name_of(ctx, oid)} being destroyed", options))
        if chosen not in options:
            raise IllegalActionError(f"choose one of {options}")
        if chosen != "regenerate":
            w = g.obj(oid)
            w.damage = 0
            w.deathtouched = False
            g.changed()
            ctx.log("702.89a", f"{name_of(ctx, chosen)}'s umbra armor: {name_of(ctx, oid)} isn't destroyed; "
                    "its damage is removed and the Aura is destroyed instead")
            destroy(ctx, chosen, "702.89a")
            return None
    if shielded:
        w = g.obj(oid)
        w.choices["regeneration"] = (g.turn, shield[1] - 1)
        w.damage = 0
        w.deathtouched = False
        set_tapped(ctx, oid, True)                     # CR 701.19a
        w.attacking = None
        w.blocking = ()
        g.changed()
        ctx.log("701.19a", f"{name_of(ctx, oid)} regenerates: its damage is removed, it is tapped and removed from combat")
        return None
    ctx.log(rule, text or f"{name_of(ctx, oid)} is destroyed")
    return move(ctx, oid, Zone.GRAVEYARD, "destroy")


_COUNTERED_TO = {"library": (Zone.LIBRARY, "on top of its owner's library"), "hand": (Zone.HAND, "into its owner's hand"),
                 "exile": (Zone.EXILE, "into exile")}


def counter(ctx: Ctx, oid: int, to: str = "") -> None:
    """CR 701.6a: a countered spell goes to its owner's graveyard (or where the counterspell
    says instead: Memory Lapse, Remand); an ability ceases to exist."""
    g = ctx.g
    if oid not in g.objects or g.objects[oid].zone is not Zone.STACK:
        return
    if g.objects[oid].choices.get("uncounterable"):
        # CR 101.2: "can't be countered" wins over "counter" (mana with that rider, CR 106.6)
        ctx.log("101.2", f"{name_of(ctx, oid)} can't be countered ({g.objects[oid].choices['uncounterable']})")
        return
    if g.objects[oid].ability is None and UNCOUNTERABLE in characteristics(g, oid).keywords:
        ctx.log("101.2", f"{name_of(ctx, oid)} can't be countered")     # "This spell can't be countered."
        return
    zone, words = _COUNTERED_TO.get(to, (Zone.GRAVEYARD, ""))
    if g.objects[oid].ability is not None:
        zone, words = Zone.GRAVEYARD, ""
    ctx.log("701.6a", f"{name_of(ctx, oid)} is countered" + (f" and put {words} instead of into a graveyard" if words else ""))
    move(ctx, oid, zone, "counter")


def _pays_instead(ctx: Ctx, oid: int, cost_text: str, r: Resolving) -> bool:
    """CR 118.12a: "Counter target spell unless its controller pays {N}": that player may pay
    (asked only if the default payment can pay it, CR 608.2g); True if they paid."""
    g = ctx.g
    if oid not in g.objects or g.objects[oid].zone is not Zone.STACK:
        return False
    name = name_of(ctx, oid)
    if not cost_text.startswith("{"):
        return _pays_in_words(ctx, g.objects[oid].controller, cost_text, f"{name} isn't countered by {r.name}")
    mana = cost_text.replace("{X}", "{" + str(r.x) + "}")
    return pays(ctx, g.objects[oid].controller, mana, f"{name} ({r.name})", rule="118.12a",
                prompt=f"pay {mana} so that {name} isn't countered by {r.name}?")


def _pays_in_words(ctx: Ctx, player: int, cost: str, so_that: str) -> bool:
    """ "unless that player pays 2 life" / "discards a card" (ward's costs in words, CR 702.21a,
    118.12a): paid only in full (CR 118.3: enough life, a card in hand, CR 119.4)."""
    g = ctx.g
    who = g.players[player].name
    life = int(cost.split()[1]) if cost.startswith("pay ") and cost.endswith(" life") else 0
    can = g.players[player].can_pay_life(life) if life else bool(g.zones[(player, Zone.HAND)])
    if not can or not ctx.ask(Decision(player, "yesno", f"{cost} so that {so_that}?", [True, False])):
        ctx.log("118.12a", f"{who} doesn't {cost}")
        return False
    if life:
        lose_life(ctx, player, life, rule="119.4")
    else:
        discard(ctx, player, 1)
    ctx.log("118.12a", f"{who} pays: {cost}")
    return True


def discard(ctx: Ctx, player: int, count: int, at_random: bool = False) -> None:
    """CR 701.9a-b: the player chooses the cards to discard, unless at random (the game's RNG,
    so a replay discards the same cards)."""
    g = ctx.g
    hand = g.zones[(player, Zone.HAND)]
    count = min(count, len(hand))
    if count <= 0:
        return
    options = sorted(hand)
    if at_random and count < len(options):
        chosen = []
        for _ in range(count):
            chosen.append(g.rng.choice([o for o in options if o not in chosen]))
        ctx.log("701.9b", f"{g.players[player].name} discards {count} card(s) at random")
    else:
        chosen = options if count == len(options) else ctx.ask(Decision(
            player, "discard", f"choose {count} card(s) to discard", options, min=count, max=count))
    for oid in chosen:
        ctx.log("701.9a", f"{g.players[player].name} discards {name_of(ctx, oid)}")
        move(ctx, oid, Zone.GRAVEYARD, "discard")


def discard_chosen_by(ctx: Ctx, player: int, chooser: int, count: int, flt: Filter | None, r: Resolving) -> None:
    """Duress, Thoughtseize: ``player`` reveals their hand (CR 701.20a) and ``chooser`` picks
    ``count`` cards matching ``flt`` that the player discards (CR 701.9b)."""
    g = ctx.g
    hand = sorted(g.zones[(player, Zone.HAND)])
    name = g.players[player].name
    ctx.log("701.20a", f"{name} reveals their hand: " + (", ".join(name_of(ctx, o) for o in hand) or "no cards"))
    options = [o for o in hand if flt is None or matches(g, o, flt, r.controller, r.source)]
    count = min(count, len(options))
    if count <= 0:
        return
    chosen = ctx.ask(Decision(chooser, "discard", f"choose {count} card(s) {name} discards ({r.name})", options,
                              min=count, max=count))
    chosen = chosen if isinstance(chosen, list) else [chosen]
    if len(chosen) != count or len(set(chosen)) != count or any(c not in options for c in chosen):
        raise IllegalActionError(f"choose {count} of the revealed cards that {r.name} allows")
    for oid in chosen:
        ctx.log("701.9b", f"{name} discards {name_of(ctx, oid)} ({g.players[chooser].name}'s choice)")
        move(ctx, oid, Zone.GRAVEYARD, "discard")


def put_from_hand(ctx: Ctx, player: int, count: int, what: str) -> None:
    """Brainstorm: the player puts ``count`` cards from their hand on top of their library in
    the order they choose: one decision, the first card listed ends on top (CR 401.4)."""
    g = ctx.g
    hand = sorted(g.zones[(player, Zone.HAND)])
    count = min(count, len(hand))
    if count <= 0:
        return
    chosen = ctx.ask(Decision(player, "put_on_library", f"choose {count} card(s) from your hand to put on top "
                              f"of your library ({what}), in order: the first listed ends on top", hand,
                              min=count, max=count))
    chosen = chosen if isinstance(chosen, list) else [chosen]
    if len(chosen) != count or len(set(chosen)) != count or any(c not in hand for c in chosen):
        raise IllegalActionError(f"choose {count} different card(s) from your hand ({what})")
    for oid in reversed(chosen):
        move(ctx, oid, Zone.LIBRARY, "put", top=True)
    ctx.log("401.4", f"{g.players[player].name} puts {count} card(s) from their hand on top of their library")


def _choose_own(ctx: Ctx, players: list[int], flt: Filter, count: int, kind: str, what: str,
                source: int = 0) -> list[int]:
    """Each player chooses ``count`` permanents they control matching ``flt``, in APNAP order
    (CR 101.4): for a sacrifice, or "return a land you control to its owner's hand"."""
    g = ctx.g
    chosen: list[int] = []
    for p in sorted(players, key=g.apnap().index):
        options = [oid for oid in g.battlefield
                   if g.objects[oid].controller == p and matches(g, oid, flt, p, source or None)]
        k = min(count, len(options))
        if k <= 0:
            continue
        answer = ctx.ask(Decision(p, kind, f"choose {k} permanent(s) {what}", options, min=k, max=k))
        answer = answer if isinstance(answer, list) else [answer]
        if len(answer) != k or len(set(answer)) != k or any(a not in options for a in answer):
            raise IllegalActionError(f"choose {k} different permanent(s) you control that qualify {what}")
        chosen.extend(answer)
    return chosen


def return_chosen(ctx: Ctx, players: list[int], flt: Filter, count: int, source_name: str, source: int) -> None:
    """Kor Skyfisher, Boros Garrison: "return a [permanent] you control to its owner's hand" —
    chosen as it resolves, not targeted (CR 115.10)."""
    for oid in _choose_own(ctx, players, flt, count, "return", f"to return to its owner's hand ({source_name})",
                           source):
        ctx.log("400.7", f"{name_of(ctx, oid)} is returned to its owner's hand ({source_name})")
        move(ctx, oid, Zone.HAND, "bounce")


def sacrifice(ctx: Ctx, players: list[int], flt: Filter, count: int, source_name: str, source: int = 0) -> None:
    """CR 701.21a: each player chooses ``count`` permanents they control matching ``flt`` (in
    APNAP order, CR 101.4), then they are sacrificed at the same time; ``source``: the object
    "other than ~" / "another" leaves out (Demonic Taskmaster)."""
    g = ctx.g
    chosen = _choose_own(ctx, players, flt, count, "sacrifice", f"to sacrifice ({source_name})", source)
    for oid in chosen:
        ctx.log("701.21a", f"{g.players[g.objects[oid].controller].name} sacrifices {name_of(ctx, oid)}")
        move(ctx, oid, Zone.GRAVEYARD, "sacrifice")
