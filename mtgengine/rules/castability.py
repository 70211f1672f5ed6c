"""Whether a card could be cast now, for the legal-action list (CR 601.2, 117.1a, 307.1): quick
checks that the full procedure (``rules.casting.cast_spell``) may still refuse, made cheap by
memos (a hand card read once per characteristics, ``hand_profile``; equal cards in the hand
checked once, ``HandCheck``; the payment variants of a mana cost, ``_PLAIN_VARIANTS``). Also
whether a copy of a card can be cast while an effect resolves (CR 707.12, ``uncastable_copy``).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..cards.vocabulary import AdditionalCost, AlternativeCost, Filter
from ..core.enums import Step, Zone
from ..core.errors import IllegalActionError
from ..core.memo import LIMIT as MEMO_LIMIT, identity_memo
from ..core.mana import ManaCost
from ..effects import rules_interface
from ..effects.copiable import bestowed
from ..effects.layers import Characteristics, characteristics, matches, permanents_with, printed
from ..state.game_state import GameState
from .ability_costs import kept_back
from .activation import sorcery_timing
from .pregame import is_commander
from .mana_requirements import PayOptions, Requirement, least_mana
from .mana_sources import available_mana, may_afford, tap_sources
from .mana_planning import can_pay, can_pay_requirement
from .mana_pool import SpendOn
from .modes import has_mode_costs
from .targeting import has_targets
from . import aftermath
from .spell_choices import FACE_LAYOUTS, face_characteristics, least_x, legal_modes, spell_targets
from .spell_costs import (
    COST_VERBS, additional_cost_list, alternative_costs, cost_candidates, missing_cost_objects, whose_matches,
)
from .total_cost import affordable_x, costs_per_target, target_costs, total_cost


#: Zones as module constants: reading a member off the Zone class costs several times a
#: global's in CPython 3.11 (``EnumType`` defines ``__getattr__``); casting reads them often.
_COMMAND, _HAND = Zone.COMMAND, Zone.HAND


def unimplemented_reason(ch: Characteristics, g: GameState | None = None) -> str | None:
    """Why the card can't be cast: an ability the engine doesn't implement (unless the game
    opted in, ``GameState.allow_unimplemented``: then it is cast without it, issue 17), or an
    Aura without its enchant ability (never: it would have nothing to target, CR 303.4a)."""
    script = ch.script
    if script.unimplemented and not (g is not None and g.allow_unimplemented):
        num, text = script.unimplemented[0]
        ordinal = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(num, f"#{num}")
        return f"{ch.name}: its {ordinal} ability is not implemented yet ({text!r})"
    if "Aura" in ch.subtypes and script.enchant is None:
        return f"{ch.name}: its enchant ability is not implemented yet"
    return None


#: Steps of a turn from its combat damage step on (issue 7: "Cast this spell only before the
#: combat damage step", Berserk, CR 601.3).
_FROM_COMBAT_DAMAGE = ("combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup")


def timing_ok(g: GameState, player: int, ch: Characteristics, alternative: str = "") -> bool:
    """CR 117.1a / 307.1: instants (and flash, CR 702.8a) any time you have priority; others
    at sorcery speed. Cast for its sneak cost (``alternative``), any card in the declare
    blockers step of its caster's turn (its reminder text: the pinned rules have no rule for it)."""
    if ch.script.cast_timing == "before_combat_damage" and g.step.value in _FROM_COMBAT_DAMAGE:
        return False          # issue 7: a restriction of the card itself (CR 601.3)
    if "Instant" in ch.types or "flash" in ch.keywords:
        return True
    if alternative == "sneak" and g.step is Step.DECLARE_BLOCKERS and g.active == player:
        return True
    return sorcery_timing(g, player)


