"""The total cost of a spell (CR 601.2f): its mana cost or the alternative cost chosen (CR 118.9),
plus additional costs (118.8) and cost increases, minus cost reductions (118.7), locked in before
it is paid. None of this changes the spell's mana cost or mana value (CR 118.8d, 118.9c, 202.3).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from ..cards.vocabulary import AdditionalCost, AlternativeCost, CostChange, Filter
from ..core.errors import IllegalActionError
from ..core.memo import identity_memo
from ..core.mana import ManaCost
from ..effects.counts import count as counted
from ..effects.layers import Characteristics, matches, permanents_with
from ..effects.triggers import condition_holds
from ..state.game_state import GameState
from .pregame import commander_tax
from .mana_requirements import (
    PayOptions, Requirement, add_requirements, default_variants, reduce_requirement, requirement,
)
from .mana_sources import priority_facts
from .mana_planning import can_pay_requirement
from .mana_pool import SpendOn
from .modes import has_mode_costs
from .spell_choices import spell_targets
from .spell_costs import COST_VERBS, additional_costs, applies_to_spell, cost_candidates
from .targeting import legal_targets


def affordable_x(g: GameState, player: int, cost: ManaCost, oid: int | None = None,
                 ch: Characteristics | None = None, alternative: AlternativeCost | None = None,
                 kicked: tuple[str, ...] | bool = False, additional: dict[str, Any] | None = None,
                 sources: list | None = None, spend_on: SpendOn | None = None) -> int:
    """The largest X the default payment could pay now (a hint for agents; CR 107.3 allows any
    X, and an unaffordable one is refused when the cost is paid). ``alternative``, ``kicked``,
    ``additional``: the costs announced with it (a flashback cost with {X}, CR 702.34a; buyback,
    CR 702.27a). ``sources``, ``spend_on``: for an ability's cost, the mana sources left once
    its {T} is paid (not the source itself, CR 602.2b, 605.3a) and what the mana is spent on."""
    def ok(x: int) -> bool:
        if oid is not None and ch is not None:
            return can_pay_requirement(g, player, total_cost(g, player, oid, ch, x, alternative, kicked, 0,
                                                             additional or {}).requirement,
                                       ch.colors, spend_on=SpendOn("spell", ch))
        return can_pay_requirement(g, player, requirement(cost, x), sources=sources, spend_on=spend_on)
    x = 0
    while x < 100 and ok(x + 1):
        x += 1
    return x if ok(x) else 0


# -- the total cost (CR 601.2f) -------------------------------------------------------------------
@dataclass(slots=True)
class TotalCost:
    """The total cost of a spell as it is locked in (CR 601.2f)."""

    requirement: Requirement
    text: str                                   # for the log: what makes it up
    mana: ManaCost                              # the mana symbols before reductions
    objects: list[tuple[str, AdditionalCost, str]] = field(default_factory=list)   # (verb, cost, source name)
    counters: list[tuple[str, int]] = field(default_factory=list)                  # enters with (Chorus)
    variants: list[Requirement] = field(default_factory=list)   # the default payment's fallbacks ({2/W})


def _cost_changes(g: GameState, player: int, spell: int, ch: Characteristics) -> list[tuple[CostChange, int, str]]:
    """Cost increases and reductions that apply to the spell: (change, its controller, source name)."""
    out = []
    for sid, sch in permanents_with(g, "cost_changes"):
        for cc in sch.script.cost_changes:
            if not cc.itself and applies_to_spell(g, spell, cc.spells, cc.whose, player, sch.controller, ch, sid):
                out.append((cc, sch.controller, sch.name))
    out += [(cc, player, ch.name) for cc in ch.script.cost_changes if cc.itself]
    return out


def _count(g: GameState, flt: Filter, controller: int) -> int:
    return sum(1 for oid in g.battlefield if matches(g, oid, flt, controller))


def _times_announced(add: AdditionalCost, additional: dict[str, Any]) -> int:
    """How many times a repeatable cost was announced (replicate, CR 702.56a); 1 for another."""
    if not add.repeatable:
        return 1
    value = additional.get(add.name)
    if value.__class__ is not int or value < 1:
        raise IllegalActionError(f"additional: {add.name} takes how many times it is paid (1 or more), got {value!r}")
    return value


def total_cost(g: GameState, player: int, spell: int, ch: Characteristics, x: int,
               alternative: AlternativeCost | None, kicked: bool, targets: int, additional: dict[str, Any],
               pay: PayOptions | None = None, alternative_name: str = "",
               splice: tuple[tuple[str, str], ...] | list[tuple[str, str]] = (),
               target_ids: tuple[Any, ...] | list[Any] = ()) -> TotalCost:
    """CR 601.2f: the mana cost or alternative cost, plus additional costs and cost increases,
    minus cost reductions. ``additional``: the optional or variable additional costs announced
    (``mana``, ``life``). Raises IllegalActionError if the cost can't be determined."""
    if alternative is None and not kicked and not splice and not additional \
            and _mana_cost_alone(g, player, spell, ch, pay):
        requirement_, text, variants = _plain_total(ch.mana_cost, x, ch.script.x_mana)    # type: ignore[arg-type]
        return TotalCost(requirement_, text, ch.mana_cost, [], [], list(variants))    # type: ignore[arg-type]
    pay = pay or PayOptions()
    parts: list[str] = []
    if alternative is not None:
        base = ManaCost.parse(alternative.mana) if alternative.mana else ManaCost()
        parts.append(f"{base if alternative.mana else ''}{' and ' if alternative.mana and alternative.life else ''}"
                     f"{str(alternative.life) + ' life' if alternative.life else ''} "
                     f"(alternative cost: {alternative_name}, CR 118.9)".strip())
        life = alternative.life
    else:
        if ch.mana_cost is None:
            raise IllegalActionError(f"{ch.name} has no mana cost and can't be cast (CR 202.1b, 118.6)")
        base = ch.mana_cost
        parts.append(_mana_text(base) + (f" (X={x})" if base.x_count else "") + " (mana cost)")
        life = 0
    symbols = list(base.symbols)
    # CR 702.33a: the kicker costs announced (a card with two pays each one announced, CR 702.33d)
    for kicker_text in ((kicked if isinstance(kicked, tuple) else (ch.script.kicker[0],)) if kicked else ()):
        kicker = ManaCost.parse(kicker_text)
        symbols += kicker.symbols
        parts.append(f"+ {kicker} (kicker)")
    for splice_mana, card_name in splice:
        extra = ManaCost.parse(splice_mana)
        symbols += extra.symbols                                          # CR 702.47a
        parts.append(f"+ {extra} (splice: {card_name})")
    if ch.script.spell is not None and spell in g.objects and has_mode_costs(ch.script.spell.modes):
        for i in g.objects[spell].modes:                                 # CR 700.2h, 702.172a (spree)
            if ch.script.spell.modes[i].cost:
                extra = ManaCost.parse(ch.script.spell.modes[i].cost)
                symbols += extra.symbols
                parts.append(f"+ {extra} (mode {i + 1}'s additional cost, CR 700.2h)")
    counters: list[tuple[str, int]] = []
    objects: list[tuple[str, AdditionalCost, str]] = []
    mana_announced = additional.get("mana")
    life_announced = additional.get("life")
    used: set[str] = set()
    reductions_each: list[tuple[ManaCost, int]] = []
    for add, source in additional_costs(g, player, spell, ch):
        if add.either:
            add = _chosen_option(g, player, spell, add, additional, used)
        wanted = not add.optional
        if add.any_mana:
            if mana_announced is None or "mana" in used:
                continue
            used.add("mana")
            extra = ManaCost.parse(mana_announced) if isinstance(mana_announced, str) else \
                ManaCost.parse("{" + str(int(mana_announced)) + "}") if int(mana_announced) else ManaCost()
            symbols += extra.symbols
            parts.append(f"+ {extra or '{0}'} (additional cost: {source}, CR 118.8)")
            if add.enters_counters and extra.mana_value():
                counters.append((add.enters_counters, extra.mana_value()))
            continue
        if add.optional:
            keys = [k for k, v in (("mana", add.mana), ("life", add.life or add.life_x), ("sacrifice", add.sacrifice),
                                   ("exile", add.exile), ("discard", add.discard)) if v]
            if add.name:
                keys = [add.name]                   # a keyword's cost, announced by its name (buyback)
            wanted = any(k in additional and k not in used and additional[k] is not False for k in keys)
            if not wanted:
                continue
            used.update(keys)
        if add.mana:
            extra = ManaCost.parse(add.mana)
            times = _times_announced(add, additional) if not add.per_extra_mode \
                else max(0, len(g.objects[spell].modes) - 1) if spell in g.objects else 0      # escalate
            for _ in range(times):
                symbols += extra.symbols
            parts.append(f"+ {extra}{' x' + str(times) if times != 1 else ''} (additional cost: {add.name or source})")
        if add.life_x:
            amount = int(life_announced) if life_announced is not None else x
            life += amount
            parts.append(f"+ {amount} life (additional cost: {source})")
            used.add("life")
        elif add.life:
            life += add.life
            parts.append(f"+ {add.life} life (additional cost: {source})")
        if add.any_number:
            # "exile any number of creature cards from your graveyard. This spell costs {2} less
            # to cast for each card exiled this way" (Gorex): as many as announced (CR 601.2b)
            verb = next(v for v, attr in COST_VERBS.items() if getattr(add, attr) is not None)
            given = additional.get(verb, [])
            count = len(given) if isinstance(given, list) else 1
            if count:
                objects.append((verb, replace(add, count=count), source))
                parts.append(f"+ {verb} {count} (additional cost: {source})")
                if add.less_each:
                    reductions_each.append((ManaCost.parse(add.less_each), count))
            continue
        for verb, attr in COST_VERBS.items():
            if getattr(add, attr) is not None:
                objects.append((verb, add, source))
                parts.append(f"+ {verb} {add.count} (additional cost: {source})")
    for add in (alternative.objects if alternative is not None else ()):
        verb = next(v for v, attr in COST_VERBS.items() if getattr(add, attr) is not None)
        objects.append((verb, add, alternative_name or ch.name))                  # Daze, Fireblast (CR 118.9)
        parts.append(f"+ {verb} {add.count} (alternative cost: {alternative_name or ch.name})")
    for key in ("mana", "life"):
        if key in additional and key not in used:
            raise IllegalActionError(f"{ch.name} has no additional cost that pays {key} (CR 118.8)")
    tax = commander_tax(g, player, spell)
    if tax:
        symbols += ManaCost.parse("{" + str(tax) + "}").symbols
        parts.append(f"+ {{{tax}}} (commander tax, CR 903.8)")
    reductions: list[tuple[ManaCost, int]] = list(reductions_each)
    for less, times in reductions_each:
        parts.append(f"- {less}{' x' + str(times) if times > 1 else ''} (for each card exiled this way, CR 118.7)")
    for cc, controller, source in _cost_changes(g, player, spell, ch):
        if cc.if_targets is not None and not any(
                isinstance(t, int) and t in g.objects and matches(g, t, cc.if_targets, controller) for t in target_ids):
            continue                                    # "if it targets a blue spell" (Mystical Dispute)
        if cc.condition is not None and not condition_holds(g, cc.condition, controller, spell):
            continue                                    # "if you control a Wizard" (CR 601.2f)
        times = 1
        if cc.per is not None:
            times = _count(g, cc.per, controller)
        if cc.per_count is not None:
            times = counted(g, cc.per_count, controller, spell) or 0     # domain (Leyline Binding)
        if cc.per_extra_target:
            times *= max(0, targets - 1)
        if not times:
            continue
        if cc.more:
            more = ManaCost.parse(cc.more)
            for _ in range(times):
                symbols += more.symbols
            why = f"strive, {times} target(s) beyond the first" if cc.per_extra_target else f"cost increase: {source}"
            parts.append(f"+ {more}{' x' + str(times) if times > 1 else ''} ({why})")
        if cc.less:
            reductions.append((ManaCost.parse(cc.less), times))
            parts.append(f"- {cc.less}{' x' + str(times) if times > 1 else ''} (cost reduction: {source}, CR 118.7)")
    # (``symbols`` only grows: as long as the base cost's, it is the base cost)
    mana = base if len(symbols) == len(base.symbols) else ManaCost(tuple(symbols))
    variants = []
    x_mana = ch.script.x_mana if alternative is None else ""
    if pay.hybrid is None and pay.phyrexian is None:
        announced = _default_requirement(mana, x, x_mana)
    else:
        announced = requirement(mana, x, pay.hybrid, pay.phyrexian, x_mana)
    for req in default_variants(announced, mana, pay.hybrid is not None):
        for less, times in reductions:
            req = reduce_requirement(req, less, times)
        if life:
            req = add_requirements(req, Requirement((), 0, life))
        variants.append(req)
    return TotalCost(variants[0], " ".join(parts), mana, objects, counters, variants)


