"""Activated abilities (CR 602) and mana abilities (CR 605)."""
from __future__ import annotations

import re
from typing import Any

from ..agents.decisions import Decision
from ..cards.vocabulary import ActivatedAbility, AddMana
from ..core.enums import MAIN_PHASES, Zone
from ..core.errors import IllegalActionError, NotImplementedCardError
from ..core.mana import ManaCost
from ..effects.layers import characteristics, controller_of, matches, summoning_sick
from ..effects.link_records import CostContext
from ..effects.link_values import linked_amount, linked_colors
from ..effects.links import activation_forbidden, cost_x
from ..effects.primitives import lose_life, move, name_of, put_counters, remove_counters, set_tapped
from ..effects.resolutions.mana import add_mana, counted_mana
from ..effects.resolve import Resolving, execute
from ..effects.triggers import condition_holds
from ..effects.cast_keywords import split_second
from ..effects.events import ActivateEvent
from ..state.game_state import GameState
from ..state.objects import GameObject
from .ability_costs import can_pay as can_pay_objects, pay as pay_objects, tap_reservation
from .context import Ctx
from .mana_sources import tap_sources
from .mana_planning import can_pay
from .mana_payment import can_pay_exile_cost, can_pay_untap_energy, pay_exile_cost, pay_mana, pay_untap_energy
from .mana_pool import SpendOn
from .spell_choices import announce_division, divided_effect, divided_specs
from .targeting import choose_targets, has_targets
from .total_cost import affordable_x


def abilities_of(g: GameState, oid: int) -> tuple[ActivatedAbility, ...]:
    return characteristics(g, oid).script.activated


def ability_mana(g: GameState, player: int, oid: int, ab: ActivatedAbility) -> ManaCost:
    """The mana an ability's cost asks for now: its mana cost less a reduction "for each ..."
    (the channel lands), which reduces only the generic mana (CR 601.2f via 602.2b, 118.7a)."""
    cost = ManaCost.parse(ab.cost.mana)
    per = ab.cost.less_per
    if per is None:
        return cost
    times = sum(1 for o in g.battlefield if matches(g, o, per, player, oid))
    off = ManaCost.parse(ab.cost.less).mana_value() * times
    generic = sum(sym.generic for sym in cost.symbols if sym.kind == "generic")
    if not off or not generic:
        return cost
    left = generic - min(off, generic)
    rest = "".join(str(sym) for sym in cost.symbols if sym.kind != "generic")
    return ManaCost.parse(("{" + str(left) + "}" if left else "") + rest)


def can_pay_tap(g: GameState, oid: int) -> bool:
    """CR 602.5a / 302.6: {T} needs an untapped permanent, not a summoning-sick creature."""
    o = g.objects[oid]
    if o.tapped:
        return False
    ch = characteristics(g, oid)
    return not ("Creature" in ch.types and summoning_sick(g, oid) and "haste" not in ch.keywords)


def _adds(g: Any, oid: int, eff: AddMana) -> tuple[str, ...]:
    """The mana types an AddMana can add now: a linked one ("of the chosen color", "of the exiled
    card's colors") the colors in its source's record (CR 607.2a, 607.2d)."""
    if eff.link:
        return tuple(linked_colors(g, oid, eff.link))
    return eff.mana or eff.choice