def timing_reads_step(g: GameState, oid: int, ch: Characteristics) -> bool:
    """Whether :func:`timing_ok` reads the step for this card (one of its faces, if it is cast
    as one) beyond sorcery timing: a restriction of the card itself (CR 601.3)."""
    if ch.script.cast_timing or any(a.name == "sneak" for a in ch.script.alternative_costs):
        return True               # (sneak: cast in the declare blockers step, ``timing_ok``)
    if any(cc.condition is not None and _condition_reads_step(cc.condition) for cc in ch.script.cost_changes):
        return True               # "costs {1} less during your main phase" (CR 601.2f): the cost
    spell = ch.script.spell
    if spell is not None and any(t.filter.controller == "defending" for t in spell.targets):
        return True               # "target creature defending player controls": only in combat (CR 506.2)
    card = g.objects[oid].card
    return card is not None and card.layout in FACE_LAYOUTS \
        and any(printed(card, i).script.cast_timing for i in range(len(card.faces)))


def _condition_reads_step(cond: Any) -> bool:
    """Whether ``triggers.condition_holds`` reads the step for this condition (or a part of it)."""
    return cond.kind in ("step", "main_phase") or (cond.also is not None and _condition_reads_step(cond.also))


#: A hand card's timing for :func:`hand_profile`: cast only at sorcery speed (CR 307.1), at
#: instant speed (an instant or flash, CR 117.1a, 702.8a), or with a restriction of its own that
#: reads the step (CR 601.3: ``timing_ok``, ``timing_reads_step``).
SORCERY_SPEED, INSTANT_SPEED, OWN_TIMING = 0, 1, 2


@identity_memo
def hand_profile(ch: Characteristics) -> tuple[bool, int, tuple[int, dict[str, int]] | None, bool, tuple[int, ...]]:
    """What the legal-action list reads of a hand card's characteristics (immutable, and shared
    by cards with only their printed values, ``layers._PLAIN``), found once for them: whether it
    is a land; its timing (``SORCERY_SPEED``...); ``least_mana`` of its mana cost (None: it has
    none, so no ordinary cast, CR 118.6); whether its script offers no other way to cast it and
    changes no cost (no alternative or additional cost, kicker, Phyrexian symbol or cost change:
    then, unless a permanent brings one, ``cast_variants`` offers nothing and ``may_afford``
    decides whether the ordinary cast may be paid); and its abilities that function from the
    hand (CR 702.53a). A card with faces is cast as one of them: those are read apart."""
    script = ch.script
    step_cost = any(cc.condition is not None and _condition_reads_step(cc.condition) for cc in script.cost_changes)
    sneak = any(a.name == "sneak" for a in script.alternative_costs)      # (cast in the declare blockers step)
    speed = OWN_TIMING if script.cast_timing or step_cost or sneak else \
        INSTANT_SPEED if "Instant" in ch.types or "flash" in ch.keywords else SORCERY_SPEED
    cost = ch.mana_cost
    plain = not (script.alternative_costs or script.kicker or script.additional_costs or script.cost_changes
                 or (cost is not None and _has_phyrexian(cost)))
    return ("Land" in ch.types, speed, None if cost is None else least_mana(cost), plain,
            tuple(i for i, ab in enumerate(script.activated) if ab.zone == "hand"))


class HandCheck:
    """Scratch for one legal-action list (one state, one player): the player's {T} mana sources
    (``tap_sources``) and what they and the pool hold (``available_mana``, for ``may_afford``),
    found when a check first needs them (most lists need none: no card in the hand can be cast
    at that time), and the answers found for cards in the hand with equal characteristics
    (``seen``, see :func:`castable_as`)."""

    __slots__ = ("g", "player", "_sources", "_available", "seen")

    def __init__(self, g: GameState, player: int) -> None:
        self.g = g
        self.player = player
        self._sources: list | None = None
        self._available: tuple[int, dict[str, int]] | None = None
        self.seen: dict[int, list[tuple[Characteristics, bool]]] = {}

    @property
    def sources(self) -> list:
        if self._sources is None:
            self._sources = tap_sources(self.g, self.player)
        return self._sources

    @property
    def available(self) -> tuple[int, dict[str, int]]:
        if self._available is None:
            self._available = available_mana(self.g, self.player, self.sources)
        return self._available