def _chosen_option(g: GameState, player: int, spell: int, add: AdditionalCost, additional: dict[str, Any],
                   used: set[str]) -> AdditionalCost:
    """The option of "sacrifice a creature or pay {3}" chosen as the spell is cast (CR 601.2b):
    the one ``additional`` names (``{sacrifice: [...]}``, ``{mana: "{3}"}``), else the first,
    in the card's order, whose objects the player has (a mana or life option always qualifies
    here; whether it can be paid is checked with the total cost, CR 601.2h)."""
    chosen = None
    for opt in add.either:
        verbs = [v for v, attr in COST_VERBS.items() if getattr(opt, attr) is not None]
        if any(v in additional and _can_take(g, player, spell, v, opt, additional[v]) for v in verbs):
            chosen = opt                # (the option the announced objects pay: "an artifact ... or token")
            break
        if opt.mana and "mana" in additional and "mana" not in used \
                and _announced_mana(additional["mana"]) == ManaCost.parse(opt.mana):
            used.add("mana")
            chosen = opt
            break
    if chosen is None:
        chosen = next((opt for opt in add.either if all(
            len(cost_candidates(g, player, v, opt, spell)) >= opt.count
            for v, attr in COST_VERBS.items() if getattr(opt, attr) is not None)), add.either[-1])
    return replace(chosen, optional=add.optional, spells=add.spells, whose=add.whose, itself=add.itself,
                   text=add.text, name=add.name)


