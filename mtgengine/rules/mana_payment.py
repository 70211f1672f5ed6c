"""Paying costs with mana (CR 601.2g-h, 605.3a, 118) and the default payment of the scenario format.

A cost is first reduced to a :class:`Requirement` (CR 601.2b, 601.2f): a slot for each colored
or colorless symbol ("G"; a two-color hybrid symbol whose half isn't announced yet is the slot
"WU", paid with either), an amount of generic mana and an amount of life. Then it is paid
(601.2g-h): mana abilities are activated and the mana is spent from the pool.

Default order (SCENARIO-FORMAT "pay"): mana already in the pool first; then untapped sources
whose only cost is {T}, skipping any that can produce no mana now (a summoning-sick creature,
an ability that would add mana of an undefined type, CR 106.5). Colored symbols are paid first
(a hybrid symbol with a colored half; a Phyrexian symbol with mana); generic mana then comes
from sources that can produce one of the spell's own colors, then colorless sources, then the
rest, in battlefield order. Colored symbols are matched to sources in battlefield order,
looking further only when a later symbol could otherwise not be paid. A monocolored hybrid
symbol ({2/W}) is paid with its generic half only when its colored half can't be paid at all.

``pay`` (the scenario step's option, already turned into object ids by the runner) fixes only
what it names: the mana to spend (``"{W}{W}{1}"`` or ``mana``), the half of each hybrid symbol
(``hybrid: [W, 2]``), how Phyrexian symbols are paid (``phyrexian: life`` / ``mana``, or a list,
one per symbol), the sources to tap (``tap``: exactly those, their mana spent before the
pool's), and the cards or permanents that pay by delve, convoke or improvise (CR 702.66,
702.51, 702.126).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..agents.decisions import Decision
from ..cards.vocabulary import ActivatedAbility, AddMana, Cost
from ..core.enums import Zone
from ..core.errors import IllegalActionError
from ..core.memo import LIMIT as MEMO_LIMIT, identity_memo
from ..core.mana import COLORS, ManaCost, ManaSymbol
from ..effects.layers import characteristics, permanents, permanents_with, summoning_sick
from ..rules.context import Ctx
from ..state.game_state import GameState
from ..state.objects import MANA_TYPES, Player
from . import mana_pool
from .mana_pool import SpendOn

MANA_ORDER = COLORS + ("C",)
_TAP_ONLY = Cost(tap=True)
_RANK = {k: i for i, k in enumerate(MANA_ORDER)}


@dataclass(frozen=True, slots=True)
class Requirement:
    """What a cost asks for once its symbols are announced (CR 601.2b, 601.2f).

    ``colored``: one slot per colored or colorless symbol, each the mana types that may pay
    it ("G", "C"; "WU" for a hybrid symbol paid with either colored half); ``generic``: the
    generic mana; ``life``: life to pay (Phyrexian symbols, CR 107.4f, and life costs)."""

    colored: tuple[str, ...]
    generic: int
    life: int = 0
    #: {S} symbols: each paid with one mana from a snow source (CR 107.4h)
    snow: int = 0


#: A mana source of the default payment: (permanent, its first {T} mana ability, the mana
#: types it can add, how much mana one activation adds).
Source = tuple[int, ActivatedAbility, tuple[str, ...], int]


def _sym_colors(sym: ManaSymbol) -> str:
    return "".join(sorted(sym.colors, key=_RANK.__getitem__))


def requirement(cost: ManaCost, x: int = 0, hybrid: list[str] | None = None,
                phyrexian: Any = None, x_mana: str = "") -> Requirement:
    """Announces how each symbol of ``cost`` is paid (CR 601.2b) and reduces it to a Requirement.

    ``x``: the value of X (CR 107.3a). ``hybrid``: the half chosen for each hybrid symbol in
    order — a color letter, "C", or a number for a monocolored hybrid's generic half; not given:
    a colored half (CR 107.4e). ``phyrexian``: "life" (each Phyrexian symbol is paid with 2
    life, CR 107.4f), "mana" (the default), or a list with one of those per Phyrexian symbol;
    True is "life". ``x_mana``: the only color of mana that may pay X ("Spend only black mana
    on X")."""
    colored: list[str] = []
    generic = 0
    life = 0
    snow = 0
    hybrid = [str(h).upper() for h in (hybrid or [])]
    if phyrexian is True:
        phyrexian = "life"
    per_symbol = list(phyrexian) if isinstance(phyrexian, list) else None

    def life_for_phyrexian() -> bool:
        if per_symbol is not None:
            choice = str(per_symbol.pop(0)) if per_symbol else "mana"
        else:
            choice = str(phyrexian or "mana")
        if choice not in ("life", "mana"):
            raise IllegalActionError(f"pay: a Phyrexian symbol is paid with 'life' or 'mana', not {choice!r}")
        return choice == "life"

    for sym in cost.symbols:
        kind = sym.kind
        if kind == "generic":
            generic += sym.generic
        elif kind == "variable":
            if x_mana:
                colored.extend([x_mana] * x)
            else:
                generic += x
        elif kind == "colored":
            colored.append(_sym_colors(sym))
        elif kind == "colorless":
            colored.append("C")
        elif kind == "snow":
            snow += 1             # CR 107.4h: mana from a snow source
        elif kind == "phyrexian":
            if life_for_phyrexian():
                life += 2         # CR 107.4f
            else:
                colored.append(_sym_colors(sym))
        elif kind in ("hybrid", "mono_hybrid", "colorless_hybrid", "hybrid_phyrexian"):
            if kind == "hybrid_phyrexian" and life_for_phyrexian():
                life += 2
                continue
            choice = hybrid.pop(0) if hybrid else None
            halves = _sym_colors(sym) + ("C" if kind == "colorless_hybrid" else "")
            if choice is None:
                colored.append("C" + halves if kind == "colorless_hybrid" else halves)
            elif choice.isdigit() and kind == "mono_hybrid":
                if int(choice) != sym.generic:
                    raise IllegalActionError(f"pay: {sym} is paid with {{{sym.generic}}} or its colored half, "
                                             f"not {{{choice}}}")
                generic += sym.generic
            elif choice in halves:
                colored.append(choice)
            else:
                raise IllegalActionError(f"pay: {sym} can't be paid with {{{choice}}} (CR 107.4e)")
        else:
            generic += sym.mana_value()
    colored.sort(key=lambda s: (len(s), _RANK[s[0]]))
    return Requirement(tuple(colored), generic, life, snow)


def reduce_requirement(req: Requirement, less: ManaCost, times: int = 1) -> Requirement:
    """CR 118.7: a cost reduction takes generic mana off the generic part only (118.7a); colored
    or colorless mana the cost doesn't ask for reduces the generic part instead (118.7b-d). The
    mana part can't go below {0} (601.2f)."""
    colored = list(req.colored)
    generic = req.generic
    for _ in range(times):
        for sym in less.symbols:
            if sym.kind == "generic":
                generic = max(0, generic - sym.generic)
                continue
            kinds = "C" if sym.kind == "colorless" else _sym_colors(sym)
            slot = next((s for s in colored if any(k in s for k in kinds)), None)
            if slot is not None:
                colored.remove(slot)
            else:
                generic = max(0, generic - max(1, sym.generic if sym.kind == "mono_hybrid" else 1))
    return Requirement(tuple(colored), generic, req.life, req.snow)      # {S} isn't reduced (CR 107.4h)


def add_requirements(a: Requirement, b: Requirement) -> Requirement:
    colored = sorted(a.colored + b.colored, key=lambda s: (len(s), _RANK[s[0]]))
    return Requirement(tuple(colored), a.generic + b.generic, a.life + b.life, a.snow + b.snow)


# -- sources ---------------------------------------------------------------------------------
def _mana_of(ab: ActivatedAbility, g: GameState | None = None, oid: int = 0) -> tuple[list[str], int]:
    """The mana types an ability can add now and how much one activation adds. "One mana of any
    of the exiled card's colors" with nothing linked adds an undefined type: nothing (CR 106.5)."""
    kinds: list[str] = []
    amount = 0
    for eff in ab.effects:
        if isinstance(eff, AddMana):
            if getattr(eff, "link", "") and g is not None:
                from ..effects.links import linked_colors
                colors = linked_colors(g, oid, eff.link)
                kinds.extend(colors)
                amount += eff.amount if colors else 0
            elif eff.mana:
                kinds.extend(eff.mana)
                amount += len(eff.mana) * eff.amount
            elif eff.choice:
                kinds.extend(eff.choice)
                amount += eff.amount
    return kinds, amount


def _forbidden(g: GameState, player: int, oid: int) -> bool:
    from ..effects.links import activation_forbidden       # Voidstone Gargoyle (effects.links)
    return activation_forbidden(g, player, oid) is not None


#: The {T}-only mana abilities of a script (CR 605.1a), in order, each with the mana it adds
#: when that doesn't depend on the game (None: a linked color, read from the state, CR 607.3).
_TapMana = tuple[tuple[ActivatedAbility, "tuple[list[str], int] | None"], ...]


@identity_memo
def _tap_mana_abilities(script: Any) -> tuple[_TapMana, Any, tuple[bool, bool, bool] | None]:
    """The script's {T}-only mana abilities, and what they add when that is fixed
    (:func:`_fixed_yield`); and for :func:`priority_facts`, None when all three are false (most
    scripts): whether it has an activated ability that isn't a mana ability (CR 605.3a), an
    ability that gives players something (``player_statics``), and a cost change (CR 601.2f)
    or an alternative (CR 118.9) or additional cost (CR 118.8) for spells."""
    found = tuple((ab, None if any(getattr(e, "link", "") for e in ab.effects if isinstance(e, AddMana))
                   else _mana_of(ab))
                  for ab in script.activated if ab.is_mana and ab.cost == _TAP_ONLY)
    others = (any(not ab.is_mana for ab in script.activated), bool(script.player_statics),
              bool(script.cost_changes or script.alternative_costs or script.additional_costs))
    return found, _fixed_yield(found), others if any(others) else None


#: A permanent of :func:`_mana_permanents`: its id, characteristics, {T}-only mana abilities,
#: the Source it always is when what it adds is fixed (() if it adds nothing; None if that
#: depends on the game), and whether summoning sickness stops it (a creature without haste).
_ManaPermanent = tuple[int, Any, _TapMana, "Source | tuple[()] | None", bool]

#: What the legal-action lists (``turn._legal_actions``) read of the permanents: the actors
#: (permanents that may offer a priority action, in battlefield order, with their
#: characteristics: face-down ones, turned face up, CR 116.2b, and those with an activated
#: ability that isn't a mana ability, CR 605.3a); for each player whether their list may read
#: conditions through the permanents (they control an actor or a {T} mana source whose mana
#: isn't fixed, or a permanent gives players an ability: it may then read the step); and
#: whether no permanent changes the cost of spells or brings an alternative or additional cost
#: for them (``casting.hand_profile``: a card that doesn't either is then cast only the
#: ordinary way, for its mana cost).
PriorityFacts = tuple[list[tuple[int, Any]], tuple[bool, ...], bool]


def _mana_permanents(g: GameState) -> tuple[list[_ManaPermanent], ...]:
    """For each player, the permanents they control with a {T}-only mana ability, in
    battlefield order. See :func:`_read_permanents`."""
    cached = g._chars.get(("tap_mana",))            # type: ignore[call-overload]
    return cached if cached is not None else _read_permanents(g)[0]


def priority_facts(g: GameState) -> PriorityFacts:
    """What the legal-action lists read of the permanents (``PriorityFacts``). See
    :func:`_read_permanents`."""
    cached = g._chars.get(("priority",))            # type: ignore[call-overload]
    return cached if cached is not None else _read_permanents(g)[1]


def _read_permanents(g: GameState) -> tuple[tuple[list[_ManaPermanent], ...], PriorityFacts]:
    """One pass over the permanents for :func:`_mana_permanents` and :func:`priority_facts`,
    which read nothing but the permanents' characteristics (and ``face_down``, which changes
    only with them): memoized with them (``g._chars``, emptied by ``changed()``, which every
    zone change and characteristic change calls), so they hold while only status changes
    (tapping, damage, mana in pools)."""
    n = len(g.players)
    mana: tuple[list[_ManaPermanent], ...] = tuple([[] for _ in range(n)])
    reads = [False] * n                             # a conditional source or an actor, by controller
    actors = []
    statics = spell_effects = False
    objects = g.objects
    memo = _tap_mana_abilities.memo                 # type: ignore[attr-defined]
    for oid, ch in permanents(g).items():
        script = ch.script
        entry = memo.get(id(script))                # _tap_mana_abilities(script), read from its memo
        abilities, fixed, others = entry[1] if entry is not None and entry[0] is script else _tap_mana_abilities(script)
        if abilities:
            if fixed is None:
                source = None
                reads[ch.controller] = True
            else:
                source = (oid, *fixed) if fixed else ()
            mana[ch.controller].append((oid, ch, abilities, source, "Creature" in ch.types and "haste" not in ch.keywords))
        if others is not None:
            offers, gives_players, changes_spells = others
            statics = statics or gives_players
            spell_effects = spell_effects or changes_spells
        else:
            offers = False
        if offers or objects[oid].face_down:
            actors.append((oid, ch))
            reads[ch.controller] = True
    facts = (actors, (True,) * n if statics else tuple(reads), not spell_effects)
    g._chars[("tap_mana",)] = mana                  # type: ignore[index]
    g._chars[("priority",)] = facts                 # type: ignore[index]
    return mana, facts


def conditional_sources(g: GameState, player: int) -> bool:
    """Whether ``player`` controls a {T} mana source whose mana isn't fixed: what it adds, or
    whether it can be activated, is read from the game (a condition, CR 602.5b; a spending
    restriction, CR 106.6; a linked color, CR 607.2)."""
    return any(source is None for _, _, _, source, _ in _mana_permanents(g)[player])


def _fixed_yield(abilities: _TapMana) -> tuple[Any, ...] | None:
    """What ``tap_sources`` finds for a source whose {T} mana abilities have no activation
    condition, no spending restriction and mana that doesn't depend on the game (a basic
    land, Llanowar Elves): (the ability adding most, the mana types, the amount), or () if
    they add nothing. None when it depends on the game (then each ability is checked)."""
    first, kinds, amount = None, [], 0
    for ab, mana in abilities:
        if ab.condition is not None or mana is None \
                or any(getattr(e, "restriction", None) is not None for e in ab.effects):
            return None
        ab_kinds, ab_amount = mana
        if not ab_kinds:
            continue
        if first is None or ab_amount > amount:
            first, amount = ab, ab_amount
        kinds.extend(ab_kinds)
    if first is None or not kinds:
        return ()
    return first, tuple(dict.fromkeys(kinds)), max(1, amount)


def tap_sources(g: GameState, player: int, spend_on: SpendOn | None = None) -> list[Source]:
    """Untapped permanents with a mana ability whose only cost is {T} (CR 605.1a), in
    battlefield order, with the mana types each can add now and how much one activation adds.
    A source whose ability could add no mana now is left out (CR 106.5), and so is an ability
    whose mana couldn't be spent on ``spend_on`` (CR 106.6)."""
    out: list[Source] = []
    # "activated abilities of sources with the chosen name can't be activated" (CR 602.5):
    # only a permanent with a cast restriction can forbid anything, and most games have none
    restricted = bool(permanents_with(g, "cast_restrictions"))
    objects = g.objects
    for oid, ch, abilities, source, sickness_matters in _mana_permanents(g)[player]:
        if objects[oid].tapped:
            continue
        if sickness_matters and summoning_sick(g, oid):
            continue       # CR 302.6: {T} abilities of a summoning-sick creature
        if (restricted or "can't activate" in ch.keywords) and _forbidden(g, player, oid):
            continue       # CR 602.5: "its activated abilities can't be activated" (Arrest, Nahiri's Binding)
        if source is not None:
            if source:
                out.append(source)
            continue
        kinds: list[str] = []
        first = None
        amount = 0
        for ab, mana in abilities:
            cond = ab.condition
            if cond is not None:
                from ..effects.triggers import condition_holds
                if not condition_holds(g, cond, player, oid):
                    continue        # "Activate only if ...": not now (CR 602.5b)
            if not _restriction_allows(g, oid, ab, spend_on, player):
                continue
            ab_kinds, ab_amount = mana if mana is not None else _mana_of(ab, g, oid)
            if not ab_kinds:
                continue
            if first is None or ab_amount > amount:
                first, amount = ab, ab_amount          # the one adding most (Eldrazi Temple's {C}{C})
            kinds.extend(ab_kinds)
        if first is not None and kinds:
            # every {T} mana ability of the source counts (a Forest that is also a Swamp)
            out.append((oid, first, tuple(dict.fromkeys(kinds)), max(1, amount)))
    return out


def _restriction_allows(g: GameState, oid: int, ab: ActivatedAbility, spend_on: SpendOn | None,
                        player: int) -> bool:
    """Whether the mana ``ab`` of ``oid`` adds may be spent on ``spend_on`` (CR 106.6)."""
    for e in ab.effects:
        restriction = getattr(e, "restriction", None)
        if restriction is not None and not mana_pool.allows(mana_pool.fixed_restriction(g, restriction, oid),
                                                            spend_on, player):
            return False
    return True


def has_restricted_sources(g: GameState, player: int) -> bool:
    """Whether ``player`` has restricted mana in the pool or a {T} mana ability that adds it:
    a payment precomputed without knowing what the mana is spent on may then be wrong."""
    if g.players[player].pool_tags:
        return True
    key = ("restricted_sources", player)
    cached = g._chars.get(key)                          # type: ignore[call-overload]
    if cached is None:                                  # memoized until something changes
        cached = any(ch.controller == player and ab.is_mana and not _restriction_allows(g, oid, ab, None, player)
                     for oid, ch in permanents_with(g, "activated") for ab in ch.script.activated)
        g._chars[key] = cached                          # type: ignore[index]
    return cached


def _is_snow(g: GameState, oid: int) -> bool:
    return "Snow" in characteristics(g, oid).supertypes


def _snow_kind(kinds: Any, spell_colors: frozenset[str]) -> str:
    """Which mana to pay a {S} symbol with: colorless first, then a color the spell doesn't have."""
    return min(kinds, key=lambda k: (k != "C", k in spell_colors, _RANK[k]))


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
        if not isinstance(eff, AddMana) or not eff.mana or eff.choice or getattr(eff, "link", ""):
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
    snow_sources = [s for s in sources if (named is None or s[0] in named) and _is_snow(g, s[0])]

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


def default_variants(req: Requirement, cost: ManaCost, hybrid_given: bool) -> list[Requirement]:
    """The default payment's fallback for monocolored hybrid symbols ({2/W}): the colored half
    first; the generic half for as few of them as needed, last ones first."""
    if hybrid_given:
        return [req]
    monos = [s for s in cost.symbols if s.kind == "mono_hybrid"]
    if not monos:
        return [req]
    out = [req]
    for k in range(1, len(monos) + 1):
        colored = list(req.colored)
        generic = req.generic
        for sym in monos[-k:]:
            c = _sym_colors(sym)
            if c in colored:
                colored.remove(c)
                generic += sym.generic
        out.append(Requirement(tuple(colored), generic, req.life, req.snow))
    return out


# -- paying ------------------------------------------------------------------------------------
@dataclass(slots=True)
class PayOptions:
    """A scenario step's ``pay``, parsed (object references already ids)."""

    mana: str | None = None
    hybrid: list[str] | None = None
    phyrexian: Any = None
    tap: list[int] | None = None
    delve: list[int] = field(default_factory=list)
    convoke: list[int] = field(default_factory=list)
    improvise: list[int] = field(default_factory=list)
    objects: dict[str, list[int]] = field(default_factory=dict)   # exile / sacrifice / discard / ...

    @classmethod
    def of(cls, pay: Any) -> PayOptions:
        if pay is None:
            return cls()
        if isinstance(pay, PayOptions):
            return pay
        if isinstance(pay, str):
            return cls(mana=pay)
        if not isinstance(pay, dict):
            raise IllegalActionError(f"pay: expected a mana string or a mapping, got {pay!r}")
        opts = cls(mana=pay.get("mana"), hybrid=pay.get("hybrid"), phyrexian=pay.get("phyrexian"),
                   tap=pay.get("tap"))
        opts.delve = list(pay.get("delve") or [])
        opts.convoke = list(pay.get("convoke") or [])
        opts.improvise = list(pay.get("improvise") or [])
        for key, value in pay.items():
            if key not in ("mana", "hybrid", "phyrexian", "tap", "delve", "convoke", "improvise"):
                opts.objects[key] = list(value or [])
        return opts


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
                    variants: list[Requirement] | None = None, spend_on: SpendOn | None = None) -> None:
    """CR 601.2g-h: activates mana abilities as needed, then pays the requirement with mana that
    may be spent on ``spend_on`` (CR 106.6; None: a cost that's neither a spell's nor an
    ability's)."""
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
    for cand in candidates:
        rest, helpers = _apply_helpers(g, player, cand, opts, keywords, what)
        plan = _default_plan(g, player, rest, spell_colors, sources, spend_on) if opts.tap is None else \
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
        from ..effects.primitives import move, name_of, set_tapped    # (rarely: delve, convoke, improvise)
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
        from ..effects.primitives import lose_life
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
        if kind in (kinds if kinds is not None else _mana_of(preferred, g, oid)[0]):
            return index
    return next(i for i, ab in enumerate(abilities)
                if ab.is_mana and ab.cost == _TAP_ONLY and _restriction_allows(g, oid, ab, spend_on, player)
                and kind in _mana_of(ab, g, oid)[0])