def castable(g: GameState, player: int, oid: int, sources: list | None = None,
             ch: Characteristics | None = None, check: HandCheck | None = None) -> bool:
    """Quick check for the legal-action list (the full procedure may still refuse): the spell
    cast the ordinary way, its total cost with the cost changes that apply (CR 601.2f).

    ``ch``: the object's characteristics, when the caller has them. ``check``: the scratch of
    the legal-action list being made (the sources when ``sources`` isn't given, and the
    answers shared by cards in the hand with equal characteristics: two Lightning Bolts)."""
    o = g.objects[oid]
    if o.owner != player or not (o.zone is _HAND or (o.zone is _COMMAND and is_commander(g, oid))):
        return False
    card = o.card
    if card is not None and card.layout in FACE_LAYOUTS:
        return bool(castable_faces(g, player, oid, sources, check))
    return castable_as(g, player, oid, characteristics(g, oid) if ch is None else ch, sources, check=check,
                        in_hand=o.zone is _HAND)


def castable_faces(g: GameState, player: int, oid: int, sources: list | None = None,
                   check: HandCheck | None = None) -> list[int]:
    """The faces of a card with faces (``FACE_LAYOUTS``) that could be cast now, as
    :func:`castable` checks one: an aftermath card's second half only from a graveyard (CR
    702.127a), so never here."""
    card = g.objects[oid].card
    return [i for i in range(len(card.faces)) if aftermath.castable_from(card, i, g.objects[oid].zone)
            and castable_as(g, player, oid, face_characteristics(card, i, player), sources, check=check)]


def cast_actions(g: GameState, player: int, oid: int, check: HandCheck | None = None) -> list[dict[str, Any]]:
    """The ``cast`` actions of the legal-action list for a card with faces in the hand: one per
    face that could be cast (CR 715.3a: an adventurer card is cast as its Adventure only when
    the player chooses to; CR 712.11a: a modal double-faced card's face is chosen as it is
    cast), naming the face unless it is the front one. A split card's half is asked as it is
    cast instead, among the halves that could be (``choose_face``, CR 709.3)."""
    card = g.objects[oid].card
    faces = castable_faces(g, player, oid, None, check)
    if not faces:
        return []
    if card.is_split:
        return [{"action": "cast", "object": oid}]
    return [{"action": "cast", "object": oid} if i == 0 else
            {"action": "cast", "object": oid, "face": card.faces[i].name} for i in faces]


def _same_for_equal_cards(g: GameState, ch: Characteristics) -> bool:
    """Whether :func:`castable_as` (the ordinary cast) gives the same answer for every card in
    the hand with these characteristics: past them it reads the card's object only through cast
    restrictions (CR 601.2e), additional costs (CR 118.8), cost changes that look at the spell
    (CR 601.2f) and the commander tax (CR 903.8: none from the hand); with none of those it
    depends on the characteristics alone."""
    return not ch.script.additional_costs and not any(permanents_with(g, field) for field in _SPELL_EFFECTS)


#: What permanents can do to spells (CardScript fields): alternative costs (their own or for
#: other spells, CR 118.9), additional costs (CR 118.8), cost changes (CR 601.2f), cast
#: restrictions (CR 601.2e). Most games have none of them.
_SPELL_EFFECTS = ("alternative_costs", "additional_costs", "cost_changes", "cast_restrictions")


@identity_memo
def _has_phyrexian(cost: ManaCost) -> bool:
    """Whether the cost has a Phyrexian symbol (CR 107.4f), which life may pay."""
    return any(s.kind in ("phyrexian", "hybrid_phyrexian") for s in cost.symbols)


