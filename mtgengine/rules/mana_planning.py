"""Planning the default payment of the scenario format (SCENARIO-FORMAT "pay"): which sources to
tap and which pool mana to spend, changing nothing (CR 601.2g-h are carried out by
``rules.mana_payment``).

Default order: mana already in the pool first; then untapped sources whose only cost is {T},
skipping any that can produce no mana now (a summoning-sick creature, an ability that would add
mana of an undefined type, CR 106.5). Colored symbols are paid first (a hybrid symbol with a
colored half; a Phyrexian symbol with mana); generic mana then comes from sources that can
produce one of the spell's own colors, then colorless sources, then the rest, in battlefield
order. Colored symbols are matched to sources in battlefield order, looking further only when a
later symbol could otherwise not be paid. A monocolored hybrid symbol ({2/W}) is paid with its
generic half only when its colored half can't be paid at all (``mana_requirements.default_variants``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..cards.vocabulary import ActivatedAbility, AddMana
from ..core.memo import LIMIT as MEMO_LIMIT, identity_memo
from ..core.mana import ManaCost
from ..effects import rules_interface
from ..state.game_state import GameState
from ..state.objects import Player
from . import mana_pool
from .mana_pool import SpendOn
from .mana_requirements import MANA_ORDER, MANA_RANK, Requirement, default_variants, requirement
from .mana_sources import Source, has_restricted_sources, is_snow, tap_sources


def _snow_kind(kinds: Any, spell_colors: frozenset[str]) -> str:
    """Which mana to pay a {S} symbol with: colorless first, then a color the spell doesn't have."""
    return min(kinds, key=lambda k: (k != "C", k in spell_colors, MANA_RANK[k]))


# -- planning ----------------------------------------------------------------------------------
@dataclass(slots=True)
class Plan:
    """Which sources to tap (and for which type of mana), and the mana then spent from the pool."""

    taps: list[tuple[int, str]] = field(default_factory=list)
    spend: dict[str, int] = field(default_factory=dict)
    #: snow mana spent on {S} symbols, by type (CR 107.4h)
    snow: dict[str, int] = field(default_factory=dict)

    def spent(self, kind: str, n: int = 1) -> None:
        self.spend[kind] = self.spend.get(kind, 0) + n


def _fixed_output(src: Source) -> tuple[str, ...] | None:
    """The mana one activation of a source always adds, when it is fixed ("Add {R}{W}": R, W;
    Sol Ring: C, C), else None (a choice of one type)."""
    return _fixed_mana(src[1], src[2])


@identity_memo
def _fixed_mana(ab: ActivatedAbility, kinds: tuple[str, ...]) -> tuple[str, ...] | None:
    """:func:`_fixed_output`, which follows from the ability and the source's mana types alone."""
    out: list[str] = []
    for eff in ab.effects:
        if not isinstance(eff, AddMana) or not eff.mana or eff.choice or eff.link or eff.per is not None \
                or eff.count is not None:
            return None
        out.extend(list(eff.mana) * eff.amount)
    if set(out) != set(kinds):
        return None                      # it has other mana abilities too (a Savannah: {G} or {W})
    return tuple(out) or None


def _match(slots: list[str], sources: list[Source]) -> list[tuple[int, str]] | None:
    """Each colored slot gets a source, in battlefield order, backtracking only when a later
    slot could not be paid otherwise. A source that adds several fixed mana at once (a karoo's
    {R}{W}) pays a slot for each of them; the same source then appears once per slot."""
    chosen: list[tuple[int, str]] = []
    left: dict[int, list[str]] = {}          # fixed mana of tapped sources not yet spent

    def go(i: int) -> bool:
        if i == len(slots):
            return True
        for oid, rest in list(left.items()):
            kind = next((k for k in slots[i] if k in rest), None)
            if kind is None:
                continue
            rest.remove(kind)
            chosen.append((oid, kind))
            if go(i + 1):
                return True
            rest.append(kind)
            chosen.pop()
        slot = slots[i]
        single = len(slot) == 1                 # (a colored symbol's slot: "G"; a hybrid's: "WU")
        for src in sources:
            if src[0] in left:
                continue
            if single:
                kind = slot if slot in src[2] else None
            else:
                kind = next((k for k in slot if k in src[2]), None)
            if kind is None:
                continue
            output = _fixed_output(src)
            rest = list(output) if output else []
            if kind in rest:
                rest.remove(kind)
            left[src[0]] = rest
            chosen.append((src[0], kind))
            if go(i + 1):
                return True
            del left[src[0]]
            chosen.pop()
        return False

    return chosen if go(0) else None


