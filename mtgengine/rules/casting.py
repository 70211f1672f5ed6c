"""Casting spells (CR 601.2) and playing lands (CR 305).

Casting follows CR 601.2a-i. The total cost (601.2f) is the mana cost, or the alternative cost
chosen (CR 118.9: Fist of Suns; a prototype card cast prototyped, CR 718.3, is the
``alternative: Prototype`` option), plus every additional cost (kicker; costs the spell's text
or a permanent imposes or offers, CR 118.8: Chorus of the Conclave's ``additional: {mana: N}``,
``{life: N}``, ``{sacrifice|exile|discard: [refs]}``) and cost increase (Feroz's Ban), minus
the cost reductions (CR 118.7). It is locked in before mana abilities are activated and it is
paid (601.2g-h). None of this changes the spell's mana cost or mana value (CR 118.8d, 118.9c,
202.3): Disdainful Stroke can't counter Grizzly Bears however it was paid for.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from collections.abc import Callable, Iterator
from typing import Any

from ..agents.decisions import Decision
from ..cards.vocabulary import (
    AdditionalCost, AlternativeCost, CostChange, DealDamage, Filter, TargetSpec,
)
from ..core.enums import Zone
from ..core.errors import IllegalActionError, NotImplementedCardError
from ..core.memo import LIMIT as MEMO_LIMIT, identity_memo
from ..core.mana import ManaCost
from ..effects.events import CastEvent
from ..effects.layers import (
    COMBINED, Characteristics, characteristics, copiable_values, mana_value, matches, permanents_with, printed,
)
from ..effects.links import record_cost_exiles
from ..effects.primitives import move, name_of
from ..state.game_state import GameState
from .activation import sorcery_timing
from .context import Ctx
from .pregame import cast_from_command_zone, commander_tax, is_commander
from .mana_requirements import (
    PayOptions, Requirement, add_requirements, default_variants, least_mana, reduce_requirement, requirement,
)
from .mana_sources import available_mana, may_afford, priority_facts, tap_sources
from .mana_planning import can_pay_requirement
from .mana_payment import pay_requirement
from .mana_pool import SpendOn
from .targeting import choose_targets, has_targets, legal_targets


#: Zones as module constants: reading a member off the Zone class costs several times a
#: global's in CPython 3.11 (``EnumType`` defines ``__getattr__``); casting reads them often.
_COMMAND, _EXILE, _GRAVEYARD, _HAND, _STACK = Zone.COMMAND, Zone.EXILE, Zone.GRAVEYARD, Zone.HAND, Zone.STACK


def spell_targets(ch: Characteristics, modes: tuple[int, ...] = ()) -> tuple[TargetSpec, ...]:
    """The target phrases of a spell: its effects' targets (those of the chosen modes, in
    order, CR 700.2c), or an Aura's "enchant" (CR 303.4a)."""
    spell = ch.script.spell
    if spell is not None:
        if spell.modes:
            return tuple(t for i in modes for t in spell.modes[i].targets)
        return spell.targets
    if "Aura" in ch.subtypes and ch.script.enchant is not None:
        return (TargetSpec(ch.script.enchant, "enchant " + ("creature" if "Creature" in ch.script.enchant.types else "permanent")),)
    return ()


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


def timing_ok(g: GameState, player: int, ch: Characteristics) -> bool:
    """CR 117.1a / 307.1: instants (and flash, CR 702.8a) any time you have priority; others
    at sorcery speed."""
    if ch.script.cast_timing == "before_combat_damage" and g.step.value in _FROM_COMBAT_DAMAGE:
        return False          # issue 7: a restriction of the card itself (CR 601.3)
    if "Instant" in ch.types or "flash" in ch.keywords:
        return True
    return sorcery_timing(g, player)


def timing_reads_step(g: GameState, oid: int, ch: Characteristics) -> bool:
    """Whether :func:`timing_ok` reads the step for this card (one of its faces, if it is cast
    as one) beyond sorcery timing: a restriction of the card itself (CR 601.3)."""
    if ch.script.cast_timing:
        return True
    card = g.objects[oid].card
    return card is not None and card.layout in FACE_LAYOUTS \
        and any(printed(card, i).script.cast_timing for i in range(len(card.faces)))


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
    speed = OWN_TIMING if script.cast_timing else \
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
    (``seen``, see :func:`_castable_as`)."""

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
    return _castable_as(g, player, oid, characteristics(g, oid) if ch is None else ch, sources, check=check,
                        in_hand=o.zone is _HAND)


def castable_faces(g: GameState, player: int, oid: int, sources: list | None = None,
                   check: HandCheck | None = None) -> list[int]:
    """The faces of a card with faces (``FACE_LAYOUTS``) that could be cast now, as
    :func:`castable` checks one: an aftermath card's second half only from a graveyard (CR
    702.127a), so never here."""
    card = g.objects[oid].card
    return [i for i in range(len(card.faces)) if not (card.layout == "aftermath" and i)
            and _castable_as(g, player, oid, face_characteristics(card, i, player), sources, check=check)]


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
    """Whether :func:`_castable_as` (the ordinary cast) gives the same answer for every card in
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
            if alt.mana.count("{X}") == 0 and _castable_as(g, player, oid, ch, sources, alternative=alt):
                out.append({"alternative": label})
    if ch.mana_cost is not None:
        for kicker in script.kicker:
            if _castable_as(g, player, oid, ch, sources, kicked=(kicker,)):
                out.append({"kicked": [kicker]})
        if (script.additional_costs or permanents_with(g, "additional_costs")) \
                and any(a.any_mana for a in _additional_costs(g, player, oid, ch)) \
                and _castable_as(g, player, oid, ch, sources, additional={"mana": 1}):
            out.append({"additional": {"mana": 1}})
        if _has_phyrexian(ch.mana_cost) \
                and _castable_as(g, player, oid, ch, sources, pay=PayOptions(phyrexian="life")):
            out.append({"pay": {"phyrexian": "life"}})
    return out


