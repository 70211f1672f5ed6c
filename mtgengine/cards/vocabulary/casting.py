"""Casting costs — alternative, additional, increases and reductions (CR 118, 601.2f) — class
levels and the card script that holds a face's abilities.

Part of the card vocabulary (``cards.vocabulary``); annotations name any of its classes
(``cards.definitions`` resolves them in the whole vocabulary)."""
from __future__ import annotations

from dataclasses import dataclass, field


# -- casting costs: alternative, additional, increases and reductions (CR 118, 601.2f) ----
@dataclass(frozen=True, slots=True)
class CostChange:
    """A cost increase or reduction (CR 601.2f, 118.7): "Creature spells cost {2} more to cast"
    (Feroz's Ban), "Spells your opponents cast cost {1} more to cast", "This spell costs {1} less
    to cast". ``spells``: which spells (a filter on the spell; None: every spell); ``whose``:
    "you" (spells you cast), "opponent" (spells your opponents cast) or "any"; ``itself``: only
    the spell with this ability (it functions on the stack). ``more`` is added to the total cost;
    ``less`` is taken off it (generic mana only from the generic part, CR 118.7a; colored mana
    the cost lacks reduces the generic part, 118.7b-d). ``per``: once for each permanent
    matching it (None: once); ``per_extra_target``: once for each target beyond the first
    (strive). Nothing here changes the spell's mana cost or mana value (CR 118.8d, 202.3)."""

    more: str = ""
    less: str = ""
    spells: Filter | None = None
    whose: str = "any"
    itself: bool = False
    per: Filter | None = None
    per_extra_target: bool = False
    text: str = ""
    if_targets: Filter | None = None   # "costs {2} less to cast if it targets a blue spell" (Mystical Dispute)
    per_count: Quantity | None = None  # "for each basic land type among lands you control" (domain), "for each
                                       # card in your graveyard": a count other than permanents (``amounts``)
    condition: Condition | None = None  # "This spell costs {2} less to cast if you control a Wizard": only
                                        # while it holds as the total cost is determined (CR 601.2f)


@dataclass(frozen=True, slots=True)
class AlternativeCost:
    """An alternative cost (CR 118.9): "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost
    for spells that you cast" (Fist of Suns). It is chosen by ``name`` (the scenario option
    ``alternative:``), or by the name of the permanent granting it; ``mana`` and ``life`` are
    paid instead of the mana cost. ``spells``, ``whose``, ``itself`` as for CostChange. It may
    be paid even for a spell with no mana cost (CR 118.6a). ``zone``: the zone the card is cast
    from with this cost, and only from there ("graveyard": flashback, CR 702.34a — the card is
    exiled instead of going anywhere else when it leaves the stack)."""

    mana: str = ""
    life: int = 0
    name: str = ""
    spells: Filter | None = None
    whose: str = "you"
    itself: bool = False
    text: str = ""
    zone: str = ""
    objects: tuple[AdditionalCost, ...] = ()   # "return an Island you control to its owner's hand" (Daze)
    if_control: Filter | None = None           # "If you control a Swamp, you may pay ..." (Snuff Out)
    not_your_turn: bool = False                # "If it's not your turn, you may ..." (Force of Negation)
    if_commander: bool = False                 # "If you control a commander, ..." (Fierce Guardianship)
    condition: Condition | None = None         # spectacle, surge (CR 702.137a, 702.117a): only while it holds
    spell: SpellAbility | None = None          # the spell ability while cast for this cost: overload's, its
                                               # text with "each" for "target" (CR 702.96a)


#: Optional additional costs of keywords, announced by name (``additional: {buyback: true}``, CR
#: 601.2b): ``AdditionalCost.name``.
NAMED_OPTIONAL_COSTS = ("buyback", "entwine", "replicate", "offspring", "casualty", "conspire", "bargain")