def _can_take(g: GameState, player: int, spell: int, verb: str, opt: AdditionalCost, given: Any) -> bool:
    """Whether the objects announced for ``verb`` can pay this option of an "either" cost (CR 118.3);
    the last option always may (its refusal then names the cost)."""
    ids = given if isinstance(given, list) else [given]
    candidates = cost_candidates(g, player, verb, opt, spell)
    return all(i in candidates for i in ids)


def _announced_mana(value: Any) -> ManaCost | None:
    """``additional: {mana: ...}`` as a mana cost: "{3}" or 3."""
    try:
        return ManaCost.parse(value if isinstance(value, str) else "{" + str(int(value)) + "}")
    except (TypeError, ValueError):
        return None


def _mana_cost_alone(g: GameState, player: int, spell: int, ch: Characteristics, pay: PayOptions | None) -> bool:
    """Whether, with no alternative cost, kicker, splice or announced additional cost, the total
    cost is the mana cost alone, announced the default way (:func:`_plain_total`): no
    additional cost (CR 118.8) or cost change (CR 601.2f) of the spell's own or from a
    permanent, and no commander tax (CR 903.8)."""
    script = ch.script
    return ch.mana_cost is not None and (pay is None or (pay.hybrid is None and pay.phyrexian is None)) \
        and not script.additional_costs and not script.cost_changes and _no_permanent_costs(g) \
        and not commander_tax(g, player, spell) \
        and (script.spell is None or not has_mode_costs(script.spell.modes))