def activate_mana_ability(ctx: Ctx, oid: int, index: int | None, choice: str | None = None,
                          pay: Any = None, x: int = 0) -> None:
    """CR 605.3a-b: a mana ability is activated and resolves at once, without the stack. With
    {T} in its cost, its source is "tapped for mana" (CR 106.12): the mana it produces is an
    event "tapped for mana" replacement effects modify (CR 106.12b)."""
    g = ctx.g
    ch = characteristics(g, oid)
    abilities = ch.script.activated
    if index is None:
        mana_abs = [i for i, ab in enumerate(abilities) if ab.is_mana]
        index = next((i for i in mana_abs if choice is None or any(
            choice in _adds(g, oid, e) for e in abilities[i].effects if isinstance(e, AddMana))), None)
        if index is None:
            raise IllegalActionError(f"{name_of(ctx, oid)} has no mana ability")
    ab = abilities[index]
    reason = activation_forbidden(g, ch.controller, oid, mana=True)     # as ``_not_forbidden``, with ``ch`` at hand
    if reason:
        raise IllegalActionError(f"{ch.name}'s abilities can't be activated: {reason}")
    if ab.condition is not None and not condition_holds(g, ab.condition, ch.controller, oid):
        raise IllegalActionError(f"{ch.name}'s ability can't be activated now: its condition isn't met "
                                 f"({ab.text}; CR 602.5)")
    pay_ability_costs(ctx, oid, ab, pay, x)
    if ab.cost.exile_self:
        _exile_source(ctx, oid, ab, ch.name, ch.controller)
    src = g.objects.get(oid)
    controller = ch.controller      # who activated it gets the mana (CR 106.3), control changed in layer 2 too
    # issue 7 (double/triple): the source and "tapped for mana" go with the mana produced; its
    # name as ``name_of`` gives it, read off ``ch`` while the memo still holds it (a {T} cost
    # changes no characteristic)
    name = (ch.name or "a face-down permanent") if src is not None and g._chars.get(oid) is ch \
        else name_of(ctx, oid)
    r = None                                # built for the effects other than adding mana
    for eff in ab.effects:
        if isinstance(eff, AddMana) and eff.count is None:
            add_mana(ctx, controller, eff, name, choice, source=oid, tapped=ab.cost.tap)
            continue
        if r is None:
            r = Resolving(oid, controller, (), (), x=x, name=name, tapped_for_mana=ab.cost.tap)
        if isinstance(eff, AddMana):                # "X mana ..., where X is ~'s power" (CR 608.2h)
            add_mana(ctx, controller, counted_mana(ctx, eff, r), name, choice, source=oid, tapped=ab.cost.tap)
        else:
            execute(ctx, (eff,), r)


def _exile_source(ctx: Ctx, oid: int, ab: ActivatedAbility, name: str, player: int) -> int | None:
    """"Exile this card from your graveyard", "Exile ~ from your hand" (the Spirit Guides), "Exile
    ~" (CR 118.3, 602.2b): the source exiled to pay the cost; the exiled card's new id."""
    where = {"graveyard": "their graveyard", "hand": "their hand"}.get(ab.cost.exile_self, "the battlefield")
    ctx.log("602.2b", f"{ctx.g.players[player].name} exiles {name} from {where} to pay for its ability")
    return move(ctx, oid, Zone.EXILE, "cost")


def _sources_besides(g: GameState, player: int, oid: int, ab: ActivatedAbility, spend_on: SpendOn) -> list | None:
    """The mana sources that can pay the rest of an ability's cost: not its own source when {T}
    is part of the cost (CR 602.2b, 605.3a); None (all of them) otherwise."""
    return [s for s in tap_sources(g, player, spend_on) if s[0] != oid] if ab.cost.tap else None


def _kept_for_taps(g: GameState, player: int, oid: int, ab: ActivatedAbility, x: int, sources: list | None,
                   spend_on: SpendOn) -> frozenset[int] | None:
    """The creatures the mana payment leaves untapped for the cost's "Tap an untapped creature
    you control" parts (CR 118.3, 601.2h; ``ability_costs.tap_reservation``), None if the mana
    can't be paid so; frozenset() when the cost has no such part and its mana can be paid."""
    cost = ability_mana(g, player, oid, ab)

    def payable(kept: frozenset[int]) -> bool:
        left = sources if not kept else \
            [s for s in (sources if sources is not None else tap_sources(g, player, spend_on)) if s[0] not in kept]
        return can_pay(g, player, cost, x, sources=left, spend_on=spend_on)
    return tap_reservation(g, player, oid, ab.cost, payable)


def _announce_x(ctx: Ctx, player: int, oid: int, ab: ActivatedAbility, action: dict[str, Any]) -> int:
    """X of an activation cost, announced (CR 602.2b, 601.2b): given by the action or asked, up to
    what could be paid ({X} mana; "Remove X storage counters from ~": the counters on it; "any
    number of" counters is such an X too, CR 107.1c)."""
    g = ctx.g
    x = action.get("x")
    if ab.cost.remove_counter_x:
        most = g.objects[oid].counters.get(ab.cost.remove_counter, 0)
    else:
        spend_on = SpendOn("ability", characteristics(g, oid))
        # the most X payable once the rest is: not with the source's own mana if {T} is paid
        # too (CR 602.2b, 605.3a: Kessig Wolf Run), nor with mana it can't be spent on (CR 106.6)
        sources = _sources_besides(g, player, oid, ab, spend_on)
        most = affordable_x(g, player, ability_mana(g, player, oid, ab), sources=sources, spend_on=spend_on)
    if x is None:
        x = ctx.ask(Decision(player, "x", f"choose X for {characteristics(g, oid).name}'s ability", [],
                             info={"max": most}))
    if not isinstance(x, int) or isinstance(x, bool) or x < 0:
        raise IllegalActionError(f"X must be a number 0 or more, got {x!r}")
    return x