@identity_memo
def _ability_index(script: Any) -> dict[int, tuple[int, list[str] | None]]:
    """For :func:`_tap_ability`: by the id of each of the script's abilities, its index and the
    mana types it adds when they don't depend on the game (None: a linked color, CR 607.2)."""
    return {id(ab): (i, None if any(getattr(e, "link", "") for e in ab.effects if isinstance(e, AddMana))
                     else _mana_of(ab)[0]) for i, ab in enumerate(script.activated)}


def _describe(req: Requirement) -> str:
    text = "".join("{" + ("/".join(s) if len(s) > 1 else s) + "}" for s in req.colored) + "{S}" * req.snow
    text = ("{" + str(req.generic) + "}" if req.generic or not text else "") + text
    return text + (f" and {req.life} life" if req.life else "")


def pay_mana(ctx: Ctx, player: int, cost: ManaCost, x: int, spell_colors: frozenset[str],
             what: str, pay: Any = None, spend_on: SpendOn | None = None) -> None:
    """CR 601.2g-h: pays ``cost`` (X = ``x``), as ``pay`` says or the default way."""
    opts = PayOptions.of(pay)
    req = requirement(cost, x, opts.hybrid, opts.phyrexian)
    text = str(cost) + (f" (X={x})" if cost.x_count else "")
    pay_requirement(ctx, player, req, spell_colors, what, opts, text,
                    variants=default_variants(req, cost, opts.hybrid is not None), spend_on=spend_on)


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
            named.append(_sym_colors(sym))
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
    return Requirement(tuple(sorted(named, key=_RANK.__getitem__)), generic, req.life, req.snow)