def _generic_rank(spell_colors: frozenset[str]) -> Any:
    def rank(s: Source) -> int:
        if set(s[2]) & spell_colors:
            return 0
        if "C" in s[2]:
            return 1
        return 2
    return rank


def _generic_kind(src: Source, spell_colors: frozenset[str]) -> str:
    """Generic mana from a source: {C} if it makes it (a painland's painless ability), else one
    of the spell's colors, else its first type."""
    return "C" if "C" in src[2] else next((k for k in src[2] if k in spell_colors), src[2][0])


def plan_payment(g: GameState, player: int, req: Requirement, spell_colors: frozenset[str],
                 tap_only: list[int] | None = None, sources: list[Source] | None = None,
                 spend_on: SpendOn | None = None) -> Plan | None:
    """Chooses the sources to tap and the pool mana to spend, changing nothing; None if the
    requirement can't be paid that way. Only mana that may be spent on ``spend_on`` is used
    (CR 106.6); {S} symbols are paid first, with snow mana (CR 107.4h)."""
    pool, pool_snow = mana_pool.usable(g, player, spend_on)
    if sources is None:
        sources = tap_sources(g, player, spend_on)
    plan = Plan()
    if req.snow:
        sources = _plan_snow(g, pool, pool_snow, sources, req.snow, spell_colors, plan,
                             None if tap_only is None else set(tap_only))
        if sources is None:
            return None
    if tap_only is not None:
        return _plan_named(pool, sources, req, spell_colors, [t for t in tap_only if t not in
                                                              {oid for oid, _ in plan.taps}], plan)
    remaining = []
    if not any(pool.values()):                             # (an empty pool, as usual: no slot paid)
        remaining = list(req.colored)
    else:
        for slot in req.colored:                           # pool first
            kind = next((k for k in slot if pool.get(k, 0) > 0), None)
            if kind is None:
                remaining.append(slot)
            else:
                pool[kind] -= 1
                plan.spent(kind)
    matched = _match(remaining, sources)
    if matched is None:
        return None
    used_kinds: dict[int, list[str]] = {}
    for oid, kind in matched:
        if oid not in used_kinds:
            plan.taps.append((oid, kind))
        used_kinds.setdefault(oid, []).append(kind)
        plan.spent(kind)
    for oid, kinds in used_kinds.items():
        src = next(s for s in sources if s[0] == oid)
        output = _fixed_output(src)
        if output:
            rest = list(output)
            for k in kinds:
                if k in rest:
                    rest.remove(k)
            for k in rest:                                 # the rest of its mana stays in the pool
                pool[k] = pool.get(k, 0) + 1
        elif src[3] - 1:
            pool[kinds[0]] = pool.get(kinds[0], 0) + src[3] - 1
    generic = req.generic
    if generic and any(pool.values()):
        for kind in MANA_ORDER:
            while generic and pool.get(kind, 0) > 0:
                pool[kind] -= 1
                plan.spent(kind)
                generic -= 1
    used = {oid for oid, _ in plan.taps}
    for src in sorted((s for s in sources if s[0] not in used), key=_generic_rank(spell_colors)) if generic else ():
        if not generic:
            break
        kind = _generic_kind(src, spell_colors)
        plan.taps.append((src[0], kind))
        output = _fixed_output(src)
        if output:                                        # each symbol it adds, as it adds them
            for k in output:
                if generic:
                    plan.spent(k)
                    generic -= 1
            continue
        n = min(generic, src[3])
        plan.spent(kind, n)
        generic -= n
    if generic:
        return None
    return plan