def _not_forbidden(g: GameState, oid: int, mana: bool = False) -> None:
    """CR 602.5: an effect may say an ability can't be activated (Voidstone Gargoyle); ``mana``:
    the ability is a mana ability (Pithing Needle allows those, CR 605.1a)."""
    reason = activation_forbidden(g, controller_of(g, oid), oid, mana)
    if reason:
        raise IllegalActionError(f"{characteristics(g, oid).name}'s abilities can't be activated: {reason}")


def pay_ability_costs(ctx: Ctx, oid: int, ab: ActivatedAbility, pay: Any, x: int = 0) -> tuple[int, ...]:
    """CR 602.2b / 601.2g-h: non-mana parts of the cost, then mana. The permanents tapped for
    its "tap" parts (``ability_costs.pay``)."""
    g = ctx.g
    o = g.objects[oid]
    # named for the costs that say what they pay for (most mana abilities cost only {T})
    what = f"{name_of(ctx, oid)}'s ability" if ab.cost.mana or ab.cost.discard_self or ab.cost.objects else ""
    if ab.cost.tap:
        if not can_pay_tap(g, oid):
            raise IllegalActionError(f"{name_of(ctx, oid)} can't be tapped to pay {{T}}"
                                     + (" (summoning sickness, CR 302.6)" if summoning_sick(g, oid) and not o.tapped else ""))
        set_tapped(ctx, oid, True)                       # CR 602.2b, 701.26a: {T}
    if ab.cost.untap or ab.cost.energy:
        pay_untap_energy(ctx, oid, ab.cost)              # {Q}, {E} (CR 107.6, 107.14)
    if ab.cost.mana:
        cost = ability_mana(g, controller_of(g, oid) if o.zone is Zone.BATTLEFIELD else o.owner, oid, ab)
        spend = characteristics(g, oid).script.ability_mana_as_any
        if spend:
            # "spend blue mana as though it were mana of any color" (CR 609.4b): each colored
            # symbol may be paid with its color or with that mana
            cost = ManaCost.parse("".join(f"{{{s}/{spend}}}" if len(s) == 1 and s in "WUBRG" and s != spend
                                          else "{" + s + "}" for s in re.findall(r"\{([^}]+)\}", str(cost))))
        payer = controller_of(g, oid)
        spend_on = SpendOn("ability", characteristics(g, oid))
        kept = frozenset()
        if any(part.verb == "tap" for part in ab.cost.objects):
            kept = _kept_for_taps(g, payer, oid, ab, x, None, spend_on) or frozenset()
        pay_mana(ctx, payer, cost, x, characteristics(g, oid).colors, what, pay, spend_on, kept)   # CR 106.6
    if ab.cost.loyalty is not None:
        # CR 606.4: a loyalty ability's cost puts or removes loyalty counters; once per turn (606.3)
        problem = _loyalty_problem(g, oid, ab)
        if problem:
            raise IllegalActionError(f"{name_of(ctx, oid)}{problem}")
        if ab.cost.loyalty > 0:
            put_counters(ctx, oid, "loyalty", ab.cost.loyalty, rule="606.4")
        elif ab.cost.loyalty < 0:
            remove_counters(ctx, oid, "loyalty", -ab.cost.loyalty)
            ctx.log("606.4", f"{-ab.cost.loyalty} loyalty counter(s) removed from {name_of(ctx, oid)}")
        g.obj(oid).choices["loyalty_turn"] = g.turn
        g.changed()
    if ab.cost.remove_counter:
        # "Remove a charge counter from ~" (CR 118.3): unpayable without one; "Remove X storage
        # counters": X of them, X announced (CR 107.3a)
        n = x if ab.cost.remove_counter_x else ab.cost.remove_counter_amount
        if g.objects[oid].counters.get(ab.cost.remove_counter, 0) < n:
            raise IllegalActionError(f"{name_of(ctx, oid)} has {'no' if n == 1 else f'fewer than {n}'} "
                                     f"{ab.cost.remove_counter} counter{'s' if n > 1 else ''} to remove (CR 118.3)")
        if n:
            remove_counters(ctx, oid, ab.cost.remove_counter, n)
    if ab.cost.put_counter:
        # "Put a -0/-1 counter on ~" (CR 118.3): paid by putting it on, whatever its toughness
        put_counters(ctx, oid, ab.cost.put_counter, 1, rule="602.2b")
    if ab.cost.pay_life:
        if not g.players[controller_of(g, oid)].can_pay_life(ab.cost.pay_life):
            raise IllegalActionError(f"{g.players[controller_of(g, oid)].name} can't pay {ab.cost.pay_life} life")
        lose_life(ctx, controller_of(g, oid), ab.cost.pay_life, rule="119.4")
    if ab.cost.sacrifice_self:
        ctx.log("701.21a", f"{name_of(ctx, oid)} is sacrificed")
        move(ctx, oid, Zone.GRAVEYARD, "sacrifice")
    if ab.cost.discard_self:                            # issue 7: transmute's "Discard this card"
        ctx.log("701.9a", f"{g.players[o.owner].name} discards {name_of(ctx, oid)} to pay for {what}")
        move(ctx, oid, Zone.GRAVEYARD, "discard")
    if ab.cost.objects:
        # issue 7: "Sacrifice two other creatures", "Discard two cards", ... (the Dominus cycle)
        return tuple(pay_objects(ctx, controller_of(g, oid) if oid in g.objects else o.controller, oid, ab.cost,
                                 pay, what))
    return ()