@identity_memo
def least_mana(cost: ManaCost) -> tuple[int, dict[str, int]]:
    """A lower bound on the mana any payment of ``cost`` (X = 0) takes, added symbols and cost
    increases included, cost reductions not: the total, and how many of it must be of each
    type (one per {W} or {C} symbol). Hybrid symbols count one of any type; Phyrexian
    symbols nothing (life may pay them, CR 107.4f)."""
    total = 0
    kinds: dict[str, int] = {}
    for sym in cost.symbols:
        if sym.kind == "generic":
            total += sym.generic
        elif sym.kind in ("colored", "colorless") and len(sym.colors) <= 1:
            total += 1
            kind = next(iter(sym.colors)) if sym.colors else "C"
            kinds[kind] = kinds.get(kind, 0) + 1
        elif sym.kind in ("hybrid", "mono_hybrid", "colorless_hybrid", "snow"):
            total += 1
    return total, kinds


def may_afford(g: GameState, player: int, cost: ManaCost, sources: list[Source],
               available: tuple[int, dict[str, int]] | None = None) -> bool:
    """A quick necessary condition for the default payment to pay ``cost`` (or more) with no
    cost reduction: the pool and ``sources`` (:func:`tap_sources`) hold enough mana, and enough
    of each type its colored symbols need (each colored symbol takes a mana from the pool or
    a source of its own, :func:`plan_payment`). False means :func:`plan_payment` fails too.
    ``available``: :func:`available_mana` of ``sources``, when the caller checks many costs."""
    return within(least_mana(cost), available_mana(g, player, sources) if available is None else available)