def _no_permanent_costs(g: GameState) -> bool:
    """Whether no permanent has an additional cost or a cost change for spells (CR 118.8,
    601.2f): read from the legal-action list's ``priority_facts`` (memoized with the
    characteristics, and most often already found) when it says no permanent has either."""
    return priority_facts(g)[2] or (not permanents_with(g, "additional_costs")
                                    and not permanents_with(g, "cost_changes"))


@identity_memo
def _plain_total(cost: ManaCost, x: int, x_mana: str) -> tuple[Requirement, str, tuple[Requirement, ...]]:
    """What :func:`total_cost` finds for a spell cast for its mana cost alone, announced the
    default way (CR 601.2f): it follows from the cost, X and the X color alone (the requirement,
    the log's text, the payment's variants)."""
    variants = tuple(default_variants(_default_requirement(cost, x, x_mana), cost, False))
    return variants[0], _mana_text(cost) + (f" (X={x})" if cost.x_count else "") + " (mana cost)", variants


@identity_memo
def _mana_text(cost: ManaCost) -> str:
    """``str(cost)``: a spell's mana cost is shown in every cast's total cost (CR 601.2f)."""
    return str(cost)


@identity_memo
def _default_requirement(cost: ManaCost, x: int, x_mana: str) -> Requirement:
    """``requirement(cost, x, x_mana=x_mana)``, the default announcement (no hybrid half or
    Phyrexian payment given): it follows from the cost, X and the X color alone."""
    return requirement(cost, x, x_mana=x_mana)