def _loyalty_problem(g: GameState, oid: int, ab: ActivatedAbility) -> str:
    """Why a loyalty ability's cost can't be paid now ("" if it can): a permanent's loyalty
    abilities once per turn (CR 606.3), and the counters a negative cost removes (CR 606.6)."""
    o = g.objects[oid]
    if o.choices.get("loyalty_turn") == g.turn:
        return ": only one loyalty ability per turn (CR 606.3)"
    if ab.cost.loyalty is not None and ab.cost.loyalty < 0 and o.counters.get("loyalty", 0) < -ab.cost.loyalty:
        return " has too few loyalty counters (CR 606.6)"
    return ""


def can_activate(g: GameState, player: int, oid: int, index: int) -> bool:
    """Whether the legal-action list offers this (non-mana) ability now."""
    o = g.objects[oid]
    if o.zone is not Zone.BATTLEFIELD or controller_of(g, oid) != player:
        return False
    ab = abilities_of(g, oid)[index]
    if ab.is_mana or ab.zone:                      # (abilities of a card in a hand or graveyard)
        return False
    if activation_forbidden(g, player, oid):
        return False
    if ab.sorcery_speed and not sorcery_timing(g, player):
        return False
    if _activations_used_up(g, o, ab, index):
        return False                                       # CR 602.5b
    if ab.cost.tap and not can_pay_tap(g, oid):
        return False
    if ab.cost.remove_counter and not ab.cost.remove_counter_x \
            and o.counters.get(ab.cost.remove_counter, 0) < ab.cost.remove_counter_amount:
        return False                                       # CR 118.3
    if ab.cost.loyalty is not None and _loyalty_problem(g, oid, ab):
        return False
    if ab.cost.pay_life and not g.players[player].can_pay_life(ab.cost.pay_life):
        return False
    if ab.cost.untap or ab.cost.energy:
        if not can_pay_untap_energy(g, oid, ab.cost):
            return False
    x = 0
    if ab.cost.x_is is not None:
        # X set by the game (Soul Foundry: the exiled card's mana value): payable with that X
        q = ab.cost.x_is
        x = q.fixed + (q.scale * linked_amount(g, q, CostContext(oid, player)) if q.link else 0)
    spend_on = SpendOn("ability", characteristics(g, oid)) if ab.cost.mana or ab.cost.exile is not None else None
    if ab.cost.mana:
        # a source tapped to pay {T} can't also tap for mana to pay the rest (CR 602.2b, 605.3a)
        sources = _sources_besides(g, player, oid, ab, spend_on)
        if _kept_for_taps(g, player, oid, ab, x, sources, spend_on) is None:
            return False
    if ab.cost.exile is not None:
        if not can_pay_exile_cost(g, player, ab.cost, spend_on=spend_on):
            return False
    if ab.cost.objects or ab.condition is not None:        # issue 7: Dominus costs, "Activate only if"
        if not can_pay_objects(g, player, oid, ab.cost):
            return False
        if ab.condition is not None and not condition_holds(g, ab.condition, player, oid):
            return False
    return has_targets(g, ab.targets, player, oid)