@dataclass(frozen=True, slots=True)
class AdditionalCost:
    """An additional cost (CR 118.8): "As an additional cost to cast this spell, sacrifice a
    creature" (``itself``), or one a permanent imposes or offers: "As an additional cost to cast
    creature spells, you may pay any amount of mana" (Chorus of the Conclave). Its parts:
    ``mana``; ``any_mana`` (an amount the caster announces, scenario option ``additional:
    {mana: N}``); ``life`` (``life_x``: X life, X chosen as the spell is cast); ``count``
    objects to ``sacrifice`` (permanents you control), ``exile`` (cards, from ``exile.zone``:
    "graveyard" or "hand"), ``discard`` or ``bounce`` (permanents you control returned to their
    owner's hand, scenario cost key ``return``) matching the filter. ``optional``: paid only if
    announced (CR 118.8b, 601.2b). ``enters_counters``: for each mana paid for it, the permanent
    the spell becomes enters with an additional counter of this kind (CR 614.1c)."""

    mana: str = ""
    any_mana: bool = False
    life: int = 0
    life_x: bool = False
    sacrifice: Filter | None = None
    exile: Filter | None = None
    discard: Filter | None = None
    bounce: Filter | None = None
    tap: Filter | None = None   # untapped permanents you control, tapped (conspire, CR 702.78a; cost verb ``tap``)
    count: int = 1
    optional: bool = False
    enters_counters: str = ""
    spells: Filter | None = None
    whose: str = "you"
    itself: bool = True
    text: str = ""
    any_number: bool = False    # "exile any number of ...": as many as announced (``count`` ignored)
    less_each: str = ""         # "This spell costs {2} less to cast for each card exiled this way" (CR 118.7)
    only_from: str = ""         # paid only when the spell is cast from this zone: retrace's and jump-start's
                                # "discard a card" from the graveyard (CR 702.81a, 702.133a)
    either: tuple["AdditionalCost", ...] = ()   # "sacrifice a creature or pay {3}": one of these, chosen as
                                                # the spell is cast (CR 601.2b; the others' fields unused)
    name: str = ""              # a keyword's optional cost ("buyback", CR 702.27a): announced by this name
    per_extra_mode: bool = False    # "For each mode you choose beyond the first as you cast this spell, you pay
                                    # an additional [cost]" (escalate, CR 702.120a)
    repeatable: bool = False    # "you may pay [cost] any number of times" (replicate, CR 702.56a): announced
                                # with how many times (``additional: {replicate: 2}``)
                                # (scenario ``additional: {buyback: true}``), remembered in the spell's choices


@dataclass(frozen=True, slots=True)
class Prototype:
    """CR 702.160a, 718: the mana cost, power and toughness a prototyped spell and the permanent
    it becomes have instead of the card's (and the colors of that mana cost, CR 718.3b)."""

    mana: str
    power: int
    toughness: int


@dataclass(frozen=True, slots=True)
class Splice:
    """CR 702.47a: "Splice onto [quality] [cost]": while in your hand, this card may be revealed as
    you cast a spell matching ``onto``; that spell gains this card's rules text and ``mana`` is
    an additional cost."""

    onto: Filter
    mana: str


@dataclass(frozen=True, slots=True)
class CastRestriction:
    """"Your opponents can't cast spells with mana value 3 or less" (Brisela): players ``whose``
    ("opponent", "you", "any", from the permanent's controller) can't cast spells matching
    ``spells``, checked once the spell is proposed, its X chosen (CR 601.2e, 202.3e)."""

    spells: Filter
    whose: str = "opponent"
    text: str = ""
    abilities: bool = False     # "Activated abilities of sources with the chosen name can't be
                                # activated" (Voidstone Gargoyle): ``spells`` is then the sources (CR 602.5)
    except_mana: bool = False   # "... unless they're mana abilities" (Pithing Needle, CR 605.1a)
    per_turn: int = 0           # "can't cast more than N [noncreature] spells each turn" (Rule of Law): only
                                # once the player has cast that many spells matching ``spells`` (by card type)


@dataclass(frozen=True, slots=True)
class CombatRestriction:
    """ "Creatures without flying can't attack" (Moat), "Creatures with power greater than the
    number of cards in your hand can't attack" (Ensnaring Bridge): a rule-changing effect of a
    permanent (CR 604.1), not an ability granted in layer 6, so it reads the creatures'
    characteristics as the layers leave them — keywords and power too (CR 613) — each time
    attackers or blockers are declared (CR 508.1c, 509.1b; ``effects.combat_restrictions``).

    ``creatures``: the creatures it restricts (from its controller's point of view);
    ``attack``/``block``: what they can't do; ``power_above``: only those whose power is greater
    than this number, counted for its controller."""

    creatures: Filter
    attack: bool = True
    block: bool = False
    power_above: Quantity | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class ClassLevel:
    """A class level bar (CR 716.2a): "[cost]: Level N" is one of the Class's activated abilities
    (written in ``activated`` with a ``set_level`` effect); the abilities here are what it has
    while its level is N or greater."""

    level: int
    static: tuple[StaticAbility, ...] = ()
    triggered: tuple[TriggeredAbility, ...] = ()
    play_from: tuple[PlayFrom, ...] = ()
    text: str = ""
    activated: tuple[ActivatedAbility, ...] = ()