def cast_variants(g: GameState, player: int, oid: int, sources: list | None = None,
                  ch: Characteristics | None = None, check: HandCheck | None = None) -> list[dict[str, Any]]:
    """The ways to cast a card from the hand beyond the ordinary one, for the legal-action list
    (so agents use them too): each alternative cost that could be paid (CR 118.9: Fist of Suns),
    each kicker (CR 702.33a), an optional "pay any amount of mana" additional cost paid with
    {1} (Chorus of the Conclave, CR 118.8), and Phyrexian symbols paid with life (CR 107.4f).
    Only single-faced cards; each entry holds the options of a ``cast`` action. ``ch`` and
    ``check``: as for :func:`castable`."""
    if ch is None:
        ch = characteristics(g, oid)
    script = ch.script
    if not (script.alternative_costs or script.kicker or script.additional_costs
            or (ch.mana_cost is not None and _has_phyrexian(ch.mana_cost))
            or permanents_with(g, "alternative_costs") or permanents_with(g, "additional_costs")):
        return []             # nothing but the ordinary way (the common case)
    o = g.objects[oid]
    if o.zone is not _HAND or o.owner != player or (o.card is not None and o.card.layout in FACE_LAYOUTS) \
            or "Land" in ch.types:
        return []
    if sources is None and check is not None:
        sources = check.sources
    out: list[dict[str, Any]] = []
    if script.alternative_costs or permanents_with(g, "alternative_costs"):
        for alt, label in alternative_costs(g, player, oid, ch):
            if alt.mana.count("{X}") == 0 and castable_as(g, player, oid, ch, sources, alternative=alt):
                out.append({"alternative": label})
    if ch.mana_cost is not None:
        for kicker in script.kicker:
            if castable_as(g, player, oid, ch, sources, kicked=(kicker,)):
                out.append({"kicked": [kicker]})
        if (script.additional_costs or permanents_with(g, "additional_costs")) \
                and any(a.any_mana for a in additional_cost_list(g, player, oid, ch)) \
                and castable_as(g, player, oid, ch, sources, additional={"mana": 1}):
            out.append({"additional": {"mana": 1}})
        if _has_phyrexian(ch.mana_cost) \
                and castable_as(g, player, oid, ch, sources, pay=PayOptions(phyrexian="life")):
            out.append({"pay": {"phyrexian": "life"}})
        for add in script.additional_costs:             # buyback, entwine (CR 702.27a, 702.42a), by name
            if add.optional and add.name and add.itself and _objects_available(g, player, oid, add) \
                    and _castable_keeping(g, player, oid, ch, sources, add) \
                    and (add.name != "entwine" or script.spell is None
                         or len(legal_modes(g, ch, player, oid)) == len(script.spell.modes)):
                out.append({"additional": {add.name: 1 if add.repeatable else True}})   # (replicate: once)
    return out


def _castable_keeping(g: GameState, player: int, oid: int, ch: Characteristics, sources: list | None,
                      add: AdditionalCost) -> bool:
    """Whether the spell is castable with this named optional cost paid; of a cost tapping
    creatures (conspire, CR 702.78a), with the mana paid by other sources than the creatures it
    taps (CR 118.3, 601.2h; ``ability_costs.kept_back``)."""
    announced = {add.name: 1 if add.repeatable else True}
    if add.tap is None:
        return castable_as(g, player, oid, ch, sources, additional=announced)
    found = cost_candidates(g, player, "tap", add, oid)

    def payable(kept: frozenset[int]) -> bool:
        left = sources if not kept else [s for s in (sources if sources is not None else tap_sources(g, player))
                                         if s[0] not in kept]
        return castable_as(g, player, oid, ch, left, additional=announced)
    return kept_back(g, player, [(add.count, found)], payable) is not None


def _objects_available(g: GameState, player: int, oid: int, add: AdditionalCost) -> bool:
    """Whether the objects an optional cost takes are there ("Buyback—Sacrifice a land", CR 118.3);
    of a cost with options (bargain: "an artifact, enchantment, or token"), those of one option."""
    if add.either:
        return any(_objects_available(g, player, oid, opt) for opt in add.either)
    return all(len(cost_candidates(g, player, verb, add, oid)) >= add.count
               for verb, attr in COST_VERBS.items() if getattr(add, attr) is not None)