def _plan_snow(g: GameState, pool: dict[str, int], pool_snow: dict[str, int], sources: list[Source], count: int,
               spell_colors: frozenset[str], plan: Plan, named: set[int] | None) -> list[Source] | None:
    """Pays ``count`` {S} symbols (CR 107.4h): snow mana in the pool, then untapped snow sources
    in battlefield order (only the ``named`` ones, if given, and those first). Returns the
    sources left for the rest of the cost, or None if the {S} symbols can't be paid."""
    used: set[int] = set()
    snow_sources = [s for s in sources if (named is None or s[0] in named) and is_snow(g, s[0])]

    def from_pool() -> bool:
        have = [k for k in MANA_ORDER if pool_snow.get(k, 0) > 0]
        if not have:
            return False
        kind = _snow_kind(have, spell_colors)
        pool_snow[kind] -= 1
        pool[kind] -= 1
        plan.snow[kind] = plan.snow.get(kind, 0) + 1
        return True

    for _ in range(count):
        if named is None and from_pool():
            continue
        src = next((s for s in snow_sources if s[0] not in used), None)
        if src is None:
            if named is not None and from_pool():
                continue
            return None
        used.add(src[0])
        kind = _snow_kind(src[2], spell_colors)
        plan.taps.append((src[0], kind))
        plan.snow[kind] = plan.snow.get(kind, 0) + 1
        if src[3] > 1:                                    # the rest stays in the pool, snow mana too
            pool[kind] = pool.get(kind, 0) + src[3] - 1
            pool_snow[kind] = pool_snow.get(kind, 0) + src[3] - 1
    return [s for s in sources if s[0] not in used]


def _plan_named(pool: dict[str, int], sources: list[Source], req: Requirement, spell_colors: frozenset[str],
                tap_only: list[int], plan: Plan | None = None) -> Plan | None:
    """``tap``: exactly the named sources are tapped, and their mana is spent before the pool's."""
    wanted = list(dict.fromkeys(tap_only))
    named = [s for s in sources if s[0] in wanted]
    if len(named) != len(wanted):
        return None
    plan = plan or Plan()
    # as many colored slots as possible from the named sources, the rest from the pool
    slots = list(req.colored)
    best: list[tuple[int, str]] = []
    rest = slots
    for size in range(min(len(slots), len(named)), 0, -1):
        found = next(((m, subset) for subset in combinations(range(len(slots)), size)
                      if (m := _match([slots[i] for i in subset], named)) is not None), None)
        if found is not None:
            best = found[0]
            rest = [slots[i] for i in range(len(slots)) if i not in found[1]]
            break
    for oid, kind in best:
        plan.taps.append((oid, kind))
        plan.spent(kind)
        extra = next(s[3] for s in named if s[0] == oid) - 1
        if extra:
            pool[kind] = pool.get(kind, 0) + extra
    used = {oid for oid, _ in best}
    generic = req.generic
    for src in named:
        if src[0] in used:
            continue
        kind = _generic_kind(src, spell_colors)
        plan.taps.append((src[0], kind))
        n = min(generic, src[3])
        if n:
            plan.spent(kind, n)
            generic -= n
        if src[3] > n:
            pool[kind] = pool.get(kind, 0) + src[3] - n    # unneeded mana stays in the pool
    for slot in rest:
        kind = next((k for k in slot if pool.get(k, 0) > 0), None)
        if kind is None:
            return None
        pool[kind] -= 1
        plan.spent(kind)
    for kind in MANA_ORDER:
        while generic and pool.get(kind, 0) > 0:
            pool[kind] -= 1
            plan.spent(kind)
            generic -= 1
    return None if generic else plan


def can_pay_requirement(g: GameState, player: int, req: Requirement, spell_colors: frozenset[str] = frozenset(),
                        sources: list[Source] | None = None, spend_on: SpendOn | None = None) -> bool:
    """Whether the default payment could pay ``req`` now. ``sources`` (precomputed, knowing
    nothing of ``spend_on``) are recomputed when restricted mana might change the answer."""
    if req.life and g.players[player].life < req.life:
        return False
    if sources is None or spend_on is None or not has_restricted_sources(g, player):
        return _plan_found(g, player, req, spell_colors, sources, spend_on)
    # Recomputed knowing what the mana is spent on (restricted mana may pay it or not, CR
    # 106.6), still without the permanents the caller left out: a source whose {T} pays the
    # cost itself can't tap for mana too (CR 602.2b, 605.3a)
    left_out = {s[0] for s in tap_sources(g, player)}.difference(s[0] for s in sources)
    fresh = [s for s in tap_sources(g, player, spend_on) if s[0] not in left_out]
    return plan_payment(g, player, req, spell_colors, sources=fresh, spend_on=spend_on) is not None