@dataclass(frozen=True, slots=True)
class Solved:
    """ "Solved — [ability]" (CR 719.3c): the abilities a Case has while it is solved."""

    static: tuple[StaticAbility, ...] = ()
    triggered: tuple[TriggeredAbility, ...] = ()
    activated: tuple[ActivatedAbility, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class CardScript:
    """Everything a face of a card does, compiled from its rules text.

    ``unimplemented`` lists (1-based paragraph number, text) the engine cannot do yet:
    using such a card is refused (never silently blank).
    """

    keywords: frozenset[str] = frozenset()
    spell: SpellAbility | None = None
    activated: tuple[ActivatedAbility, ...] = ()
    triggered: tuple[TriggeredAbility, ...] = ()
    static: tuple[StaticAbility, ...] = ()
    enchant: Filter | None = None            # Aura "Enchant ..." (CR 303.4a)
    unimplemented: tuple[tuple[int, str], ...] = field(default=())
    kicker: tuple[str, ...] = ()             # kicker mana costs (CR 702.33a)
    multikicker: bool = False                # its kicker is a multikicker: paid any number of times (CR 702.33c)
    morph: str = ""                          # morph cost (CR 702.37a)
    megamorph: bool = False                  # the morph cost is a megamorph cost: a +1/+1 counter as it's
                                             # turned face up for it (CR 702.37b, 708.11)
    disguise: bool = False                   # the morph cost is a disguise cost: face down it has ward {2}
                                             # (CR 702.168a, 702.168d)
    as_turned_face_up: tuple[Effect, ...] = ()   # "As ~ is turned face up, ...": done while it is turned
                                                 # face up, not afterward (CR 708.11)
    extra_triggers: tuple[ExtraTriggers, ...] = ()   # "triggers an additional time" (CR 603.2d)
    replacements: tuple[ReplacementAbility, ...] = ()   # replacement/prevention effects (CR 614, 615)
    enters_as_copy: EntersAsCopy | None = None          # "enter as a copy of" (CR 707.5)
    cost_changes: tuple[CostChange, ...] = ()           # cost increases and reductions (CR 601.2f)
    alternative_costs: tuple[AlternativeCost, ...] = () # alternative costs (CR 118.9)
    additional_costs: tuple[AdditionalCost, ...] = ()   # additional costs (CR 118.8)
    prototype: Prototype | None = None                  # prototype (CR 702.160, 718)
    splice: Splice | None = None                        # splice onto (CR 702.47)
    cast_restrictions: tuple[CastRestriction, ...] = () # "can't cast" statics (CR 601.2e)
    combat_restrictions: tuple[CombatRestriction, ...] = ()  # "Creatures without flying can't attack" (CR 508.1c)
    x_mana: str = ""                                    # "Spend only black mana on X": X is paid with this color
    player_statics: tuple[PlayerStatic, ...] = ()       # "You have hexproof" and the like (CR 604.1)
    cast_timing: str = ""                    # "before_combat_damage": "Cast this spell only before the
                                             # combat damage step" (CR 601.3)
    as_enters: tuple[Effect, ...] = ()       # "As ~ enters, choose / note / pay ..." (CR 614.12, 614.1c):
                                             # done as it enters, before anything sees it (CR 607.2d-g)
    play_from: tuple[PlayFrom, ...] = ()     # "You may play cards exiled with ~" (CR 601.3, 607.2a)
    class_levels: tuple[ClassLevel, ...] = ()   # a Class's level bars (CR 716.2): abilities by level
    solved: Solved | None = None             # a Case's "Solved —" abilities (CR 719.3c)
    exert: tuple[Effect, ...] = ()           # "You may exert ~ as it attacks. When you do, [effects]" (CR
                                             # 701.43d, 508.1g): the linked reflexive trigger (CR 607.2h)
    exert_text: str = ""
    miracle: str = ""                        # miracle cost (CR 702.94a): a static ability linked to a
                                             # triggered one (CR 607.2h), see effects.links.miracle
    pregame: tuple[Pregame, ...] = ()        # statics that function before the game (CR 103.2, 607.2n-p)
    ability_mana_as_any: str = ""            # "You may spend blue mana as though it were mana of any color
                                             # to pay the activation costs of ~'s abilities" (CR 609.4b): "U"

    @property
    def implemented(self) -> bool:
        return not self.unimplemented