def castable_as(g: GameState, player: int, oid: int, ch: Characteristics, sources: list | None,
                 alternative: AlternativeCost | None = None, kicked: tuple[str, ...] | bool = False,
                 additional: dict[str, Any] | None = None, pay: PayOptions | None = None,
                 check: HandCheck | None = None, in_hand: bool = False) -> bool:
    """``check``: see :func:`castable`. ``in_hand``: the ordinary cast of a card in the hand,
    whose answer ``check`` shares with cards there with equal characteristics when
    :func:`_same_for_equal_cards`."""
    if "Land" in ch.types or (ch.mana_cost is None and alternative is None):
        return False
    if alternative is not None and alternative.name == "bestow":
        ch = bestowed(ch, ch.controller)      # CR 702.103d: only its characteristics as bestowed
    elif alternative is not None and alternative.spell is not None:
        # the spell ability it has when cast for that cost: overload's, awaken's (CR 702.96a, 702.113b)
        ch = replace(ch, script=replace(ch.script, spell=alternative.spell))
    if not timing_ok(g, player, ch, alternative.name if alternative is not None else "") \
            or unimplemented_reason(ch, g):
        return False
    from_check = sources is None and check is not None
    if from_check:
        sources = check.sources
    if sources is not None and alternative is None and not additional and not ch.script.cost_changes \
            and not permanents_with(g, "cost_changes") \
            and not may_afford(g, player, ch.mana_cost, sources, check.available if from_check else None):
        return False          # not enough mana for the mana cost alone, and nothing reduces it
    if not in_hand or check is None or not _same_for_equal_cards(g, ch):
        return _cost_and_choices_ok(g, player, oid, ch, sources, alternative, kicked, additional, pay)
    return _shared_answer(g, player, oid, ch, sources, check)


def _shared_answer(g: GameState, player: int, oid: int, ch: Characteristics, sources: list | None,
                   check: HandCheck, plain: bool = False) -> bool:
    """:func:`_cost_and_choices_ok` for the ordinary cast of a card in the hand, shared by the
    cards there with equal characteristics (``check.seen``) when :func:`_same_for_equal_cards`
    (``plain``: :func:`_plain_cost_and_choices_ok` applies)."""
    equal_script = check.seen.setdefault(id(ch.script), [])
    for other, result in equal_script:
        if other is ch or other == ch:
            return result
    result = _plain_cost_and_choices_ok(g, player, oid, ch, sources) if plain \
        else _cost_and_choices_ok(g, player, oid, ch, sources, None, False, None, None)
    equal_script.append((ch, result))
    return result


def castable_plain(g: GameState, player: int, oid: int, ch: Characteristics, check: HandCheck) -> bool:
    """:func:`castable` for a card in ``player``'s hand with one face that :func:`hand_profile`
    finds cast only the ordinary way, at a time its timing allows, whose mana cost the mana may
    pay (``mana_sources.within`` the ``check.available``) while no permanent changes costs or
    brings one (the legal-action list's ``mana_sources.priority_facts``): what
    :func:`castable_as` checks besides those."""
    o = g.objects[oid]
    if o.owner != player or o.zone is not _HAND or unimplemented_reason(ch, g):
        return False
    if permanents_with(g, "cast_restrictions"):         # else :func:`_same_for_equal_cards`
        return _cost_and_choices_ok(g, player, oid, ch, check.sources, None, False, None, None)
    return _shared_answer(g, player, oid, ch, check.sources, check, plain=True)


def _plain_cost_and_choices_ok(g: GameState, player: int, oid: int, ch: Characteristics, sources: list | None) -> bool:
    """:func:`_cost_and_choices_ok` for :func:`castable_plain` (no cast restriction either): the
    total cost is the mana cost (CR 601.2f), whose payment variants its memo holds once found."""
    variants = _memoized_variants(ch)
    if variants is None:
        return _cost_and_choices_ok(g, player, oid, ch, sources, None, False, None, None)
    return _payable_and_chosen(g, player, oid, ch, sources, variants)