def can_activate_from_hand(g: GameState, player: int, oid: int, index: int) -> bool:
    """Whether the legal-action list offers an ability that functions from its owner's hand
    (transmute, CR 702.53a; cycling, 702.29a) or graveyard (unearth, CR 702.84a) now, with its
    mana payable."""
    o = g.objects[oid]
    ab = abilities_of(g, oid)[index]
    if o.zone.value != ab.zone or o.owner != player or o.zone not in _CARD_ZONES:
        return False
    if activation_forbidden(g, player, oid):
        return False
    if ab.sorcery_speed and not sorcery_timing(g, player):
        return False
    if _activations_used_up(g, o, ab, index):
        return False                                       # CR 602.5b
    if ab.condition is not None and not condition_holds(g, ab.condition, player, oid):
        return False       # "Activate only during your upkeep" (Eternal Dragon from the graveyard, CR 602.5b)
    if ab.cost.mana and _kept_for_taps(g, player, oid, ab, 0, None, SpendOn("ability", characteristics(g, oid))) is None:
        return False
    if ab.cost.objects and not can_pay_objects(g, player, oid, ab.cost):
        return False                                       # "Eternalize—{2}{B}{B}, Discard a card"
    return has_targets(g, ab.targets, player, oid)         # CR 602.2b, 601.2c: a target for each


#: The zones of a card whose abilities may function there (CR 113.6m): its owner's hand
#: (transmute, cycling) and graveyard (unearth, scavenge, embalm, eternalize).
_CARD_ZONES = (Zone.HAND, Zone.GRAVEYARD)


def sorcery_timing(g: GameState, player: int) -> bool:
    """CR 307.1: main phase of your own turn with an empty stack."""
    return g.active == player and g.step in MAIN_PHASES and not g.stack


