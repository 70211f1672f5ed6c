"""Paying costs with mana (CR 601.2g-h, 605.3a, 118): mana abilities are activated as the plan
(``rules.mana_planning``) says, then the mana is spent from the pool; delve, convoke and improvise
pay their part (CR 702.66, 702.51, 702.126). Also the pool's emptying (CR 106.4) and the
activation costs that exile a card and pay its mana cost (CR 602.2b) or untap and pay energy
(CR 107.6, 107.14).

``pay`` (the scenario step's option, already turned into object ids by the runner) fixes only
what it names: the mana to spend (``"{W}{W}{1}"`` or ``mana``), the half of each hybrid symbol
(``hybrid: [W, 2]``), how Phyrexian symbols are paid (``phyrexian: life`` / ``mana``, or a list,
one per symbol), the sources to tap (``tap``: exactly those, their mana spent before the
pool's), and the cards or permanents that pay by delve, convoke or improvise (CR 702.66,
702.51, 702.126).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..agents.decisions import Decision
from ..cards.vocabulary import ActivatedAbility, AddMana, Cost
from ..core.enums import Zone
from ..core.errors import IllegalActionError
from ..core.memo import identity_memo
from ..core.mana import ManaCost
from ..effects.layers import characteristics, matches, summoning_sick
from ..effects.primitives import lose_life, move, name_of, set_tapped
from ..effects import rules_interface
from ..rules.context import Ctx
from ..state.game_state import GameState
from ..state.objects import MANA_TYPES, Player
from . import mana_pool
from .mana_pool import SpendOn
from .mana_requirements import (
    MANA_RANK, PayOptions, Requirement, default_variants, requirement, symbol_colors,
)
from .mana_sources import Source, TAP_ONLY, mana_of, restriction_allows, tap_sources
from .mana_planning import can_pay, default_plan, plan_payment


def _apply_helpers(g: GameState, player: int, req: Requirement, opts: PayOptions, keywords: frozenset[str],
                   what: str) -> tuple[Requirement, list[tuple[str, int, str]]]:
    """Delve, convoke and improvise (CR 702.66a, 702.51a, 702.126a) pay part of the total cost
    once it is locked in (702.66b, 702.51b, 702.126b). Returns the rest, and the actions to take."""
    if not (opts.delve or opts.convoke or opts.improvise):
        return req, []                              # (most payments: none of them)
    actions: list[tuple[str, int, str]] = []
    colored = list(req.colored)
    generic = req.generic
    for keyword, ids in (("delve", opts.delve), ("convoke", opts.convoke), ("improvise", opts.improvise)):
        if not ids:
            continue
        if keyword not in keywords:
            raise IllegalActionError(f"{what} doesn't have {keyword}")
        if len(set(ids)) != len(ids):
            raise IllegalActionError(f"pay: {keyword}: each object pays for one mana only")
        for oid in ids:
            o = g.objects.get(oid)
            if keyword == "delve":
                if o is None or o.zone is not Zone.GRAVEYARD or o.owner != player:
                    raise IllegalActionError("delve exiles cards from your graveyard (CR 702.66a)")
                if not generic:
                    raise IllegalActionError(f"delve pays only generic mana, and {what} has no generic mana "
                                             "left to pay (CR 702.66a)")
                generic -= 1
                actions.append(("exile", oid, "1"))
                continue
            ch = characteristics(g, oid) if o is not None else None
            wanted = "Creature" if keyword == "convoke" else "Artifact"
            if o is None or o.zone is not Zone.BATTLEFIELD or ch is None or ch.controller != player \
                    or wanted not in ch.types:
                raise IllegalActionError(f"{keyword} taps an untapped {wanted.lower()} you control "
                                         f"({'CR 702.51a' if keyword == 'convoke' else 'CR 702.126a'})")
            if o.tapped or any(a[1] == oid for a in actions):
                raise IllegalActionError(f"{ch.name} is already tapped and can't {keyword} (CR 118.3)")
            if keyword == "convoke":
                slot = next((s for s in colored if set(s) & ch.colors), None)
                if slot is not None:
                    colored.remove(slot)
                    actions.append(("tap", oid, next(k for k in slot if k in ch.colors)))
                    continue
            if not generic:
                raise IllegalActionError(f"{ch.name} can't pay for any mana left in {what}'s cost")
            generic -= 1
            actions.append(("tap", oid, "1"))
    return Requirement(tuple(colored), generic, req.life, req.snow), actions


def pay_requirement(ctx: Ctx, player: int, req: Requirement, spell_colors: frozenset[str], what: str,
                    pay: Any = None, cost_text: str = "", keywords: frozenset[str] = frozenset(),
                    variants: list[Requirement] | None = None, spend_on: SpendOn | None = None,
                    kept: frozenset[int] = frozenset()) -> None:
    """CR 601.2g-h: activates mana abilities as needed, then pays the requirement with mana that
    may be spent on ``spend_on`` (CR 106.6; None: a cost that's neither a spell's nor an
    ability's); the default plan taps none of ``kept``."""
    g = ctx.g
    opts = PayOptions.of(pay)
    name = g.players[player].name
    candidates = variants or [req]
    if opts.mana is not None:
        # the first way of paying the symbols (a {2/W}'s colored half first) the mana given fits
        explicit = None
        errors: list[IllegalActionError] = []
        for cand in candidates:
            try:
                explicit = _explicit_requirement(opts.mana, cand)
                break
            except IllegalActionError as exc:
                errors.append(exc)
        if explicit is None:
            raise errors[0]
        candidates = [explicit]
    helpers: list[tuple[str, int, str]] = []
    plan = None
    chosen = candidates[0]
    # the sources, once: nothing changes until the plan is carried out (planning changes nothing)
    sources = tap_sources(g, player, spend_on)
    if kept:
        sources = [s for s in sources if s[0] not in kept]
    for cand in candidates:
        rest, helpers = _apply_helpers(g, player, cand, opts, keywords, what)
        plan = default_plan(g, player, rest, spell_colors, sources, spend_on) if opts.tap is None else \
            plan_payment(g, player, rest, spell_colors, opts.tap, sources, spend_on)
        if plan is not None:
            chosen = cand
            break
    if plan is None:
        raise IllegalActionError(f"{name} can't pay {cost_text or _describe(req)} for {what}")
    if chosen.life and not g.players[player].can_pay_life(chosen.life):
        raise IllegalActionError(f"{name} can't pay {chosen.life} life for {what} (CR 119.4)")
    if plan.taps:
        activate_mana_ability = activation.activate_mana_ability
        preferred = {s[0]: s[1] for s in sources}
        for oid, kind in plan.taps:
            activate_mana_ability(ctx, oid, _tap_ability(g, player, oid, preferred.get(oid), kind, spend_on), choice=kind)
    for kind, amount in plan.snow.items():                 # {S} first (CR 107.4h)
        if not mana_pool.spend(g, player, kind, amount, spend_on, snow=True):
            raise IllegalActionError(f"{name} lacks {{{kind}}} from a snow source to pay {{S}} for {what}")
    for kind, amount in plan.spend.items():
        if not mana_pool.spend(g, player, kind, amount, spend_on):
            raise IllegalActionError(f"{name} lacks {{{kind}}} that can be spent on {what} (CR 106.6)")
    for action, oid, paid in helpers:
        if action == "exile":
            ctx.log("702.66a", f"{name} exiles {name_of(ctx, oid)} to pay {{1}} (delve)")
            move(ctx, oid, Zone.EXILE, "delve")
        else:
            set_tapped(ctx, oid, True)
            g.changed()
            rule = "702.51a" if oid in opts.convoke else "702.126a"
            ctx.log(rule, f"{name} taps {name_of(ctx, oid)} to pay {{{paid}}} "
                          f"({'convoke' if oid in opts.convoke else 'improvise'})")
    if chosen.life:
        lose_life(ctx, player, chosen.life, rule="119.4")
    shown = cost_text if cost_text and chosen is candidates[0] else _describe(chosen)
    ctx.log("601.2h", f"{name} pays {shown} for {what}")


def _tap_ability(g: GameState, player: int, oid: int, preferred: ActivatedAbility | None, kind: str,
                 spend_on: SpendOn | None) -> int:
    """Which of ``oid``'s abilities the default payment activates for ``kind``: the one
    :func:`tap_sources` chose (the one adding most), else the first whose only cost is {T} and
    whose mana may be spent here that adds ``kind`` — never one with another cost."""
    script = characteristics(g, oid).script
    abilities = script.activated
    if preferred is not None:
        index, kinds = _ability_index(script)[id(preferred)]
        if kind in (kinds if kinds is not None else mana_of(preferred, g, oid)[0]):
            return index
    return next(i for i, ab in enumerate(abilities)
                if ab.is_mana and ab.cost == TAP_ONLY and restriction_allows(g, oid, ab, spend_on, player)
                and kind in mana_of(ab, g, oid)[0])


@identity_memo
def _ability_index(script: Any) -> dict[int, tuple[int, list[str] | None]]:
    """For :func:`_tap_ability`: by the id of each of the script's abilities, its index and the
    mana types it adds when they don't depend on the game (None: a linked color, CR 607.2)."""
    return {id(ab): (i, None if any(e.link or e.per is not None or e.count is not None
                                    for e in ab.effects if isinstance(e, AddMana))
                     else mana_of(ab)[0]) for i, ab in enumerate(script.activated)}


def _describe(req: Requirement) -> str:
    text = "".join("{" + ("/".join(s) if len(s) > 1 else s) + "}" for s in req.colored) + "{S}" * req.snow
    text = ("{" + str(req.generic) + "}" if req.generic or not text else "") + text
    return text + (f" and {req.life} life" if req.life else "")


def pay_mana(ctx: Ctx, player: int, cost: ManaCost, x: int, spell_colors: frozenset[str],
             what: str, pay: Any = None, spend_on: SpendOn | None = None, kept: frozenset[int] = frozenset()) -> None:
    """CR 601.2g-h: pays ``cost`` (X = ``x``), as ``pay`` says or the default way; ``kept``: the
    permanents the default payment doesn't tap for mana (they pay another part of the cost)."""
    opts = PayOptions.of(pay)
    req = requirement(cost, x, opts.hybrid, opts.phyrexian)
    text = str(cost) + (f" (X={x})" if cost.x_count else "")
    pay_requirement(ctx, player, req, spell_colors, what, opts, text,
                    variants=default_variants(req, cost, opts.hybrid is not None), spend_on=spend_on, kept=kept)


def _explicit_requirement(mana: str, req: Requirement) -> Requirement:
    """An explicit "{W}{W}{1}" payment: exactly these symbols (CR 601.2h), which must pay the
    requirement's colored symbols; numbers are mana of any type for its generic part."""
    try:
        parsed = ManaCost.parse(mana)
    except ValueError as exc:
        raise IllegalActionError(f"pay: {exc}") from None
    named: list[str] = []
    generic = 0
    for sym in parsed.symbols:
        if sym.kind == "generic":
            generic += sym.generic
        elif sym.kind == "colorless":
            named.append("C")
        elif sym.kind == "colored":
            named.append(symbol_colors(sym))
        else:
            raise IllegalActionError(f"pay {mana!r}: name mana by its type ({sym} is not one)")
    total = len(named) + generic
    if total != len(req.colored) + req.generic + req.snow:
        raise IllegalActionError(f"pay {mana!r} does not match the cost ({total} mana given, "
                                 f"{len(req.colored) + req.generic + req.snow} needed)")
    left = list(named)
    for slot in req.colored:
        kind = next((k for k in left if k in slot), None)
        if kind is None:
            raise IllegalActionError(f"pay {mana!r} lacks {{{'/'.join(slot)}}}")
        left.remove(kind)
    # {S} symbols take the mana named beyond the colored symbols, then generic mana (CR 107.4h)
    for kind in left[: req.snow]:
        named.remove(kind)
    generic -= max(0, req.snow - len(left))
    return Requirement(tuple(sorted(named, key=MANA_RANK.__getitem__)), generic, req.life, req.snow)


#: A pool with no mana (``Player.pool`` has every mana type as a key).
_EMPTY_POOL = dict.fromkeys(MANA_TYPES, 0)


def empty_pools(ctx: Ctx) -> None:
    """CR 106.4: unspent mana empties from each pool at the end of each step and phase."""
    for p in ctx.g.players:
        if has_mana(p):
            mana_pool.empty(ctx.g.player(p.index), ctx.g.step)


def has_mana(p: Player) -> bool:
    """Whether ``p``'s pool holds mana: ``empty_pools`` changes only such a pool."""
    return p.pool != _EMPTY_POOL and any(p.pool.values())      # (the comparison: no call)


# -- "exile a card ... and pay its mana cost" (activation costs, CR 602.2b) ------------------------
def exile_cost_candidates(g: GameState, player: int, cost: Any) -> list[int]:
    """The cards an activation cost "exile a [quality] card from your graveyard" may exile; when
    the cost also pays that card's mana cost, only cards with one (CR 118.6)."""
    flt = cost.exile
    zone = Zone(flt.zone or "graveyard")
    plain = replace(flt, zone="", controller=None)
    out = [oid for oid in g.zones[(player, zone)] if matches(g, oid, plain, player)]
    if cost.pay_exiled_mana_cost:
        out = [oid for oid in out if characteristics(g, oid).mana_cost is not None]
    return out


def can_pay_exile_cost(g: GameState, player: int, cost: Any, sources: list[Source] | None = None,
                       spend_on: SpendOn | None = None) -> bool:
    for oid in exile_cost_candidates(g, player, cost):
        ch = characteristics(g, oid)
        if not cost.pay_exiled_mana_cost or can_pay(g, player, ch.mana_cost, 0, ch.colors, sources, spend_on):
            return True
    return False


def pay_exile_cost(ctx: Ctx, player: int, cost: Any, pay: Any, what: str,
                   spend_on: SpendOn | None = None) -> tuple[int, ...]:
    """Pays "exile a [quality] card from your graveyard [and pay its mana cost]": the card named
    by ``pay: {exile: [...]}`` or asked; its mana cost (X is 0, CR 107.3h; colors included, CR
    202.1a) is paid, then it is exiled. Returns the exiled card's new id (CR 400.7), which the
    ability refers to as "that card"."""
    g = ctx.g
    opts = PayOptions.of(pay)
    candidates = exile_cost_candidates(g, player, cost)
    if cost.pay_exiled_mana_cost:       # only a card whose mana cost can be paid now (CR 601.2g-h, 602.2b)
        candidates = [oid for oid in candidates if can_pay(g, player, characteristics(g, oid).mana_cost, 0,
                                                           characteristics(g, oid).colors, None, spend_on)]
    everything = exile_cost_candidates(g, player, type(cost)(exile=cost.exile))
    named = opts.objects.get("exile")
    if named:
        if len(named) != 1:
            raise IllegalActionError(f"{what}: exile exactly one card to pay its cost")
        card = named[0]
        if card not in candidates:
            cost_now = characteristics(g, card).mana_cost if card in everything else None
            reason = ("it isn't a card the cost can exile" if card not in everything
                      else "it has no mana cost, which can't be paid (CR 118.6)" if cost_now is None
                      else f"{g.players[player].name} can't pay its mana cost {cost_now} (CR 601.2h)")
            raise IllegalActionError(f"{what}: {name_of(ctx, card)} can't be exiled to pay the cost: {reason}")
    else:
        if not candidates:
            raise IllegalActionError(f"{what}: there is no card to exile to pay its cost (CR 118.3)")
        card = ctx.ask(Decision(player, "exile", f"choose a card to exile to pay for {what}", candidates))
        if isinstance(card, list):
            card = card[0]
        if card not in candidates:
            raise IllegalActionError(f"{what}: that card can't be exiled to pay the cost")
    if cost.pay_exiled_mana_cost:
        ch = characteristics(g, card)
        pay_mana(ctx, player, ch.mana_cost, 0, ch.colors, f"{what} ({ch.name}'s mana cost)", opts, spend_on)
    ctx.log("602.2b", f"{g.players[player].name} exiles {name_of(ctx, card)} to pay for {what}")
    new = move(ctx, card, Zone.EXILE, "cost")
    return (new,) if new is not None else ()


# -- {Q} and {E} in activation costs (CR 107.6, 107.14) -------------------------------------------
def can_pay_untap_energy(g: GameState, oid: int, cost: Any) -> bool:
    """{Q} needs a tapped permanent, not a creature with summoning sickness (CR 107.6, 302.6);
    {E} needs that many energy counters (CR 107.14, 118.3)."""
    o = g.objects[oid]
    if getattr(cost, "untap", False):
        ch = characteristics(g, oid)
        if not o.tapped or ("Creature" in ch.types and summoning_sick(g, oid) and "haste" not in ch.keywords):
            return False
    energy = getattr(cost, "energy", 0)
    return not energy or g.players[characteristics(g, oid).controller].counters.get("energy", 0) >= energy


def pay_untap_energy(ctx: Ctx, oid: int, cost: Any) -> None:
    """Pays the {Q} and {E} parts of an activation cost."""
    g = ctx.g
    name = name_of(ctx, oid)
    controller = characteristics(g, oid).controller
    if getattr(cost, "untap", False):
        if not can_pay_untap_energy(g, oid, Cost(untap=True)):
            raise IllegalActionError(f"{name} can't be untapped to pay {{Q}} (it must be tapped, and a creature "
                                     "can't with summoning sickness, CR 107.6, 302.6)")
        set_tapped(ctx, oid, False)
        g.changed()
        ctx.log("107.6", f"{name} untaps to pay {{Q}}")
    energy = getattr(cost, "energy", 0)
    if energy:
        have = g.players[controller].counters.get("energy", 0)
        if have < energy:
            raise IllegalActionError(f"{g.players[controller].name} can't pay {'{E}' * energy}: "
                                     f"{have} energy counter(s) (CR 107.14, 118.3)")
        pl = g.player(controller)
        pl.counters["energy"] = have - energy
        ctx.log("107.14", f"{g.players[controller].name} pays {'{E}' * energy}")


rules_interface.provide(pay_mana=pay_mana)      # for the effects that pay mana as they resolve

# Last, as a module: activation imports this one (paying a cost activates mana abilities, CR
# 605.3a, and activating an ability pays its cost, CR 602.2b: the one cycle of the payment rules).
from . import activation  # noqa: E402