def _cost_and_choices_ok(g: GameState, player: int, oid: int, ch: Characteristics, sources: list | None,
                         alternative: AlternativeCost | None, kicked: tuple[str, ...] | bool,
                         additional: dict[str, Any] | None, pay: PayOptions | None) -> bool:
    """The rest of :func:`castable_as`: no restriction forbids the spell (CR 601.2e), its total
    cost can be paid (CR 601.2f-h) and its modes and targets chosen (CR 601.2b-c)."""
    others_add_costs = bool(permanents_with(g, "additional_costs"))
    if permanents_with(g, "cast_restrictions") \
            and cast_restriction(g, player, oid, ch.mana_cost.mana_value() if ch.mana_cost is not None else 0) is not None:
        return False                  # a cast restriction (only permanents with one have any)
    if (alternative is not None or others_add_costs or ch.script.additional_costs) \
            and missing_cost_objects(g, player, oid, ch, alternative):
        return False
    # the total cost (CR 601.2f); from its memo when it follows from the mana cost alone
    plain = alternative is None and not kicked and not additional and pay is None and not others_add_costs \
        and not permanents_with(g, "cost_changes") and not ch.script.additional_costs \
        and not ch.script.cost_changes and g.objects[oid].zone is _HAND
    variants: Any = _memoized_variants(ch) if plain else None
    if variants is None and target_costs(g, player, oid, ch):
        # the cost depends on the targets (CR 601.2f after 601.2c): one target that can be paid for
        return any(_payable_and_chosen(g, player, oid, ch, sources, cost.variants)
                   for cost in costs_per_target(g, player, oid, ch, 0, alternative, kicked, additional, pay))
    if variants is None:
        try:
            variants = total_cost(g, player, oid, ch, 0, alternative, kicked, 0, additional or {}, pay).variants
        except IllegalActionError:
            return False
        if plain:
            if len(_PLAIN_VARIANTS) > MEMO_LIMIT:
                _PLAIN_VARIANTS.clear()
            _PLAIN_VARIANTS[id(ch.mana_cost)] = (ch.mana_cost, ch.script.x_mana, tuple(variants))
    return _payable_and_chosen(g, player, oid, ch, sources, variants)


def _payable_and_chosen(g: GameState, player: int, oid: int, ch: Characteristics, sources: list | None,
                        variants: Any) -> bool:
    """The end of :func:`_cost_and_choices_ok`: a payment variant of the total cost can be paid
    (CR 601.2g-h), and the modes and targets chosen (CR 601.2b-c)."""
    spend_on = SpendOn("spell", ch)
    for v in variants:
        if can_pay_requirement(g, player, v, ch.colors, sources, spend_on):
            return _choices_possible(g, player, ch, oid)
    return False


#: Memo of the payment variants of the total cost (CR 601.2f) of a spell cast the ordinary way
#: from the hand when no additional cost, cost change or commander tax (none from the hand,
#: CR 903.8) applies: ``total_cost`` then reads only the mana cost and the script's "spend only
#: ... on X". Keyed on the cost's identity; each entry holds the cost (immutable) and x_mana.
_PLAIN_VARIANTS: dict[int, tuple[ManaCost, str, tuple[Requirement, ...]]] = {}


def _memoized_variants(ch: Characteristics) -> tuple[Requirement, ...] | None:
    """The payment variants ``_PLAIN_VARIANTS`` holds for ``ch``'s mana cost and X color, if any."""
    entry = _PLAIN_VARIANTS.get(id(ch.mana_cost))
    if entry is not None and entry[0] is ch.mana_cost and entry[1] == ch.script.x_mana:
        return entry[2]
    return None


def _choices_possible(g: GameState, player: int, ch: Characteristics, oid: int) -> bool:
    """CR 601.2b-c: enough legal modes, and a legal target for each target phrase, for card
    ``oid`` as the spell it would be (protection from its qualities counts, CR 702.16b)."""
    spell = ch.script.spell
    if spell is not None and spell.modes:
        # (CR 700.2d: a mode that may be chosen more than once, chosen N times, needs only one legal)
        legal = legal_modes(g, ch, player, oid)
        if has_mode_costs(spell.modes):
            # spree (CR 702.172a): some legal mode's cost can be paid with the mana cost
            base = str(ch.mana_cost or "")
            return any(can_pay(g, player, ManaCost.parse(base + spell.modes[i].cost)) for i in legal)
        return len(legal) >= (1 if spell.repeat_modes else spell.min_modes)
    least = least_x(ch)
    if least and affordable_x(g, player, ch.mana_cost or ManaCost(), oid, ch) < least:
        return False                # too little damage to divide among its fewest targets (CR 601.2d)
    return has_targets(g, spell_targets(ch), player, oid, ch)     # protection from the spell it will be


