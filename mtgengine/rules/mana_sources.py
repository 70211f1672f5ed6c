"""The mana a player could make for a payment: their untapped permanents with mana abilities whose
only cost is {T} (CR 605.1a), what each can add now (CR 106.5, 106.6, 602.5) and what the
legal-action lists read of the permanents (``priority_facts``), memoized with the
characteristics.
"""
from __future__ import annotations

from typing import Any

from ..cards.vocabulary import ActivatedAbility, AddMana, Cost
from ..core.memo import identity_memo
from ..core.mana import ManaCost
from ..effects.layers import characteristics, permanents, permanents_with, summoning_sick
from ..effects.link_values import linked_colors, mana_amount
from ..effects.links import activation_forbidden
from ..effects.triggers import condition_holds
from ..state.game_state import GameState
from . import mana_pool
from .mana_pool import SpendOn
from .mana_requirements import least_mana


TAP_ONLY = Cost(tap=True)


#: A mana source of the default payment: (permanent, its first {T} mana ability, the mana
#: types it can add, how much mana one activation adds).
Source = tuple[int, ActivatedAbility, tuple[str, ...], int]


# -- sources ---------------------------------------------------------------------------------
def mana_of(ab: ActivatedAbility, g: GameState | None = None, oid: int = 0) -> tuple[list[str], int]:
    """The mana types an ability can add now and how much one activation adds. "One mana of any
    of the exiled card's colors" with nothing linked adds an undefined type: nothing (CR 106.5)."""
    kinds: list[str] = []
    amount = 0
    for eff in ab.effects:
        if isinstance(eff, AddMana):
            times = mana_amount(g, oid, eff) if (eff.per is not None or eff.count is not None) and g is not None \
                else eff.amount
            if not times:
                continue                    # "for each" with nothing to count: no mana (CR 106.5)
            if getattr(eff, "link", "") and g is not None:
                colors = linked_colors(g, oid, eff.link)
                kinds.extend(colors)
                amount += times if colors else 0
            elif eff.mana:
                kinds.extend(eff.mana)
                amount += len(eff.mana) * times
            elif eff.combos:                # the filter lands: any of the combinations (CR 106.1)
                kinds.extend(k for combo in eff.combos for k in combo)
                amount += max(len(combo) for combo in eff.combos)
            elif eff.choice:
                kinds.extend(eff.choice)
                amount += times
    return kinds, amount


def _forbidden(g: GameState, player: int, oid: int) -> bool:
    """CR 602.5: an effect says the source's abilities can't be activated (Voidstone Gargoyle)."""
    return activation_forbidden(g, player, oid, mana=True) is not None


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
    found = tuple((ab, None if any(e.link or e.per is not None or e.count is not None
                                   for e in ab.effects if isinstance(e, AddMana))
                   else mana_of(ab))
                  for ab in script.activated if ab.is_mana and ab.cost == TAP_ONLY)
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
#: for them (``castability.hand_profile``: a card that doesn't either is then cast only the
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
            first, amount, kinds = ab, ab_amount, []
        if ab_amount == amount:
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
                if not condition_holds(g, cond, player, oid):
                    continue        # "Activate only if ...": not now (CR 602.5b)
            if not restriction_allows(g, oid, ab, spend_on, player):
                continue
            ab_kinds, ab_amount = mana if mana is not None else mana_of(ab, g, oid)
            if not ab_kinds:
                continue
            if first is None or ab_amount > amount:
                first, amount, kinds = ab, ab_amount, []   # the one adding most (Eldrazi Temple's {C}{C})
            if ab_amount == amount:
                kinds.extend(ab_kinds)
        if first is not None and kinds:
            # every {T} mana ability adding the most counts (a Forest that is also a Swamp). A
            # source is one amount of one of its types: of a Plains enchanted by Find the Path
            # ({T}: Add {W}; {T}: Add {G}{G}) the planner knows {G}{G} only, never two {W} it
            # can't make (fuzz seed 20261233); its {W} alone is then not planned for
            out.append((oid, first, tuple(dict.fromkeys(kinds)), max(1, amount)))
    return out


def restriction_allows(g: GameState, oid: int, ab: ActivatedAbility, spend_on: SpendOn | None,
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
        # any restriction: one that allows other uses may still forbid this one ("can't be spent
        # to cast a nonartifact spell", Hydraulic Helper, CR 106.6)
        cached = any(ch.controller == player and ab.is_mana
                     and any(getattr(e, "restriction", None) is not None for e in ab.effects)
                     for oid, ch in permanents_with(g, "activated") for ab in ch.script.activated)
        g._chars[key] = cached                          # type: ignore[index]
    return cached


def is_snow(g: GameState, oid: int) -> bool:
    return "Snow" in characteristics(g, oid).supertypes


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
