"""Keyword abilities of permanents and keyword actions (CR 702, 701) that are one-shot effects:
fabricate's choice (702.123a), renown's designation (702.112), monstrosity (701.37), cumulative upkeep (702.24a),
extort (702.101a), bolster (701.39a), amass (701.47a), connive (701.50a). The resolutions of
these effects (``resolve.resolves``); counters, life, tokens and zone changes go through
``effects.primitives``."""
from __future__ import annotations

from dataclasses import replace

from ...agents.decisions import Decision, player_of, player_ref
from ...cards.vocabulary import (
    Amass, ApplyModifications, BackupGrant, Bolster, CreateDelayedTrigger, Exile, Learn, Myriad, Trigger, ChangeTypes, Connive, CreateToken, CumulativeUpkeep, Designate, Drain,
    MayElse, Monstrosity, Ref, n,
)
from ...cards.database import card_db
from ...core.enums import Zone
from ...state.objects import GameObject
from ...core.errors import IllegalActionError
from ...rules.combat import put_attacking
from ...rules.context import Ctx
from ..layers import characteristics, controller_of, copy_values
from ..events import DesignatedEvent
from ..links import pays
from ..primitives import create_tokens, draw_card, gain_life, lose_life, move, name_of, put_counters
from ..resolve import Resolving, amount, execute, refs, resolves


@resolves(MayElse)
def _may_else(ctx: Ctx, eff: MayElse, r: Resolving) -> None:
    """ "You may [effects]. If you don't, [otherwise]." (CR 608.2c, fabricate 702.123a)."""
    yes = ctx.ask(Decision(r.controller, "yesno", f"{eff.prompt or 'do it'} ({r.name})?", [True, False]))
    execute(ctx, eff.effects if yes else eff.otherwise, r)


#: The rule of each designation a resolving ability gives (renowned until the permanent leaves
#: the battlefield; saddled until end of turn too, ``turn.cleanup``).
_DESIGNATION_RULES = {"renowned": "702.112b", "saddled": "702.171b"}


@resolves(Designate)
def _designate(ctx: Ctx, eff: Designate, r: Resolving) -> None:
    """CR 702.112b, 702.171b: only a permanent becomes renowned or saddled, until it leaves the
    battlefield (a new object, CR 400.7, has no designation)."""
    for oid in refs(ctx, eff.what, r):
        _become(ctx, oid, eff.designation, _DESIGNATION_RULES.get(eff.designation, "702.112b"))


def _become(ctx: Ctx, oid: int, designation: str, rule: str) -> None:
    """``oid`` becomes ``designation`` if it is a permanent: a marker on the object (gone with it
    as it leaves, CR 400.7), recorded for "When ~ becomes monstrous" (``triggers``)."""
    g = ctx.g
    if oid in g.objects and g.objects[oid].zone is Zone.BATTLEFIELD:
        g.obj(oid).choices[designation] = True
        g.changed()                         # ("as long as ~ is monstrous": a static's condition)
        g.events.append(DesignatedEvent(oid, designation))
        ctx.log(rule, f"{name_of(ctx, oid)} becomes {designation}")


@resolves(Monstrosity)
def _monstrosity(ctx: Ctx, eff: Monstrosity, r: Resolving) -> None:
    """CR 701.37a: a permanent already monstrous gets nothing (the ability still resolves); else
    the counters, then it becomes monstrous (CR 701.37b), even if a replacement effect changed
    how many counters it got."""
    g = ctx.g
    src = r.source
    if src not in g.objects or g.objects[src].zone is not Zone.BATTLEFIELD:
        return
    if g.objects[src].choices.get("monstrous"):
        ctx.log("701.37a", f"{name_of(ctx, src)} is already monstrous")
        return
    count = amount(ctx, eff.amount, r)
    put_counters(ctx, src, "+1/+1", count, rule="701.37a", origin=src)
    if eff.amount.x:
        g.obj(src).choices["monstrous_x"] = count     # CR 701.37c: its other abilities' X
    _become(ctx, src, "monstrous", "701.37b")


@resolves(CumulativeUpkeep)
def _cumulative_upkeep(ctx: Ctx, eff: CumulativeUpkeep, r: Resolving) -> None:
    """CR 702.24a: an age counter, then the cost once for each age counter on it (all the
    counters, whichever ability put them, CR 702.24b), or the permanent is sacrificed."""
    g = ctx.g
    src = r.source
    if src not in g.objects or g.objects[src].zone is not Zone.BATTLEFIELD:
        return
    put_counters(ctx, src, "age", 1, rule="702.24a", origin=src)
    age = g.objects[src].counters.get("age", 0)
    who = g.players[r.controller].name
    paid = False
    if eff.life:
        total = eff.life * age
        if g.players[r.controller].can_pay_life(total) and ctx.ask(Decision(
                r.controller, "yesno", f"pay {total} life for cumulative upkeep ({r.name})?", [True, False])):
            lose_life(ctx, r.controller, total, rule="702.24a")
            ctx.log("702.24a", f"{who} pays {total} life for {r.name}'s cumulative upkeep")
            paid = True
    else:
        paid = age == 0 or pays(ctx, r.controller, eff.mana * age, r.name, rule="702.24a",
                                prompt=f"pay {eff.mana * age} for cumulative upkeep ({r.name})?")
    if not paid and src in g.objects and g.objects[src].zone is Zone.BATTLEFIELD \
            and characteristics(g, src).controller == r.controller:
        ctx.log("702.24a", f"{who} doesn't pay {r.name}'s cumulative upkeep and sacrifices it")
        move(ctx, src, Zone.GRAVEYARD, "sacrifice")                # CR 701.21a