def uncastable_copy(g: GameState, player: int, oid: int, free: bool = True, alt_mana: str = "") -> str:
    """Why a card or a copy of one can't be cast while an effect resolves (CR 707.12, 608.2g) —
    without paying its mana cost when ``free``, for ``alt_mana`` instead when given (miracle, CR
    702.94a): a cost it can't pay (mandatory additional costs, cost increases, CR 601.2f-h,
    118.3) or no legal choice of modes or targets (CR 601.2b-c); "" if it can be. (A split
    card's halves: any of them.)"""
    o = g.objects[oid]
    card = o.card
    faces = [face_characteristics(card, i, player) for i in range(len(card.faces))] \
        if card is not None and card.layout in FACE_LAYOUTS else [characteristics(g, oid)]
    reason = ""
    for ch in faces:
        if "Land" in ch.types:
            reason = f"{ch.name} is a land (CR 305.1)"
            continue
        missing = missing_cost_objects(g, player, oid, ch)
        if missing:
            reason = f"{ch.name}: can't pay the additional cost ({missing}; CR 118.3)"
            continue
        if not _choices_possible(g, player, ch, oid):
            reason = f"{ch.name} has no legal choice of modes or targets (CR 601.2b-c)"
            continue
        if permanents_with(g, "cast_restrictions") and (forbidden := cast_restriction(
                g, player, oid, ch.mana_cost.mana_value() if ch.mana_cost is not None else 0)) is not None:
            reason = f"{ch.name} can't be cast ({forbidden}, CR 601.2e)"     # Steel Golem (fuzz seed 1800261)
            continue
        if ch.mana_cost is not None or free or alt_mana:
            alternative = AlternativeCost(name="without paying its mana cost") if free else \
                AlternativeCost(mana=alt_mana, name="alternative cost") if alt_mana else None
            total = total_cost(g, player, oid, ch, 0, alternative, False, 0, {})
            if not any(can_pay_requirement(g, player, v, ch.colors, spend_on=SpendOn("spell", ch))
                       for v in total.variants):
                reason = f"{ch.name}: can't pay its total cost ({total.text}, CR 601.2h)"
                continue
        return ""
    return reason


def cast_restriction(g: GameState, player: int, spell: int, mv: int | None = None) -> str | None:
    """CR 601.2e: a "can't cast" effect that forbids the spell (Brisela), as a reason."""
    for sid, sch in permanents_with(g, "cast_restrictions"):
        for r in sch.script.cast_restrictions:
            if not whose_matches(r.whose, player, sch.controller):
                continue
            flt = r.spells
            if mv is not None and (flt.mana_value_max is not None or flt.mana_value_min is not None):
                if (flt.mana_value_max is not None and mv > flt.mana_value_max) or \
                        (flt.mana_value_min is not None and mv < flt.mana_value_min):
                    continue
                flt = replace(flt, mana_value_max=None, mana_value_min=None)
            if r.abilities:
                continue                      # "activated abilities of ... can't be activated"
            if r.per_turn and sum(1 for types in g.players[player].cast_types_this_turn
                                  if _of_types(types, flt)) < r.per_turn:
                continue                      # Rule of Law: the spells cast this turn, as cast (CR 601.2e)
            if matches(g, spell, flt, sch.controller, sid):     # sid: its chosen name (CR 607.2d)
                return f"{sch.name}: {r.text or 'a spell like this can’t be cast'}"
    return None


def _of_types(types: tuple[str, ...], flt: Filter) -> bool:
    """Whether a spell of these card types matched a filter of card types ("noncreature")."""
    return (not flt.types or not flt.types.isdisjoint(types)) and flt.not_types.isdisjoint(types)


rules_interface.provide(uncastable_copy=uncastable_copy)    # for the effects that cast copies (CR 707.12)