def activate(ctx: Ctx, player: int, oid: int, index: int, action: dict[str, Any]) -> None:
    """CR 602.2: announce, choose targets, pay costs; the ability goes on the stack."""
    g = ctx.g
    # issue 7: transmute (CR 702.53a) from the hand; unearth (CR 702.84a) from the graveyard
    in_hand = oid in g.objects and g.objects[oid].zone in _CARD_ZONES
    if oid not in g.objects or (g.objects[oid].zone is not Zone.BATTLEFIELD and not in_hand):
        raise IllegalActionError("only permanents on the battlefield have activatable abilities here")
    zone = g.objects[oid].zone.value if in_hand else ""
    o = g.objects[oid]
    if (o.owner if in_hand else controller_of(g, oid)) != player:
        raise IllegalActionError(f"{g.players[player].name} doesn't control {name_of(ctx, oid)} (CR 602.2)")
    ch = characteristics(g, oid)
    abilities = ch.script.activated
    if in_hand and not any(ab.zone == zone for ab in abilities):
        raise IllegalActionError(f"{ch.name} has no ability that can be activated from a {zone}")
    if not 0 <= index < len(abilities):
        if ch.script.unimplemented:
            num, text = ch.script.unimplemented[0]
            raise NotImplementedCardError(f"{ch.name}: its ability {text!r} is not implemented yet")
        raise IllegalActionError(f"{ch.name} has no activated ability number {index + 1}")
    ab = abilities[index]
    if ab.zone != zone:                                 # issue 7: transmute works only from the hand
        raise IllegalActionError(f"{ch.name}'s ability functions only while the card is "
                                 + (f"in its owner's {ab.zone} (CR 113.6m)" if ab.zone else "on the battlefield"))
    _not_forbidden(g, oid, ab.is_mana)
    if ab.per_turn or ab.once:
        # CR 602.5b: "Activate no more than twice each turn", "Activate only once" (exhaust, CR
        # 702.177a): this object's activations (a new one after a zone change, CR 400.7)
        done = g.objects[oid].choices.get("activations", {})
        key = _activation_key(g, ab, index)
        if _activations_used_up(g, g.objects[oid], ab, index):
            times = {1: "once", 2: "twice"}.get(ab.per_turn, f"{ab.per_turn} times")
            raise IllegalActionError(f"{ch.name}'s ability can be activated only "
                                     + ("once" if ab.once else f"{times} each turn") + " (CR 602.5b)")
        g.obj(oid).choices["activations"] = {**{k: v for k, v in done.items()
                                                if k.startswith((f"{g.turn}:", "once:"))},
                                             key: done.get(key, 0) + 1}
    if ab.is_mana:
        x = _announce_x(ctx, player, oid, ab, action) if ab.cost.remove_counter_x or "{X}" in ab.cost.mana else 0
        activate_mana_ability(ctx, oid, index, action.get("color"), action.get("pay"), x)
        return
    if g.stack and (held := split_second(g)):
        raise IllegalActionError(f"{ch.name}'s ability can't be activated while {held} (split second) is on the "
                                 f"stack: only mana abilities can (CR 702.61a)")
    if ab.sorcery_speed and not sorcery_timing(g, player):
        equip = " and equip is a sorcery-speed ability, CR 702.6a" if ab.text.lower().startswith("equip") else ""
        raise IllegalActionError(f"{ch.name}'s ability can be activated only as a sorcery: in your main phase "
                                 f"with an empty stack (CR 307.1{equip})")
    if ab.condition is not None:                        # issue 7: "Activate only if ..." (CR 602.5b)
        if not condition_holds(g, ab.condition, player, oid):
            raise IllegalActionError(f"{ch.name}'s ability can't be activated now: its condition isn't met "
                                     f"({ab.text}; CR 602.5b)")
    stack_obj = GameObject(g.new_id(), None, player, Zone.STACK, g.new_timestamp())
    stack_obj.ability = ab
    stack_obj.source_id = oid
    stack_obj.source_name = ch.name
    stack_obj.controller = player
    stack_obj._gen = g._gen             # a new object, shared with no clone (``GameState.obj``)
    g.objects[stack_obj.id] = stack_obj
    g.stack.append(stack_obj.id)                        # CR 602.2a
    divided = divided_effect(ab.effects)
    specs = divided_specs(None, ab.targets, 0, f"{ch.name}'s ability", divided) if divided else ab.targets
    stack_obj.targets, counts = choose_targets(ctx, specs, player, oid, f"{ch.name}'s ability",
                                               action.get("targets"), by=stack_obj.id)
    stack_obj.choices["counts"] = counts
    if ab.cost.x_is is not None:
        # "X is the mana value of that card" (Soul Foundry): X is set by the game, not announced
        stack_obj.x = cost_x(ctx, oid, player, ab.cost.x_is)
    elif "{X}" in ab.cost.mana or ab.cost.remove_counter_x:
        # issue 7: X in an activation cost is announced (CR 602.2b, 601.2b) and is the
        # ability's X as it resolves (Oracle of Nectars, copied by Unbound Flourishing)
        stack_obj.x = _announce_x(ctx, player, oid, ab, action)
    if divided is not None:           # CR 602.2b, 601.2d: the division, announced after X
        stack_obj.choices["division"] = announce_division(ctx, player, None, specs, stack_obj.targets, counts,
                                                          f"{ch.name}'s ability", action.get("divide"), stack_obj.x,
                                                          effect=divided)
    tapped = pay_ability_costs(ctx, oid, ab, action.get("pay"), stack_obj.x)  # CR 602.2b
    if tapped:
        stack_obj.choices["remembered"] = tapped    # "the tapped creature" (station, CR 702.184a)
    if ab.cost.exile_self:
        # the ability refers to the card exiled (scavenge's "the card you exiled", CR 702.97a;
        # embalm's copy, CR 702.128a)
        exiled = _exile_source(ctx, oid, ab, ch.name, player)
        stack_obj.choices["remembered"] = (exiled,) if exiled is not None else ()
    if ab.cost.exile is not None:
        # "Exile a creature card from your graveyard [and pay its mana cost]": the ability
        # refers to that card (Back from the Brink)
        stack_obj.choices["remembered"] = pay_exile_cost(ctx, player, ab.cost, action.get("pay"),
                                                         f"{ch.name}'s ability", SpendOn("ability", ch))
    g.changed()
    ctx.log("602.2", f"{g.players[player].name} activates {ch.name}'s ability: {ab.text}")
    g.events.append(ActivateEvent(stack_obj.id, player))   # issue 7: "whenever you activate an ability"


def _activation_key(g: Any, ab: ActivatedAbility, index: int) -> str:
    """Where an object's activations of its ability ``index`` are counted: this turn's (CR
    602.5b, "each turn"), or all of them ("Activate only once")."""
    return f"once:{index}" if ab.once else f"{g.turn}:{index}"


def _activations_used_up(g: Any, o: Any, ab: ActivatedAbility, index: int) -> bool:
    """Whether the ability may be activated no more (CR 602.5b)."""
    if not (ab.per_turn or ab.once):
        return False
    limit = 1 if ab.once else ab.per_turn
    return o.choices.get("activations", {}).get(_activation_key(g, ab, index), 0) >= limit