@resolves(Drain)
def _drain(ctx: Ctx, eff: Drain, r: Resolving) -> None:
    """CR 702.101a: each opponent loses the life; you gain the total they lost."""
    g = ctx.g
    each = amount(ctx, eff.amount, r)
    lost = sum(lose_life(ctx, p, each) for p in g.opponents(r.controller))
    if lost:
        gain_life(ctx, r.controller, lost, rule="702.101a")


def _choose_one(ctx: Ctx, player: int, options: list[int], kind: str, why: str) -> int:
    """One of ``options`` (asked only when there is a choice)."""
    if len(options) == 1:
        return options[0]
    answer = ctx.ask(Decision(player, "choose", why, options))
    if answer not in options:
        raise IllegalActionError(f"choose one of the {kind}")
    return answer


def _creatures_of(ctx: Ctx, player: int, subtype: str = "") -> list[int]:
    g = ctx.g
    out = []
    for oid in g.battlefield:
        ch = characteristics(g, oid)
        if ch.controller == player and "Creature" in ch.types and (not subtype or subtype in ch.subtypes):
            out.append(oid)
    return out


@resolves(Bolster)
def _bolster(ctx: Ctx, eff: Bolster, r: Resolving) -> None:
    """CR 701.39a: the creature with the least toughness (or one of those tied) gets the counters."""
    g = ctx.g
    creatures = _creatures_of(ctx, r.controller)
    if not creatures:
        return
    least = min(characteristics(g, oid).toughness or 0 for oid in creatures)
    tied = [oid for oid in creatures if (characteristics(g, oid).toughness or 0) == least]
    chosen = _choose_one(ctx, r.controller, tied, "creatures with the least toughness",
                         f"bolster: choose a creature with the least toughness ({r.name})")
    ctx.log("701.39a", f"{g.players[r.controller].name} bolsters {name_of(ctx, chosen)}")
    put_counters(ctx, chosen, "+1/+1", amount(ctx, eff.amount, r), rule="701.39a", origin=r.source)


@resolves(Amass)
def _amass(ctx: Ctx, eff: Amass, r: Resolving) -> None:
    """CR 701.47a: an Army (a new 0/0 black [subtype] Army token if you control none) gets the
    counters and becomes a [subtype] in addition to its other types."""
    g = ctx.g
    armies = _creatures_of(ctx, r.controller, "Army")
    if not armies:
        subtypes = ((eff.subtype,) if eff.subtype else ()) + ("Army",)
        token = CreateToken(n(1), " ".join(subtypes) + " Token", 0, 0, ("B",), ("Creature",), subtypes)
        create_tokens(ctx, r.controller, token, 1, origin=r.source)
        armies = _creatures_of(ctx, r.controller, "Army")
    if not armies:
        return                                  # CR 701.47b: it amassed even so
    chosen = _choose_one(ctx, r.controller, armies, "Army creatures you control",
                         f"amass: choose an Army creature you control ({r.name})")
    ctx.log("701.47a", f"{g.players[r.controller].name} amasses {eff.subtype} {amount(ctx, eff.amount, r)} "
            f"with {name_of(ctx, chosen)}")
    put_counters(ctx, chosen, "+1/+1", amount(ctx, eff.amount, r), rule="701.47a", origin=r.source)
    if eff.subtype and chosen in g.objects and eff.subtype not in characteristics(g, chosen).subtypes:
        execute(ctx, (ApplyModifications(Ref("remembered", 0), (ChangeTypes(add_subtypes=frozenset({eff.subtype})),),
                                         until_end_of_turn=False),), replace(r, remembered=(chosen,)))