# -- costs that depend on the targets (CR 601.2f after 601.2c) ------------------------------------
def target_costs(g: GameState, player: int, spell: int, ch: Characteristics) -> bool:
    """Whether a cost change applying to the spell depends on what it targets ("costs {3} more
    to cast if it targets a creature", Vanish into Eternity; Mystical Dispute's reduction)."""
    return any(cc.if_targets is not None for cc, _, _ in _cost_changes(g, player, spell, ch)) \
        and bool(spell_targets(ch, g.objects[spell].modes))


def costs_per_target(g: GameState, player: int, spell: int, ch: Characteristics, x: int,
                     alternative: AlternativeCost | None, kicked: tuple[str, ...] | bool,
                     additional: dict[str, Any] | None, pay: PayOptions | None) -> Iterator[TotalCost]:
    """The total cost (CR 601.2f) with each legal target of the spell's first target phrase
    chosen alone, for the checks that the spell can be paid for with some target."""
    specs = spell_targets(ch, g.objects[spell].modes)
    for t in legal_targets(g, specs[0], player, spell):
        try:
            yield total_cost(g, player, spell, ch, x, alternative, kicked, 1, additional or {}, pay,
                             target_ids=(t,))
        except IllegalActionError:
            continue


def target_payable(g: GameState, player: int, spell: int, ch: Characteristics, x: int,
                   alternative: AlternativeCost | None, kicked: tuple[str, ...] | bool,
                   additional: dict[str, Any], pay: PayOptions | None) -> Callable[[tuple[int, ...]], bool] | None:
    """For the targets question of a spell whose cost depends on its targets (CR 601.2c, then
    601.2f): whether the spell could be paid for with these targets, so the question offers
    only targets the cast can be completed with; None for the other spells."""
    if not target_costs(g, player, spell, ch):
        return None
    spend_on = SpendOn("spell", ch)

    def payable(targets: tuple[int, ...]) -> bool:
        try:
            cost = total_cost(g, player, spell, ch, x, alternative, kicked, len(targets), additional,
                              pay, target_ids=targets)
        except IllegalActionError:
            return False
        return any(can_pay_requirement(g, player, v, ch.colors, None, spend_on) for v in cost.variants)
    return payable


def most_targets(g: GameState, player: int, spell: int, ch: Characteristics, x: int,
                 alternative: AlternativeCost | None, kicked: tuple[str, ...] | bool,
                 additional: dict[str, Any], pay: PayOptions | None) -> int | None:
    """The most targets the spell can be paid for with when each target beyond the first costs
    more (strive, an ability word, CR 207.2c: the total cost is locked in after the
    targets are chosen, 601.2f), so the targets question offers no number of targets the cast can't complete;
    None when the number of targets changes nothing."""
    if not any(cc.per_extra_target for cc, _, _ in _cost_changes(g, player, spell, ch)):
        return None
    specs = spell_targets(ch, g.objects[spell].modes)
    spend_on = SpendOn("spell", ch)
    most = 1
    for n in range(2, sum(spec.max for spec in specs) + 1):
        try:
            cost = total_cost(g, player, spell, ch, x, alternative, kicked, n, additional, pay)
        except IllegalActionError:
            break
        if not any(can_pay_requirement(g, player, v, ch.colors, None, spend_on) for v in cost.variants):
            break
        most = n
    return most