def _castable_as(g: GameState, player: int, oid: int, ch: Characteristics, sources: list | None,
                 alternative: AlternativeCost | None = None, kicked: tuple[str, ...] | bool = False,
                 additional: dict[str, Any] | None = None, pay: PayOptions | None = None,
                 check: HandCheck | None = None, in_hand: bool = False) -> bool:
    """``check``: see :func:`castable`. ``in_hand``: the ordinary cast of a card in the hand,
    whose answer ``check`` shares with cards there with equal characteristics when
    :func:`_same_for_equal_cards`."""
    if "Land" in ch.types or (ch.mana_cost is None and alternative is None):
        return False
    if not timing_ok(g, player, ch) or unimplemented_reason(ch, g):
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
    pay (``mana_payment.within`` the ``check.available``) while no permanent changes costs or
    brings one (the legal-action list's ``mana_payment.priority_facts``): what
    :func:`_castable_as` checks besides those."""
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
    """The rest of :func:`_castable_as`: no restriction forbids the spell (CR 601.2e), its total
    cost can be paid (CR 601.2f-h) and its modes and targets chosen (CR 601.2b-c)."""
    others_add_costs = bool(permanents_with(g, "additional_costs"))
    if permanents_with(g, "cast_restrictions") \
            and _restriction(g, player, oid, ch.mana_cost.mana_value() if ch.mana_cost is not None else 0) is not None:
        return False                  # a cast restriction (only permanents with one have any)
    if (alternative is not None or others_add_costs or ch.script.additional_costs) \
            and _missing_cost_objects(g, player, oid, ch, alternative):
        return False
    # the total cost (CR 601.2f); from its memo when it follows from the mana cost alone
    plain = alternative is None and not kicked and not additional and pay is None and not others_add_costs \
        and not permanents_with(g, "cost_changes") and not ch.script.additional_costs \
        and not ch.script.cost_changes and g.objects[oid].zone is _HAND
    variants: Any = _memoized_variants(ch) if plain else None
    if variants is None and _target_costs(g, player, oid, ch):
        # the cost depends on the targets (CR 601.2f after 601.2c): one target that can be paid for
        return any(_payable_and_chosen(g, player, oid, ch, sources, cost.variants)
                   for cost in _costs_per_target(g, player, oid, ch, 0, alternative, kicked, additional, pay))
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


# the cost verbs a scenario names (``pay: {return: [...]}``) and the AdditionalCost fields they fill
_VERBS = {"sacrifice": "sacrifice", "exile": "exile", "discard": "discard", "return": "bounce"}


def _missing_cost_objects(g: GameState, player: int, oid: int, ch: Characteristics,
                          alternative: AlternativeCost | None = None) -> str:
    """CR 118.3: the objects a mandatory additional cost or the chosen alternative cost needs
    and that the player lacks ("" if none)."""
    costs = list(alternative.objects) if alternative is not None else []
    for a in _additional_costs(g, player, oid, ch) + costs:
        for verb, attr in _VERBS.items():
            if not a.optional and getattr(a, attr) is not None \
                    and len(_cost_candidates(g, player, verb, a, oid)) < a.count:
                return f"{verb} {a.count}: {a.text or 'an additional cost'}"
    return ""


def _choices_possible(g: GameState, player: int, ch: Characteristics, oid: int) -> bool:
    """CR 601.2b-c: enough legal modes, and a legal target for each target phrase, for card
    ``oid`` as the spell it would be (protection from its qualities counts, CR 702.16b)."""
    spell = ch.script.spell
    if spell is not None and spell.modes:
        return len(legal_modes(g, ch, player, oid)) >= spell.min_modes
    least = _least_x(ch)
    if least and affordable_x(g, player, ch.mana_cost or ManaCost(), oid, ch) < least:
        return False                # too little damage to divide among its fewest targets (CR 601.2d)
    return has_targets(g, spell_targets(ch), player, oid)


def uncastable_copy(g: GameState, player: int, oid: int, free: bool = True) -> str:
    """Why a copy of a card can't be cast (without paying its mana cost when ``free``) while an
    effect resolves (CR 707.12): a cost it can't pay (mandatory additional costs, cost increases,
    CR 601.2f-h, 118.3) or no legal choice of modes or targets (CR 601.2b-c); "" if it can be.
    (A split card's halves: any of them.)"""
    o = g.objects[oid]
    card = o.card
    faces = [face_characteristics(card, i, player) for i in range(len(card.faces))] \
        if card is not None and card.layout in FACE_LAYOUTS else [characteristics(g, oid)]
    reason = ""
    for ch in faces:
        if "Land" in ch.types:
            reason = f"{ch.name} is a land (CR 305.1)"
            continue
        missing = _missing_cost_objects(g, player, oid, ch)
        if missing:
            reason = f"{ch.name}: can't pay the additional cost ({missing}; CR 118.3)"
            continue
        if not _choices_possible(g, player, ch, oid):
            reason = f"{ch.name} has no legal choice of modes or targets (CR 601.2b-c)"
            continue
        if ch.mana_cost is not None or free:
            alternative = AlternativeCost(name="without paying its mana cost") if free else None
            total = total_cost(g, player, oid, ch, 0, alternative, False, 0, {})
            if not any(can_pay_requirement(g, player, v, ch.colors, spend_on=SpendOn("spell", ch))
                       for v in total.variants):
                reason = f"{ch.name}: can't pay its total cost ({total.text}, CR 601.2h)"
                continue
        return ""
    return reason


#: Layouts whose card is cast as one of several faces or halves.
FACE_LAYOUTS = ("split", "aftermath", "modal_dfc", "adventure", "room")


@identity_memo
def face_characteristics(card: Any, face: int, controller: int) -> Characteristics:
    """The characteristics a card has as a spell cast with ``face`` up (COMBINED: a fused split
    spell, CR 702.102b): they follow from the card (immutable) alone, memoized (never modified,
    like those ``characteristics`` gives)."""
    b = printed(card, face)
    return Characteristics(b.name, b.mana_cost, b.colors, b.supertypes, b.types, b.subtypes, b.script,
                           b.keywords, b.power, b.toughness, b.loyalty, controller, b.text)


def affordable_x(g: GameState, player: int, cost: ManaCost, oid: int | None = None,
                 ch: Characteristics | None = None) -> int:
    """The largest X the default payment could pay now (a hint for agents; CR 107.3 allows any
    X, and an unaffordable one is refused when the cost is paid)."""
    def ok(x: int) -> bool:
        if oid is not None and ch is not None:
            return can_pay_requirement(g, player, total_cost(g, player, oid, ch, x, None, False, 0, {}).requirement,
                                       ch.colors, spend_on=SpendOn("spell", ch))
        return can_pay_requirement(g, player, requirement(cost, x))
    x = 0
    while x < 100 and ok(x + 1):
        x += 1
    return x if ok(x) else 0


def choose_face(ctx: Ctx, player: int, oid: int, face_name: Any) -> int:
    """CR 709.3 / 712.11b / 715.3: which half or face is cast. A split card's half is asked
    when not given; a modal double-faced or adventurer card is cast as its front face unless
    ``face`` names the other one. A transforming card's back face can't be cast (CR 712.11)."""
    card = ctx.g.objects[oid].card
    if card is None:
        return 0
    if face_name is None and not (len(card.faces) > 1 and card.is_split):
        return 0                            # no face named, and only a split card's half is asked
    names = [f.name for f in card.faces]
    if face_name is None:
        # the halves that can be cast now (issue 7: a random player picking Revenge with no
        # {B} or Revival with no target made an illegal cast); all of them if none can
        options = [n for i, n in enumerate(names)
                   if _castable_as(ctx.g, player, oid, face_characteristics(card, i, player), None)] or names
        face_name = ctx.ask(Decision(player, "face", f"choose which half of {card.name} to cast", options))
    from ..cards.database import normalize_name
    matches_ = [i for i, n in enumerate(names) if normalize_name(n) == normalize_name(str(face_name))]
    if not matches_:
        raise IllegalActionError(f"{card.name} has no face named {face_name!r} (its faces: {', '.join(names)})")
    index = matches_[0]
    if index and card.layout not in FACE_LAYOUTS:
        raise IllegalActionError(f"{names[index]} is the back face of {card.name} and can't be cast (CR 712.11)")
    if card.layout == "aftermath" and index:
        raise IllegalActionError(f"{names[index]} (aftermath) can be cast only from a graveyard, which is not implemented yet")
    return index


def legal_modes(g: GameState, ch: Characteristics, player: int, spell_id: int | None = None) -> list[int]:
    """Modes that can be chosen: those whose targets can be chosen (CR 700.2a), 0-based.
    ``spell_id``: the spell (or the card that would be it): it can't target itself (CR 115.5), and
    protection from its qualities counts (CR 702.16b)."""
    spell = ch.script.spell
    assert spell is not None
    return [i for i, m in enumerate(spell.modes) if m.implemented and has_targets(g, m.targets, player, spell_id)]


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


def _whose(whose: str, caster: int, controller: int) -> bool:
    return whose == "any" or (whose == "you") == (caster == controller)


def _applies(g: GameState, spell: int, flt: Filter | None, whose: str, caster: int, controller: int) -> bool:
    """Whether an effect of a permanent controlled by ``controller`` applies to ``spell``."""
    return _whose(whose, caster, controller) and (flt is None or matches(g, spell, flt, controller))




def _cost_changes(g: GameState, player: int, spell: int, ch: Characteristics) -> list[tuple[CostChange, int, str]]:
    """Cost increases and reductions that apply to the spell: (change, its controller, source name)."""
    out = []
    for sid, sch in permanents_with(g, "cost_changes"):
        for cc in sch.script.cost_changes:
            if not cc.itself and _applies(g, spell, cc.spells, cc.whose, player, sch.controller):
                out.append((cc, sch.controller, sch.name))
    out += [(cc, player, ch.name) for cc in ch.script.cost_changes if cc.itself]
    return out


def _additional_costs(g: GameState, player: int, spell: int, ch: Characteristics) -> list[AdditionalCost]:
    return [a for a, _ in additional_costs(g, player, spell, ch)]


def _life_x(g: GameState, player: int, spell: int, ch: Characteristics) -> bool:
    """Whether an additional cost of the spell is "pay X life" (X is then chosen, CR 107.3)."""
    if not ch.script.additional_costs and (priority_facts(g)[2] or not permanents_with(g, "additional_costs")):
        return False                                # (most spells: no additional cost at all)
    return any(a.life_x for a, _ in additional_costs(g, player, spell, ch))


def additional_costs(g: GameState, player: int, spell: int, ch: Characteristics) -> list[tuple[AdditionalCost, str]]:
    """The additional costs of the spell (CR 118.8): its own, then those permanents impose or
    offer, with the name of where each comes from."""
    out = [(a, ch.name) for a in ch.script.additional_costs if a.itself]
    for sid, sch in permanents_with(g, "additional_costs"):
        for a in sch.script.additional_costs:
            if not a.itself and _applies(g, spell, a.spells, a.whose, player, sch.controller):
                out.append((a, sch.name))
    return out


def alternative_costs(g: GameState, player: int, spell: int, ch: Characteristics) -> list[tuple[AlternativeCost, str]]:
    """Alternative costs that may be paid for the spell (CR 118.9): its own, and those
    permanents grant, each with the names a player may choose it by."""
    out = [(a, a.name or ch.name) for a in ch.script.alternative_costs if a.itself and not a.zone
           and (a.if_control is None or any(matches(g, o, a.if_control, player) for o in g.battlefield))]
    for sid, sch in permanents_with(g, "alternative_costs"):
        for a in sch.script.alternative_costs:
            if not a.itself and _applies(g, spell, a.spells, a.whose, player, sch.controller):
                out.append((a, sch.name))
    return out


def _target_costs(g: GameState, player: int, spell: int, ch: Characteristics) -> bool:
    """Whether a cost change applying to the spell depends on what it targets ("costs {3} more
    to cast if it targets a creature", Vanish into Eternity; Mystical Dispute's reduction)."""
    return any(cc.if_targets is not None for cc, _, _ in _cost_changes(g, player, spell, ch)) \
        and bool(spell_targets(ch, g.objects[spell].modes))


def _costs_per_target(g: GameState, player: int, spell: int, ch: Characteristics, x: int,
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
                   additional: dict[str, Any], pay: PayOptions | None) -> Callable[[int, Any], bool] | None:
    """For the targets question of a spell whose cost depends on its targets (CR 601.2c, then
    601.2f): whether the spell could be paid for with this candidate among its targets, so the
    question offers only targets the cast can be completed with; None for the other spells."""
    if not _target_costs(g, player, spell, ch):
        return None
    spend_on = SpendOn("spell", ch)

    def payable(_phrase: int, target: Any) -> bool:
        try:
            cost = total_cost(g, player, spell, ch, x, alternative, kicked, 1, additional, pay, target_ids=(target,))
        except IllegalActionError:
            return False
        return any(can_pay_requirement(g, player, v, ch.colors, None, spend_on) for v in cost.variants)
    return payable


def _count(g: GameState, flt: Filter, controller: int) -> int:
    return sum(1 for oid in g.battlefield if matches(g, oid, flt, controller))


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
    counters: list[tuple[str, int]] = []
    objects: list[tuple[str, AdditionalCost, str]] = []
    mana_announced = additional.get("mana")
    life_announced = additional.get("life")
    used: set[str] = set()
    reductions_each: list[tuple[ManaCost, int]] = []
    for add, source in additional_costs(g, player, spell, ch):
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
            wanted = any(k in additional and k not in used for k in keys)
            if not wanted:
                continue
            used.update(keys)
        if add.mana:
            extra = ManaCost.parse(add.mana)
            symbols += extra.symbols
            parts.append(f"+ {extra} (additional cost: {source})")
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
            verb = next(v for v, attr in _VERBS.items() if getattr(add, attr) is not None)
            given = additional.get(verb, [])
            count = len(given) if isinstance(given, list) else 1
            if count:
                from dataclasses import replace as _replace
                objects.append((verb, _replace(add, count=count), source))
                parts.append(f"+ {verb} {count} (additional cost: {source})")
                if add.less_each:
                    reductions_each.append((ManaCost.parse(add.less_each), count))
            continue
        for verb, attr in _VERBS.items():
            if getattr(add, attr) is not None:
                objects.append((verb, add, source))
                parts.append(f"+ {verb} {add.count} (additional cost: {source})")
    for add in (alternative.objects if alternative is not None else ()):
        verb = next(v for v, attr in _VERBS.items() if getattr(add, attr) is not None)
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
        times = 1
        if cc.per is not None:
            times = _count(g, cc.per, controller)
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


def _mana_cost_alone(g: GameState, player: int, spell: int, ch: Characteristics, pay: PayOptions | None) -> bool:
    """Whether, with no alternative cost, kicker, splice or announced additional cost, the total
    cost is the mana cost alone, announced the default way (:func:`_plain_total`): no
    additional cost (CR 118.8) or cost change (CR 601.2f) of the spell's own or from a
    permanent, and no commander tax (CR 903.8)."""
    script = ch.script
    return ch.mana_cost is not None and (pay is None or (pay.hybrid is None and pay.phyrexian is None)) \
        and not script.additional_costs and not script.cost_changes and _no_permanent_costs(g) \
        and not commander_tax(g, player, spell)


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


def _restriction(g: GameState, player: int, spell: int, mv: int | None = None) -> str | None:
    """CR 601.2e: a "can't cast" effect that forbids the spell (Brisela), as a reason."""
    for sid, sch in permanents_with(g, "cast_restrictions"):
        for r in sch.script.cast_restrictions:
            if not _whose(r.whose, player, sch.controller):
                continue
            flt = r.spells
            if mv is not None and (flt.mana_value_max is not None or flt.mana_value_min is not None):
                if (flt.mana_value_max is not None and mv > flt.mana_value_max) or \
                        (flt.mana_value_min is not None and mv < flt.mana_value_min):
                    continue
                from dataclasses import replace
                flt = replace(flt, mana_value_max=None, mana_value_min=None)
            if r.abilities:
                continue                      # "activated abilities of ... can't be activated"
            if matches(g, spell, flt, sch.controller, sid):     # sid: its chosen name (CR 607.2d)
                return f"{sch.name}: {r.text or 'a spell like this can’t be cast'}"
    return None


# -- casting (CR 601.2) ------------------------------------------------------------------------
def _fuse_ok(card: Any, from_zone: Zone) -> None:
    if card is None or card.layout != "split":
        raise IllegalActionError("only a split card with fuse can be cast fused (CR 702.102a)")
    if not all("fuse" in printed(card, i).keywords for i in range(len(card.faces))):
        raise IllegalActionError(f"{card.name} doesn't have fuse (CR 702.102a)")
    if from_zone is not Zone.HAND:
        raise IllegalActionError("a split card is cast fused only from its owner's hand (CR 702.102a)")


#: The zones by name (as ``Zone(name)``, without the enum's call).
_ZONE_NAMED: dict[Any, Zone] = {z.value: z for z in Zone}


def cast_spell(ctx: Ctx, player: int, oid: int, action: dict[str, Any]) -> int:
    """CR 601.2a-i. Returns the spell's id on the stack."""
    g = ctx.g
    o = g.objects.get(oid)
    zone_name = action.get("from", "hand")
    from_zone = _ZONE_NAMED.get(zone_name) if zone_name.__class__ is str else None
    if from_zone is None:
        from_zone = Zone(zone_name)             # any other value, or its error
    if o is None or o.zone is not from_zone:
        raise IllegalActionError(f"that card is not in a {from_zone.value} zone")
    fused = bool(action.get("fuse"))
    alt_name = action.get("alternative")
    prototype = isinstance(alt_name, str) and alt_name.strip().lower() == "prototype"
    if fused:
        _fuse_ok(o.card, from_zone)
        if action.get("face") is not None:
            raise IllegalActionError("a fused split spell is both halves: give no face (CR 702.102a)")
        face = COMBINED
    else:
        face = choose_face(ctx, player, oid, action.get("face"))
    ch = face_characteristics(o.card, face, player) if o.card is not None else copiable_values(g, oid)
    name = ch.name
    allowed = from_zone is _HAND and o.owner == player
    if from_zone is _COMMAND and o.owner == player and is_commander(g, oid):
        allowed = True          # CR 903.8: a player may cast a commander they own from the command zone
    if from_zone is _EXILE and o.choices.get("adventure") == player and face == 0:
        allowed = True          # CR 715.3d: a card exiled on an Adventure may be cast later
    any_color = False
    if not allowed and from_zone is _EXILE:
        from ..effects.links import may_play
        permission = may_play(g, player, oid, land=False)             # "cards exiled with ~" (CR 607.2a)
        allowed = permission is not None
        # "you may spend mana as though it were mana of any color to cast those spells" (CR 609.4b)
        any_color = bool(getattr(permission, "any_color", False))
    from_graveyard = None
    if not allowed and from_zone is _GRAVEYARD and o.owner == player \
            and ("Instant" in ch.types or "Sorcery" in ch.types):
        # CR 702.34a: flashback, cast from its owner's graveyard for its flashback cost
        from_graveyard = next((a for a in ch.script.alternative_costs if a.zone == "graveyard"), None)
        if from_graveyard is None and ch.mana_cost is not None and "flashback" in characteristics(g, oid).keywords:
            # granted flashback whose cost is the card's mana cost (Snapcaster Mage, CR 702.34a)
            from_graveyard = AlternativeCost(mana=str(ch.mana_cost), name="flashback", itself=True, zone="graveyard")
        allowed = from_graveyard is not None
    by_effect = bool(action.get("by_effect"))
    if by_effect:
        allowed = True          # cast as an effect instructs, while it resolves (CR 608.2g): its permission
    if not allowed:
        # CR 601.3: a spell can be cast only where a rule or effect allows; none here does
        # (flashback and similar permissions are not implemented yet).
        raise IllegalActionError(f"{name} can't be cast from {'that' if from_zone is _HAND else 'the ' + from_zone.value}"
                                 f" zone: no rule or effect allows it (CR 601.3)")
    if "Land" in ch.types:
        raise IllegalActionError(f"{name} is a land: it is played, not cast (CR 305.1)")
    if prototype and ch.script.prototype is None:
        raise IllegalActionError(f"{name} has no prototype ability (CR 702.160a)")
    if ch.mana_cost is None and not alt_name and not action.get("free"):
        raise IllegalActionError(f"{name} has no mana cost and can't be cast (CR 202.1b, 118.6)")
    reason = unimplemented_reason(ch, g)
    if reason:
        raise NotImplementedCardError(reason)
    if not by_effect and not timing_ok(g, player, ch):    # an effect's instruction ignores timing (CR 608.2g)
        if ch.script.cast_timing == "before_combat_damage":      # issue 7 (Berserk)
            raise IllegalActionError(f"{name} can be cast only before the combat damage step (CR 601.3)")
        raise IllegalActionError(f"{name} can be cast only at sorcery speed: in your main phase with an empty stack (CR 307.1)")
    # CR 601.2a: the card moves to the stack; it becomes the topmost object.
    spell_id = move(ctx, oid, _STACK, "cast", controller=player)
    assert spell_id is not None
    spell = g.obj(spell_id)
    spell.cast = True
    spell.choices["cast_from"] = from_zone.value        # "a spell cast from their hand" (Knowledge Pool)
    spell.face = face       # CR 709.3b, 712.11b, 715.3b: only the chosen half or face exists
    if fused:
        spell.choices["fused"] = True                   # CR 702.102b: both halves, combined
    if prototype:
        spell.choices["prototype"] = True               # CR 718.3b
    g.changed_off_battlefield()                         # the spell's face and choices
    ch = characteristics(g, spell_id)                   # CR 601.2a: effects on the spell apply now
    name = ch.name
    # CR 601.2b: modes (CR 700.2a), splicing, the intention to pay alternative and additional
    # costs (kicker, CR 702.33d), then X, then how hybrid and Phyrexian symbols are paid.
    script = ch.script
    if script.spell is not None and script.spell.modes:
        spell.modes = choose_modes(ctx, ch, player, action.get("modes"), name, spell_id)
    elif action.get("modes"):
        raise IllegalActionError(f"{name} is not a modal spell: it has no modes to choose (CR 700.2)")
    splice_costs = _announce_splice(ctx, player, spell_id, ch, action.get("splice"))
    if splice_costs:
        ch = characteristics(g, spell_id)
        name = ch.name
        script = ch.script
    kick = action.get("kicked")
    if kick is None and by_effect and script.kicker:
        # CR 601.2b, 608.2g: cast while an effect resolves, its optional costs are announced by
        # answering (Eye of the Storm's copy may be kicked, CR 707.12)
        kick = [k for k in script.kicker
                if ctx.ask(Decision(player, "yesno", f"pay {name}'s kicker {k} (CR 601.2b)?", [True, False]))] or None
        if kick and not can_pay_requirement(g, player, requirement(ManaCost.parse("".join(kick))), ch.colors,
                                            spend_on=SpendOn("spell", ch, spell_id)):
            # refused now, while "no" can still be answered (CR 601.2h: the cost must be payable)
            raise IllegalActionError(f"{name}: can't pay the kicker {''.join(kick)} (CR 601.2h)")
    if kick and not script.kicker:
        raise IllegalActionError(f"{name} has no kicker")
    kickers: tuple[str, ...] = ()
    if isinstance(kick, (list, tuple)):
        # which of its kicker costs are paid ("Kicker {W} and/or {2}{B}", CR 702.33d)
        kickers = tuple(str(k) for k in kick)
        for k in kickers:
            if k not in script.kicker:
                raise IllegalActionError(f"{name} has no kicker {k} (its kicker costs: {', '.join(script.kicker)})")
        if len(set(kickers)) != len(kickers):
            raise IllegalActionError(f"{name}: each kicker cost is paid at most once (CR 702.33d)")
    elif kick:
        kickers = (script.kicker[0],)
    kicked = kickers or False
    spell.kicked = bool(kickers)
    if kickers:
        from ..effects.links import KICKERS, add as add_link
        add_link(g, spell_id, KICKERS, kickers)       # for "if it was kicked with its {W} kicker" (CR 607.2i)
    alternative = None
    alt_label = ""
    if from_graveyard is not None and not by_effect:
        if alt_name and str(alt_name).strip().lower() != (from_graveyard.name or "flashback"):
            raise IllegalActionError(f"{name} cast from the graveyard is cast for its {from_graveyard.name} cost: "
                                     f"only one alternative cost may be paid (CR 118.9a)")
        alternative, alt_label = from_graveyard, from_graveyard.name or "flashback"
        spell.choices["flashback"] = True           # CR 702.34a: exiled when it leaves the stack
    elif alt_name and not prototype:
        alternative, alt_label = _choose_alternative(g, player, spell_id, ch, str(alt_name))
        if alternative.name == "evoke":
            spell.choices["evoked"] = True          # CR 702.74a: sacrificed when it enters
    if action.get("alt_mana"):
        # an effect's alternative cost: miracle's "by paying [cost] rather than its mana cost"
        alternative = AlternativeCost(mana=str(action["alt_mana"]), name="miracle")
        alt_label = "miracle"
    if action.get("free"):
        # "cast ... without paying its mana cost" (CR 118.9): an alternative cost of nothing
        alternative = AlternativeCost(name="without paying its mana cost")
        alt_label = "without paying its mana cost"
    pay = PayOptions.of(action.get("pay"))
    additional = _announced_additional(action.get("additional"))
    x = 0
    # CR 107.3: X is chosen when the cost being paid has {X}: the mana cost, or an alternative
    # cost with {X} (flashback "equal to its mana cost", Snapcaster Mage's rulings)
    cost_x = ch.mana_cost.x_count if ch.mana_cost is not None else 0
    x_symbols = (ManaCost.parse(alternative.mana).x_count if alternative is not None and alternative.mana
                 else alternative is None and cost_x)
    if x_symbols or _life_x(g, player, spell_id, ch):
        x = action.get("x")
        if x is None and _life_x(g, player, spell_id, ch) and "life" in additional:
            x = int(additional["life"])
        if x is None:
            info = {"spell": spell_id, "max": affordable_x(g, player, ch.mana_cost or ManaCost(), spell_id, ch)}
            least = _least_x(ch)
            if least:
                info["min"] = least
            x = ctx.ask(Decision(player, "x", f"choose X for {name}", [], info=info))
        if not isinstance(x, int) or isinstance(x, bool) or x < 0:
            raise IllegalActionError(f"X must be a number 0 or more, got {x!r}")
    elif cost_x:
        # CR 107.3b: paying an alternative cost without X, the only legal choice for X is 0
        if action.get("x") not in (None, 0):
            raise IllegalActionError(f"{name}: with an alternative cost that has no {{X}}, X is 0 (CR 107.3b)")
        ctx.log("107.3b", f"{name} is cast with an alternative cost that has no {{X}}: X is 0")
    elif action.get("x") is not None:
        raise IllegalActionError(f"{name} has no X to choose: its cost has no {{X}} (CR 107.3)")
    spell = g.obj(spell_id)
    spell.x = x
    # CR 601.2c: targets.
    specs = _divided_specs(ch, spell_targets(ch, g.objects[spell_id].modes), x, name)
    targets, counts = choose_targets(ctx, specs, player, spell_id, name, action.get("targets"),
                                     keep=target_payable(g, player, spell_id, ch, x, alternative, kicked,
                                                         additional, pay))
    spell = g.obj(spell_id)
    spell.targets = targets
    spell.choices["counts"] = counts
    # CR 601.2d: the division of damage among the targets of a "divided" phrase.
    division = _announce_division(ctx, player, ch, specs, targets, counts, name, action.get("divide"), x)
    if division:
        spell.choices["division"] = division
    # CR 601.2e: is the proposed spell legal? ("can't cast" effects look at it as proposed.)
    forbidden = _restriction(g, player, spell_id)
    if forbidden is not None:
        raise IllegalActionError(f"{name} can't be cast ({forbidden}, CR 601.2e)")
    # CR 601.2f: the total cost, locked in.
    total = total_cost(g, player, spell_id, ch, x, alternative, kicked, len(targets), additional, pay, alt_label,
                       splice_costs, target_ids=tuple(targets))
    if any_color:
        total.variants = [spend_as_any_color(v) for v in total.variants]
        total.requirement = total.variants[0]
    ctx.log("601.2f", f"total cost of {name}: {total.text}"
            + (f" = {_show(total.requirement)}" if " + " in total.text or " - " in total.text
               or alternative is not None else ""))
    # CR 601.2g-h: mana abilities, then the payment (mana and life; then objects).
    chosen = _choose_cost_objects(ctx, player, spell_id, total, additional, pay, name)
    mark = len(g.events)
    pay_requirement(ctx, player, total.requirement, ch.colors, name, pay,
                    _show(total.requirement) + (f" (X={x})" if x_symbols else ""), ch.keywords, total.variants,
                    SpendOn("spell", ch, spell_id))
    _pay_objects(ctx, player, spell_id, chosen, name)
    record_cost_exiles(ctx, spell_id, g.events[mark:])      # "exiled with it" (CR 607.2j, 607.2q)
    spell = g.obj(spell_id)
    if total.counters:
        spell.choices["enters_counters"] = tuple(total.counters)
    if alternative is not None:
        spell.choices["alternative"] = alt_label
    # CR 601.2i: the spell becomes cast.
    tgt = ""
    if targets:
        tgt = " targeting " + ", ".join(name_of(ctx, t) for t in targets)
    if from_zone is _COMMAND and is_commander(g, spell_id):
        cast_from_command_zone(g, player, spell_id)     # the next cast's commander tax (CR 903.8)
    ctx.log("601.2i", f"{g.players[player].name} casts {name}{tgt}"
            + (f" (mana value {mana_value(g, spell_id)})" if alternative is not None or total.counters else ""))
    became_cast(g, player, spell_id)
    return spell_id


def became_cast(g: GameState, player: int, spell_id: int) -> None:
    """CR 601.2i: the spell becomes cast: counted for the turn (storm, CR 702.40a), and the event
    that "whenever you cast" abilities watch."""
    g.player(player).spells_cast_this_turn += 1
    g.events.append(CastEvent(spell_id, player, sum(p.spells_cast_this_turn for p in g.players)))


def _announce_splice(ctx: Ctx, player: int, spell: int, ch: Characteristics, cards: Any) -> list[tuple[str, str]]:
    """CR 601.2b, 702.47a-b: the player reveals cards with splice from their hand; the spell
    gains their rules text and their splice costs are additional costs."""
    if not cards:
        return []
    g = ctx.g
    ids = cards if isinstance(cards, list) else [cards]
    if len(set(ids)) != len(ids):
        raise IllegalActionError("a card can be spliced onto a spell only once (CR 702.47b)")
    if ch.script.spell is None or ch.script.spell.modes:
        raise IllegalActionError(f"nothing can be spliced onto {ch.name} here")
    out: list[tuple[str, str]] = []
    spliced = []
    for cid in ids:
        o = g.objects.get(cid)
        if o is None or o.zone is not Zone.HAND or o.owner != player or o.card is None:
            raise IllegalActionError("splice reveals cards from your hand (CR 702.47a)")
        card_ch = printed(o.card, 0)
        splice = card_ch.script.splice
        if splice is None:
            raise IllegalActionError(f"{card_ch.name} has no splice ability (CR 702.47a)")
        if not matches(g, spell, splice.onto, player):
            raise IllegalActionError(f"{card_ch.name} can't be spliced onto {ch.name}: it isn't "
                                     f"{', '.join(sorted(splice.onto.subtypes | splice.onto.types))} (CR 702.47a)")
        reason = unimplemented_reason(card_ch, g)
        if reason:
            raise NotImplementedCardError(reason)
        spliced.append(o.card)
        out.append((splice.mana, card_ch.name))
        ctx.log("702.47a", f"{g.players[player].name} reveals {card_ch.name} and splices it onto {ch.name}")
    g.obj(spell).choices["spliced"] = tuple(spliced)
    g.changed()
    return out


def pay_alternative_total(ctx: Ctx, player: int, spell_id: int, mana: str, label: str, action: dict[str, Any],
                          what: str) -> None:
    """CR 601.2f-h for a spell cast for a fixed alternative cost (a face-down spell's {3}, CR
    702.37c): the cost increases, reductions and additional costs that apply to the spell as it
    is (a 2/2 creature spell) are added to it, then it is paid."""
    g = ctx.g
    ch = characteristics(g, spell_id)
    pay = PayOptions.of(action.get("pay"))
    additional = _announced_additional(action.get("additional"))
    total = total_cost(g, player, spell_id, ch, 0, AlternativeCost(mana=mana, name=label), False, 0, additional,
                       pay, label)
    ctx.log("601.2f", f"total cost of {what}: {total.text} = {_show(total.requirement)}")
    chosen = _choose_cost_objects(ctx, player, spell_id, total, additional, pay, what)
    pay_requirement(ctx, player, total.requirement, ch.colors, what, pay, _show(total.requirement), ch.keywords,
                    total.variants, SpendOn("spell", ch, spell_id))
    _pay_objects(ctx, player, spell_id, chosen, what)
    if total.counters:
        g.obj(spell_id).choices["enters_counters"] = tuple(total.counters)


def spend_as_any_color(req: Requirement) -> Requirement:
    """CR 609.4b: mana may be spent as though it were mana of any color: any mana pays a colored
    symbol (a {C} symbol still needs colorless mana); the cost itself doesn't change."""
    return Requirement(tuple(s if s == "C" else "WUBRGC" for s in req.colored), req.generic, req.life, req.snow)


@identity_memo
def _show(req: Requirement) -> str:
    """The requirement for the log (memoized: a spell's is most often the same object each cast)."""
    colored = "".join("{" + ("/".join(s) if len(s) > 1 else s) + "}" for s in req.colored)
    text = ("{" + str(req.generic) + "}" if req.generic or not colored else "") + colored
    return text + (f" and {req.life} life" if req.life else "")


def _choose_alternative(g: GameState, player: int, spell: int, ch: Characteristics,
                        wanted: str) -> tuple[AlternativeCost, str]:
    """CR 118.9a, 601.2b: the one alternative cost the caster announces, by name."""
    from ..cards.database import normalize_name
    options = alternative_costs(g, player, spell, ch)
    key = normalize_name(wanted)
    for alt, label in options:
        if normalize_name(label) == key or (alt.name and normalize_name(alt.name) == key):
            return alt, label
    for alt, label in options:
        if len(key) > 3 and key in normalize_name(alt.text):     # by its words: "return an Island"
            return alt, label
    known = ", ".join(label for _, label in options) or "none"
    raise IllegalActionError(f"{ch.name}: no alternative cost {wanted!r} can be paid for it "
                             f"(alternative costs available: {known}; CR 118.9)")


def _announced_additional(value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise IllegalActionError(f"additional: expected a mapping such as {{mana: 2}}, got {value!r}")
    for key in value:
        if key not in ("mana", "life", "sacrifice", "exile", "discard", "return"):
            raise IllegalActionError(f"additional: unknown cost {key!r} (mana, life, sacrifice, exile, discard, return)")
    mana = value.get("mana")
    if mana is not None and not (isinstance(mana, str) or (isinstance(mana, int) and not isinstance(mana, bool)
                                                            and mana >= 0)):
        raise IllegalActionError(f"additional: mana is an amount or a mana string, got {mana!r}")
    return dict(value)


_COST_ZONES = {"sacrifice": Zone.BATTLEFIELD, "discard": Zone.HAND}


def _cost_candidates(g: GameState, player: int, verb: str, add: AdditionalCost, spell: int) -> list[int]:
    flt = getattr(add, _VERBS[verb])
    if verb in ("sacrifice", "return"):
        return [oid for oid in g.battlefield if characteristics(g, oid).controller == player
                and matches(g, oid, flt, player)]
    zone = Zone.HAND if verb == "discard" else Zone(flt.zone or "graveyard")
    from dataclasses import replace
    plain = replace(flt, zone="", controller=None)
    return [oid for oid in g.zones[(player, zone)] if oid != spell and matches(g, oid, plain, player)]


def _choose_cost_objects(ctx: Ctx, player: int, spell: int, total: TotalCost, additional: dict[str, Any],
                         pay: PayOptions, name: str) -> list[tuple[str, list[int]]]:
    """The objects the additional costs sacrifice, exile or discard: as announced (``additional``
    or ``pay``), else asked (CR 601.2h: they are chosen as the cost is paid)."""
    g = ctx.g
    out: list[tuple[str, list[int]]] = []
    taken: set[int] = set()
    for verb, add, source in total.objects:
        candidates = [c for c in _cost_candidates(g, player, verb, add, spell) if c not in taken]
        given = additional.get(verb) if verb in additional else pay.objects.get(verb)
        if given is not None:
            ids = list(given) if isinstance(given, list) else [given]
            ids = [i for i in ids if i not in taken][: add.count] if len(ids) > add.count else ids
            bad = [i for i in ids if i not in candidates]
            if bad:
                raise IllegalActionError(f"{name}: {name_of(ctx, bad[0])} can't pay the additional cost "
                                         f"({verb} {add.count}: {add.text or source}; CR 118.3)")
        else:
            if len(candidates) < add.count:
                raise IllegalActionError(f"{name}: can't pay the additional cost ({verb} {add.count}: "
                                         f"{add.text or source}; CR 118.3)")
            answer = ctx.ask(Decision(player, verb, f"choose {add.count} to {verb} to pay for {name} "
                                      f"({add.text or source})", candidates, min=add.count, max=add.count))
            ids = answer if isinstance(answer, list) else [answer]
        if len(ids) != add.count or len(set(ids)) != len(ids):
            raise IllegalActionError(f"{name}: {verb} exactly {add.count} to pay its additional cost (CR 118.3)")
        taken.update(ids)
        out.append((verb, ids))
    return out


def _pay_objects(ctx: Ctx, player: int, spell: int, chosen: list[tuple[str, list[int]]], name: str) -> None:
    g = ctx.g
    who = g.players[player].name
    for verb, ids in chosen:
        if verb == "sacrifice":
            from ..effects.links import COST_SACRIFICED, add as add_link
            add_link(g, spell, COST_SACRIFICED, ids)            # "the sacrificed creature" (CR 608.2h)
        for oid in ids:
            if verb == "sacrifice":
                ctx.log("701.21a", f"{who} sacrifices {name_of(ctx, oid)} to pay for {name}")
                move(ctx, oid, Zone.GRAVEYARD, "sacrifice")
            elif verb == "return":
                ctx.log("118.9", f"{who} returns {name_of(ctx, oid)} to its owner's hand to pay for {name}")
                move(ctx, oid, Zone.HAND, "cost")
            elif verb == "exile":
                ctx.log("118.8", f"{who} exiles {name_of(ctx, oid)} to pay for {name}")
                move(ctx, oid, Zone.EXILE, "cost")
            else:
                ctx.log("701.9a", f"{who} discards {name_of(ctx, oid)} to pay for {name}")
                move(ctx, oid, Zone.GRAVEYARD, "discard")


def divided_damage(ch: Characteristics) -> DealDamage | None:
    """The spell's effect that divides damage among targets as it is cast (CR 601.2d), if any."""
    spell = ch.script.spell
    if spell is None:
        return None
    return next((e for e in spell.effects if isinstance(e, DealDamage) and e.divided), None)


def division_total(eff: DealDamage, x: int) -> int:
    """How much damage ``eff`` divides, with X chosen (CR 107.3, 601.2d)."""
    return eff.amount.fixed + (x if eff.amount.x else 0)


def _divided_specs(ch: Characteristics, specs: tuple[TargetSpec, ...], x: int, name: str) -> tuple[TargetSpec, ...]:
    """The target phrases with the divided one taking no more targets than there is damage to
    divide, each target receiving at least one (CR 601.2d); too little damage for its fewest
    targets makes the spell illegal to cast."""
    eff = divided_damage(ch)
    if eff is None or not 0 <= eff.to.index < len(specs):
        return specs
    total = division_total(eff, x)
    spec = specs[eff.to.index]
    if spec.min > total:
        raise IllegalActionError(f"{name} can't divide {total} damage among at least {spec.min} "
                                 f"target{'s' if spec.min != 1 else ''}: each must receive at least 1 (CR 601.2d)")
    if spec.max <= total:
        return specs
    return specs[:eff.to.index] + (replace(spec, max=total),) + specs[eff.to.index + 1:]


def _least_x(ch: Characteristics) -> int:
    """The least X with which the spell can be cast: damage divided by X among at least N
    targets needs X of at least N (CR 601.2d; Meteor Shower's rulings)."""
    return _least_x_of(ch.script)


@identity_memo
def _least_x_of(script: Any) -> int:
    spell = script.spell
    eff = None if spell is None else \
        next((e for e in spell.effects if isinstance(e, DealDamage) and e.divided), None)
    if eff is None or not eff.amount.x or not 0 <= eff.to.index < len(spell.targets):
        return 0
    return max(0, spell.targets[eff.to.index].min - eff.amount.fixed)


def _announce_division(ctx: Ctx, player: int, ch: Characteristics, specs: tuple[TargetSpec, ...],
                       targets: tuple[int, ...], counts: tuple[int, ...], name: str, preset: Any,
                       x: int) -> list[list[int]]:
    """CR 601.2d: each target of a divided effect gets at least one; one target gets it all."""
    eff = divided_damage(ch)
    if eff is None:
        return []
    total = division_total(eff, x)
    start = sum(counts[: eff.to.index])
    group = list(targets[start:start + counts[eff.to.index]])
    if not group:
        return []
    if len(group) == 1:
        return [[group[0], total]]
    answer = preset if preset is not None else ctx.ask(Decision(
        player, "divide", f"divide {name}'s {total} damage among its targets (at least 1 each)", group,
        min=len(group), max=len(group), info={"total": total}))
    if not isinstance(answer, dict):
        raise IllegalActionError(f"divide {name}'s damage with a mapping {{target: amount}}")
    division = {int(k): v for k, v in answer.items()}
    if sorted(division) != sorted(group) or any(not isinstance(v, int) or v < 1 for v in division.values()) \
            or sum(division.values()) != total:
        raise IllegalActionError(f"{name}: divide exactly {total} damage, at least 1 to each target (CR 601.2d)")
    return [[t, division[t]] for t in group]


def choose_modes(ctx: Ctx, ch: Characteristics, player: int, preset: Any, name: str,
                 spell_id: int) -> tuple[int, ...]:
    """CR 700.2a: the caster chooses the modes (1-based in the script, 0-based inside)."""
    spell = ch.script.spell
    assert spell is not None
    legal = legal_modes(ctx.g, ch, player, spell_id)
    if preset is None:
        options = [i + 1 for i in legal]
        if spell.min_modes == spell.max_modes == 1:
            chosen = [ctx.ask(Decision(player, "mode", f"choose a mode of {name}", options))]
        else:
            chosen = ctx.ask(Decision(player, "mode", f"choose {spell.min_modes} to {spell.max_modes} modes of {name}",
                                      options, min=spell.min_modes, max=spell.max_modes))
    else:
        chosen = preset if isinstance(preset, list) else [preset]
    if not spell.min_modes <= len(chosen) <= spell.max_modes:
        raise IllegalActionError(f"{name}: choose between {spell.min_modes} and {spell.max_modes} modes")
    if len(set(chosen)) != len(chosen):
        raise IllegalActionError(f"{name}: the same mode can't be chosen twice (CR 700.2d)")
    for m in chosen:
        if not isinstance(m, int) or not 1 <= m <= len(spell.modes):
            raise IllegalActionError(f"{name} has no mode {m!r}")
        if not spell.modes[m - 1].implemented:
            raise NotImplementedCardError(f"{name}: its mode {m} is not implemented yet ({spell.modes[m - 1].text!r})")
        if m - 1 not in legal:
            raise IllegalActionError(f"{name}: mode {m} has no legal target (CR 700.2a)")
    return tuple(sorted(m - 1 for m in chosen))   # performed, and targeted, in printed order


def play_land(ctx: Ctx, player: int, oid: int, face_name: Any = None) -> None:
    """CR 305.1: playing a land is a special action; the land enters the battlefield. A modal
    double-faced card may be played as its back face (CR 712.11b, via ``face``)."""
    g = ctx.g
    o = g.objects.get(oid)
    if o is not None and o.zone is Zone.EXILE:
        from ..effects.links import may_play           # "play lands ... exiled with ~" (CR 607.2a, 305.1)
        if may_play(g, player, oid, land=True) is None:
            raise IllegalActionError("that card can't be played from exile: no rule or effect allows it (CR 305.1)")
    elif o is None or o.zone is not Zone.HAND or o.owner != player:
        raise IllegalActionError("a land is played from its owner's hand")
    face = 0
    if face_name is not None and o.card is not None:
        face = choose_face(ctx, player, oid, face_name)
        if face and o.card.layout != "modal_dfc":
            raise IllegalActionError(f"{o.card.name}: only a modal double-faced card can be played as its back face")
        g.obj(oid).face = face
        g.changed()
    ch = copiable_values(g, oid) if not o.face_down else printed(o.card, face)   # exiled face down
    if "Land" not in ch.types:
        raise IllegalActionError(f"{ch.name} is not a land (CR 305.1)")
    if g.players[player].lands_played >= 1:
        raise IllegalActionError(f"{g.players[player].name} has already played a land this turn (CR 305.2)")
    if not sorcery_timing(g, player):
        raise IllegalActionError("a land can be played only in your main phase with an empty stack (CR 305.2, 505.6b)")
    g.player(player).lands_played += 1
    move(ctx, oid, Zone.BATTLEFIELD, "play", controller=player)
    ctx.log("305.1", f"{g.players[player].name} plays {ch.name}")