def within(least: tuple[int, dict[str, int]], available: tuple[int, dict[str, int]]) -> bool:
    """:func:`may_afford` with the cost's ``least_mana`` and the ``available_mana``."""
    total, kinds = least
    have, have_kinds = available
    if total > have:
        return False
    for k, n in kinds.items():
        if n > have_kinds.get(k, 0):
            return False
    return True


def available_mana(g: GameState, player: int, sources: list[Source]) -> tuple[int, dict[str, int]]:
    """What :func:`may_afford` compares a cost with: the most mana the pool and ``sources``
    hold, and for each mana type the mana of that type in the pool plus the sources that can
    add it (each counted once: it pays one colored symbol)."""
    pool = g.players[player].pool
    have = sum(pool.values())
    have_kinds = dict(pool)
    for _, _, kinds, amount in sources:
        have += amount
        for k in kinds:
            have_kinds[k] = have_kinds.get(k, 0) + 1
    return have, have_kinds


def can_pay_requirement(g: GameState, player: int, req: Requirement, spell_colors: frozenset[str] = frozenset(),
                        sources: list[Source] | None = None, spend_on: SpendOn | None = None) -> bool:
    """Whether the default payment could pay ``req`` now. ``sources`` (precomputed, knowing
    nothing of ``spend_on``) are recomputed when restricted mana might change the answer."""
    if req.life and g.players[player].life < req.life:
        return False
    if _plan_found(g, player, req, spell_colors, sources, spend_on):
        return True
    if sources is None or spend_on is None or not has_restricted_sources(g, player):
        return False
    # Recomputed knowing what the mana is spent on, still without the permanents the caller
    # left out: a source whose {T} pays the cost itself can't tap for mana too (CR 602.2b, 605.3a)
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