def _plan_found(g: GameState, player: int, req: Requirement, spell_colors: frozenset[str],
                sources: list[Source] | None, spend_on: SpendOn | None) -> bool:
    """Whether :func:`plan_payment` finds a plan (memoized: :func:`_plan_entry`)."""
    pl = g.players[player]
    if sources is None or req.snow or pl.pool_tags:
        return plan_payment(g, player, req, spell_colors, sources=sources, spend_on=spend_on) is not None
    return _plan_entry(g, pl, player, req, spell_colors, sources, spend_on)[1] is not None


def default_plan(g: GameState, player: int, req: Requirement, spell_colors: frozenset[str],
                  sources: list[Source], spend_on: SpendOn | None) -> Plan | None:
    """``plan_payment(g, player, req, spell_colors, sources=sources, spend_on=spend_on)``,
    memoized (:func:`_plan_entry`): the payment a cast makes is most often the one the
    legal-action list already found when it offered the spell."""
    pl = g.players[player]
    if req.snow or pl.pool_tags:
        return plan_payment(g, player, req, spell_colors, sources=sources, spend_on=spend_on)
    fresh, found = _plan_entry(g, pl, player, req, spell_colors, sources, spend_on)
    if fresh is not None or found is None:
        return fresh
    taps, spend = found
    return Plan([(sources[i][0], kind) for i, kind in taps], dict(spend))


def _plan_entry(g: GameState, pl: Player, player: int, req: Requirement, spell_colors: frozenset[str],
                sources: list[Source], spend_on: SpendOn | None) -> tuple[Plan | None, Any]:
    """:func:`plan_payment` with the sources given, with no {S} symbol and no restricted or snow
    mana in the pool (``pool_tags``): it then reads only the requirement, the spell's colors,
    the pool and, in order, each source's ability, mana types and amount (its id only tells it
    from the others, and its plan taps sources by their place in the list): memoized on those
    (``_PLANS``), as the plan's taps by place and its spending, or None (no plan). Returns the
    plan if it was just made (else None), and the memo's entry."""
    # (the requirement by its fields: hashed and compared without a call to its own methods)
    key = (req.colored, req.generic, req.life, spell_colors, tuple(pl.pool.items()),
           tuple([(id(s[1]), s[2], s[3]) for s in sources]))
    found = _PLANS.get(key, _MISSING)
    if found is not _MISSING:
        return None, found
    plan = plan_payment(g, player, req, spell_colors, sources=sources, spend_on=spend_on)
    if plan is None:
        found = None
    else:
        at = {s[0]: i for i, s in enumerate(sources)}
        found = (tuple([(at[oid], kind) for oid, kind in plan.taps]), tuple(plan.spend.items()))
    if len(_PLANS) > MEMO_LIMIT:
        _PLANS.clear()
        _PLAN_ABILITIES.clear()
    for s in sources:
        _PLAN_ABILITIES[id(s[1])] = s[1]
    _PLANS[key] = found
    return plan, found


#: Memo of :func:`_plan_entry`; the abilities its keys name by id are kept alive in
#: ``_PLAN_ABILITIES`` (emptied with it), so no id is reused while a key holds it.
_PLANS: dict[tuple[Any, ...], Any] = {}

_PLAN_ABILITIES: dict[int, ActivatedAbility] = {}

_MISSING = object()


def can_pay(g: GameState, player: int, cost: ManaCost | None, x: int = 0,
            spell_colors: frozenset[str] = frozenset(), sources: list[Source] | None = None,
            spend_on: SpendOn | None = None) -> bool:
    """Whether the default payment could pay ``cost`` now (``sources``: precomputed
    :func:`tap_sources`, when checking many costs at once). No mana cost can't be paid (CR 118.6)."""
    if cost is None:
        return False
    req = requirement(cost, x)
    return any(can_pay_requirement(g, player, v, spell_colors, sources, spend_on)
               for v in default_variants(req, cost, False))


rules_interface.provide(can_pay=can_pay)        # for the effects that pay mana as they resolve