@resolves(Connive)
def _connive(ctx: Ctx, eff: Connive, r: Resolving) -> None:
    """CR 701.50a: its controller (its last known one if it has left, CR 701.50c) draws, then
    discards a card; a nonland card discarded puts a +1/+1 counter on it."""
    g = ctx.g
    for oid in refs(ctx, eff.what, r):
        ch = characteristics(g, oid) if oid in g.objects else g.lki.get(oid)
        if ch is None:
            continue
        player = ch.controller
        ctx.log("701.50a", f"{name_of(ctx, oid) if oid in g.objects else ch.name} connives")
        draw_card(ctx, player, rule="701.50a")
        hand = sorted(g.zones[(player, Zone.HAND)])
        if not hand:
            continue
        card = hand[0] if len(hand) == 1 else ctx.ask(Decision(player, "discard", f"connive: discard a card ({r.name})",
                                                               hand, min=1, max=1))
        card = card[0] if isinstance(card, list) else card
        if card not in hand:
            raise IllegalActionError("discard a card from your hand")
        nonland = "Land" not in characteristics(g, card).types
        ctx.log("701.9a", f"{g.players[player].name} discards {name_of(ctx, card)}")
        move(ctx, card, Zone.GRAVEYARD, "discard")
        if nonland and oid in g.objects and g.objects[oid].zone is Zone.BATTLEFIELD:
            put_counters(ctx, oid, "+1/+1", 1, rule="701.50a", origin=r.source)


@resolves(BackupGrant)
def _backup_grant(ctx: Ctx, eff: BackupGrant, r: Resolving) -> None:
    """CR 702.165a: "If that's another creature, it also gains the non-backup abilities of this
    creature printed below this one until end of turn" (CR 613.1f, 611.2)."""
    others = tuple(oid for oid in refs(ctx, eff.what, r) if oid != r.source)
    if others and eff.mods:
        execute(ctx, tuple(ApplyModifications(Ref("remembered", i), eff.mods) for i in range(len(others))),
                replace(r, remembered=others))


@resolves(Learn)
def _learn(ctx: Ctx, eff: Learn, r: Resolving) -> None:
    """CR 701.48a: rummage (discard, then draw), or else a Lesson card from outside the game
    (the player's sideboard, CR 400.11a) into the hand, or nothing."""
    g = ctx.g
    player = r.controller
    who = g.players[player].name
    hand = sorted(g.zones[(player, Zone.HAND)])
    if hand and ctx.ask(Decision(player, "yesno", f"learn: discard a card to draw a card ({r.name})?", [True, False])):
        card = hand[0] if len(hand) == 1 else ctx.ask(Decision(player, "discard", f"learn: discard a card ({r.name})",
                                                               hand, min=1, max=1))
        card = card[0] if isinstance(card, list) else card
        if card not in hand:
            raise IllegalActionError("discard a card from your hand")
        ctx.log("701.9a", f"{who} discards {name_of(ctx, card)}")
        move(ctx, card, Zone.GRAVEYARD, "discard")
        draw_card(ctx, player, rule="701.48a")
        return
    db = card_db()
    lessons = sorted({name for name in g.players[player].sideboard if "Lesson" in db.get(name).front.subtypes})
    if not lessons:
        return
    answer = ctx.ask(Decision(player, "choose", f"learn: reveal a Lesson card from outside the game and put it into "
                              f"your hand ({r.name}), or none", lessons + [None]))
    if answer is None:
        return
    if answer not in lessons:
        raise IllegalActionError("choose a Lesson card you own from outside the game, or none")
    board = list(g.players[player].sideboard)
    board.remove(answer)
    g.player(player).sideboard = tuple(board)
    obj = GameObject(g.new_id(), db.get(answer), player, Zone.HAND, g.new_timestamp())   # CR 400.11b
    obj._gen = g._gen               # a new object, shared with no clone (``GameState.obj``)
    g.objects[obj.id] = obj
    g.zones[(player, Zone.HAND)].append(obj.id)
    g.changed()
    ctx.log("701.48a", f"{who} reveals {answer} from outside the game and puts it into their hand")


@resolves(Myriad)
def _myriad(ctx: Ctx, eff: Myriad, r: Resolving) -> None:
    """CR 702.116a: token copies put onto the battlefield tapped and attacking (CR 508.4: they
    were never declared as attackers), exiled at end of combat by a delayed triggered ability
    (CR 603.7, 511.2)."""
    g = ctx.g
    src = g.objects.get(r.source)
    if src is None or src.zone is not Zone.BATTLEFIELD or src.attacking is None:
        return
    attacked = src.attacking
    defending = player_of(attacked) if attacked < 0 else controller_of(g, attacked) if attacked in g.objects else None
    made: list[int] = []
    for opponent in g.opponents(r.controller):
        if opponent == defending:
            continue
        who = g.players[opponent].name
        if not ctx.ask(Decision(r.controller, "yesno", f"myriad: create a token copy of {r.name} tapped and "
                                f"attacking {who}?", [True, False])):
            continue
        for token in create_tokens(ctx, r.controller, copy_values(g, r.source), 1, origin=r.source):
            g.obj(token).tapped = True
            put_attacking(ctx, token, player_ref(opponent), " (myriad)")
            made.append(token)
    if made:
        exile = tuple(Exile(Ref("remembered", i)) for i in range(len(made)))
        execute(ctx, (CreateDelayedTrigger(Trigger("end_of_combat", "you"), exile, remember=Ref("created"),
                                           text=f"exile the tokens created by {r.name}'s myriad at end of combat"),),
                replace(r, created=list(made)))