def _default_plan(g: GameState, player: int, req: Requirement, spell_colors: frozenset[str],
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


#: A pool with no mana (``Player.pool`` has every mana type as a key).
_EMPTY_POOL = dict.fromkeys(MANA_TYPES, 0)


def empty_pools(ctx: Ctx) -> None:
    """CR 106.4: unspent mana empties from each pool at the end of each step and phase."""
    for p in ctx.g.players:
        if has_mana(p):
            mana_pool.empty(ctx.g.player(p.index))


def has_mana(p: Player) -> bool:
    """Whether ``p``'s pool holds mana: ``empty_pools`` changes only such a pool."""
    return p.pool != _EMPTY_POOL and any(p.pool.values())      # (the comparison: no call)


__all__ = [
    "MANA_ORDER", "PayOptions", "Plan", "Requirement", "add_requirements", "available_mana", "can_pay",
    "can_pay_requirement", "default_variants", "empty_pools", "least_mana", "may_afford", "pay_mana", "pay_requirement",
    "plan_payment", "reduce_requirement", "priority_facts", "requirement", "tap_sources", "within",
]


# -- "exile a card ... and pay its mana cost" (activation costs, CR 602.2b) ------------------------
def exile_cost_candidates(g: GameState, player: int, cost: Any) -> list[int]:
    """The cards an activation cost "exile a [quality] card from your graveyard" may exile; when
    the cost also pays that card's mana cost, only cards with one (CR 118.6)."""
    from dataclasses import replace as _replace
    from ..effects.layers import matches
    flt = cost.exile
    zone = Zone(flt.zone or "graveyard")
    plain = _replace(flt, zone="", controller=None)
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
    from ..effects.primitives import move, name_of
    g = ctx.g
    opts = PayOptions.of(pay)
    candidates = [oid for oid in exile_cost_candidates(g, player, cost)]
    everything = exile_cost_candidates(g, player, type(cost)(exile=cost.exile))
    named = opts.objects.get("exile")
    if named:
        if len(named) != 1:
            raise IllegalActionError(f"{what}: exile exactly one card to pay its cost")
        card = named[0]
        if card not in candidates:
            reason = ("it has no mana cost, which can't be paid (CR 118.6)" if card in everything
                      else "it isn't a card the cost can exile")
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
    from ..effects.primitives import name_of
    g = ctx.g
    name = name_of(ctx, oid)
    controller = characteristics(g, oid).controller
    if getattr(cost, "untap", False):
        if not can_pay_untap_energy(g, oid, Cost(untap=True)):
            raise IllegalActionError(f"{name} can't be untapped to pay {{Q}} (it must be tapped, and a creature "
                                     "can't with summoning sickness, CR 107.6, 302.6)")
        from ..effects.primitives import set_tapped
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


# Last, as a module: activation imports this one (a function-level import costs as much as
# dozens of calls, once per payment).
from . import activation  # noqa: E402
