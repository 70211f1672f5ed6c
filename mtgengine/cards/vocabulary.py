"""The typed vocabulary card abilities are written in (ARCHITECTURE principle 7).

Definitions are frozen dataclasses: filters, targets, quantities, effects, costs, and the
four kinds of abilities (CR 113.3): spell, activated, triggered and static. Keyword
abilities are kept by name (CR 702). Card text compiles to these (see ``cards.compiler``);
the effects interpreter is ``effects.resolve``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union


# -- filters and targets ----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Filter:
    """Which objects or players qualify: "nonblack creature an opponent controls" etc."""

    types: frozenset[str] = frozenset()        # any of these card types (empty: any)
    not_types: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()       # any of these colors
    not_colors: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    not_subtypes: frozenset[str] = frozenset()     # "non-Aura"
    supertypes: frozenset[str] = frozenset()
    not_supertypes: frozenset[str] = frozenset()   # "nonbasic", "nonlegendary"
    keywords: frozenset[str] = frozenset()     # has any of these keywords
    not_keywords: frozenset[str] = frozenset()
    controller: str | None = None              # "you" / "opponent"
    players: bool = False                      # players qualify too ("any target")
    objects: bool = True                       # objects qualify
    spells: bool = False                       # looks at the stack (spells) instead of permanents
    abilities: str = ""                        # "triggered" / "activated": abilities on the stack
    other: bool = False                        # "other": not the source itself
    tapped: bool | None = None
    attacking: bool | None = None
    in_combat: bool | None = None              # "attacking or blocking"
    power_max: int | None = None               # "with power N or less"
    power_min: int | None = None
    power_max_source: bool = False             # "with power less than or equal to ~'s power" (now)
    controller_controls: str = ""              # "whose controller controls an Island": a subtype
    mana_value_max: int | None = None
    mana_value_min: int | None = None          # "with mana value N or greater" (CR 202.3; a spell's X counts, 202.3e)
    mana_value_x: bool = False                 # "with mana value X": the resolving ability's X (read by references)
    token: bool | None = None                  # "creature token": tokens only (False: nontoken)
    card: bool = False                         # "an instant card": a card, not a copy or token (CR 108.2, 108.2b)
    attacked_this_turn: bool | None = None     # "if it attacked this turn" (CR 508.1)
    x_in_cost: bool | None = None              # "a spell with a mana cost that contains {X}" (CR 107.3)
    zone: str = ""                             # "graveyard": cards in graveyards (CR 115.2; "controller" is then
                                               # the owner: "from your graveyard"); "": permanents or spells;
                                               # "stack_or_battlefield": "target spell or permanent"
    # Linked abilities (CR 607): each names a link of the source object (``effects.links``).
    linked: str = ""                           # "a card exiled with ~": the object is in the source's record
    controller_in: str = ""                    # "creatures controlled by players who chose war": its
                                               # controller is among the players in the source's record
    chosen_color: str = ""                     # "a spell of the chosen color" (CR 607.2d)
    chosen_name: str = ""                      # "spells with the chosen name" (CR 607.2d)
    in_combat_with: bool = False               # "blocking or blocked by ~" (the source, CR 509.1h)
    cast_from: str = ""                        # "a spell from their hand": the zone it was cast from (CR 601.2a)
    chosen_type: str = ""                      # "a spell of the chosen type": the creature type chosen (CR 607.2d)
    face_down: bool | None = None              # "face-down creatures" (CR 708.2)
    color_count: str = ""                      # "mono": monocolored (CR 105.2a); "multi": multicolored (105.2b)


ANY_TARGET = Filter(types=frozenset({"Creature", "Planeswalker", "Battle"}), players=True)
CREATURE = Filter(types=frozenset({"Creature"}))
PLAYER = Filter(players=True, objects=False)


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """One "target" phrase (CR 115.1): what may be chosen and how many."""

    filter: Filter
    text: str
    min: int = 1
    max: int = 1


# -- references and quantities ----------------------------------------------------
@dataclass(frozen=True, slots=True)
class Ref:
    """Whom or what an effect acts on.

    kind: "target" (index into the ability's targets), "self" (the source object),
    "you" (controller), "each_opponent", "each_player", "enchanted" / "equipped" (the object
    the source is attached to), "each" (every permanent matching ``filter``),
    "target_controller" (the controller of target ``index``, or, once it has left its zone,
    its last known controller, CR 608.2h), "target_controls" (every permanent matching ``filter``
    that target player ``index`` controls: "all creatures target player controls"), "triggering" (the object the trigger refers to:
    the creature that entered, died or attacked, the spell cast, CR 603.2), "moved" (the new
    object target ``index`` became when this resolution moved it, CR 400.7: "return that
    card"), "created" (the tokens this resolution created: "attach this to it"),
    "remembered" (the ``index``-th object a delayed triggered ability refers to, CR 603.7c),
    "defending" (the player the source is attacking, or the controller of the planeswalker or
    battle it attacks, CR 506.2: "defending player" of an attack trigger),
    "triggering_controller" (the controller of the object the trigger refers to: Celestial
    Mantle's "its controller"), "affected" (the player or object the trigger event was done to:
    "that player" of "deals combat damage to a player", "that creature" of "deals combat damage
    to a creature"), "linked" (see ``link``), "linked_one" ("a card exiled with ~": the
    controller chooses one of them, CR 607.3), "linked_here" ("the card exiled this way": those
    this resolution linked). A "remembered" or "triggering" reference with a ``filter``
    finds its object only if it matches ("destroy that creature if it attacked this turn").
    """

    kind: str
    index: int = 0
    filter: Filter | None = None
    link: str = ""      # kind "linked": the objects in the source's record for this link (CR 607.2a-c,
                        # 607.3: each of them), those still in the zone they were put in (CR 400.7)


YOU = Ref("you")
SELF = Ref("self")


def target(i: int = 0) -> Ref:
    return Ref("target", i)


@dataclass(frozen=True, slots=True)
class Quantity:
    """A number in an effect: fixed, X (CR 107.3), or counted ("for each ...")."""

    fixed: int = 0
    x: bool = False                  # plus X
    per: Filter | None = None        # plus the number of permanents matching
    stat: str = ""                   # plus "power" / "toughness" / "mana_value" of ``of``
    of: Ref | None = None            # ... as it is now, or its last known information (CR 608.2h)
    # Other stats: "counters:KIND" (the number of KIND counters on ``of``); with ``of`` None,
    # of the player the effect acts on: "life", "half_life" (half their life, rounded up,
    # CR 107.1a), "life_lost_this_turn" (Wound Reflection).
    link: str = ""                   # linked abilities (CR 607): stat "chosen" (the last number chosen or
                                     # noted, or the life paid, for ``link``; none: 0 and nothing, CR 607.5a),
                                     # "linked_mana_value" (the sum over the linked objects, CR 607.3),
                                     # "linked_count" (the linked objects matching ``per``)
    scale: int = 1                   # the stat counts this many times ("7 minus that number": -1)


def n(value: int) -> Quantity:
    return Quantity(fixed=value)


# -- effects ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DealDamage:
    """CR 120: the source deals damage. ``divided``: the amount is divided among the targets
    of ``to``'s target phrase as announced while casting (CR 601.2d); ``evenly``: "divided
    evenly, rounded down, among any number of targets" (Fireball): each target is dealt the
    amount divided by the number of targets chosen, even if some have become illegal."""

    amount: Quantity
    to: Ref
    divided: bool = False
    evenly: bool = False


@dataclass(frozen=True, slots=True)
class Draw:
    """CR 121."""

    who: Ref
    amount: Quantity


@dataclass(frozen=True, slots=True)
class GainLife:
    """CR 119.3."""

    who: Ref
    amount: Quantity


@dataclass(frozen=True, slots=True)
class LoseLife:
    """CR 119.3."""

    who: Ref
    amount: Quantity


@dataclass(frozen=True, slots=True)
class Destroy:
    """CR 701.8. ``no_regenerate``: "It can't be regenerated" (CR 701.19c)."""

    what: Ref
    no_regenerate: bool = False


@dataclass(frozen=True, slots=True)
class Regenerate:
    """CR 701.19a: a regeneration shield — the next time the permanent would be destroyed this
    turn, instead remove its damage, tap it and remove it from combat."""

    what: Ref


@dataclass(frozen=True, slots=True)
class Exile:
    """CR 701.13 (move to exile). ``link``: the cards it exiles are recorded as exiled with the
    source, for the abilities linked to this one (CR 607.2a); ``until_leaves``: "until ~ leaves the
    battlefield" — they return the moment it leaves (CR 610.3), and if it left before this
    resolves they aren't exiled (610.3a-b)."""

    what: Ref
    link: str = ""
    until_leaves: bool = False


@dataclass(frozen=True, slots=True)
class ReturnToHand:
    """Return to its owner's hand."""

    what: Ref


@dataclass(frozen=True, slots=True)
class CounterSpell:
    """CR 701.6: counter a spell or ability. ``unless_pays``: "unless its controller pays
    {N}" (CR 118.12a): that player may pay this mana cost ("{X}": the resolving spell's X).
    ``to``: where a spell countered this way goes instead of its owner's graveyard
    ("library": on top of its owner's library, Memory Lapse; "hand": Remand; "exile":
    Dissipate)."""

    what: Ref
    unless_pays: str = ""
    to: str = ""


@dataclass(frozen=True, slots=True)
class Pump:
    """+N/+N (CR 613.4c) and keyword grants (layer 6), until end of turn unless permanent."""

    what: Ref
    power: int = 0
    toughness: int = 0
    keywords: frozenset[str] = frozenset()
    until_end_of_turn: bool = True
    x_sign: int = 0                  # +X/+X style: sign of X added to power and toughness
    x_power: int = 0                 # +X/+0: sign of X added to power only
    x_toughness: int = 0             # +0/+X: sign of X added to toughness only
    x_value: Quantity | None = None  # "where X is ..." (as it resolves, for each object); else the spell's X
    lasts: tuple[str, ...] = ()      # "for as long as ..." (CR 611.2b), as ``GainControl.lasts``
    in_graveyard: bool = False       # a card in a graveyard "gains flashback until end of turn" (Snapcaster Mage)


@dataclass(frozen=True, slots=True)
class TapUntap:
    """Tap or untap (CR 701.26). ``up_to``: the controller chooses up to that many of ``what``
    as it resolves ("Untap up to three lands", Frantic Search)."""

    what: Ref
    tap: bool = True
    up_to: int = 0


@dataclass(frozen=True, slots=True)
class ExileIfDies:
    """ "If that creature would die this turn, exile it instead" (Magma Spray, Anger of the Gods):
    a replacement effect for the rest of the turn (CR 614.1a, 700.4) on ``what`` (None: each
    creature dealt damage by this resolution, "a creature dealt damage this way")."""

    what: Ref | None = None


@dataclass(frozen=True, slots=True)
class BecomeColor:
    """ "~ becomes the color of your choice until end of turn" (Spiritmonger): the color is
    chosen as it resolves (CR 608.2d); layer 5 (CR 613.1e)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class ExtraTurn:
    """ "Take an extra turn after this one" (CR 500.7): ``who`` takes it."""

    who: Ref


@dataclass(frozen=True, slots=True)
class LookAtTop:
    """ "Look at the top N cards of your library" (CR 401.2 allows it only by an effect):
    ``to_hand`` of them (chosen) go into the hand, the rest go to ``rest`` — "top" (any order,
    Ponder), "bottom" (any order, Impulse) or "graveyard" (Forbidden Alchemy). ``may_shuffle``:
    "You may shuffle." afterwards (CR 701.24a)."""

    who: Ref
    amount: Quantity
    to_hand: int = 0
    rest: str = "top"
    may_shuffle: bool = False
    piles: bool = False   # Fact or Fiction: revealed; an opponent separates them into two piles, one pile
                          # goes into the hand and the other into the graveyard (``rest``)


@dataclass(frozen=True, slots=True)
class ManaRestriction:
    """How mana may be spent (CR 106.6): "Spend this mana only to cast artifact spells" (``spell``:
    the spells it may pay for; ``cast_only``: not for abilities), "... or activate abilities of
    colorless Eldrazi" (``ability``: the sources whose abilities it may pay for), "This mana can't
    be spent to cast nonartifact spells" (``spell`` only, abilities allowed). ``multicolored``:
    the spell must be multicolored (CR 105.4). ``spell.chosen_type`` names the link of a type
    chosen as the source entered (Cavern of Souls), read as the mana is produced. A rider
    (CR 106.6): ``uncounterable``, the spells that can't be countered when this mana is spent
    on them ("that spell can't be countered"; an empty filter: any). It doesn't change the
    mana's type (CR 106.6)."""

    text: str
    spell: Filter | None = None
    cast_only: bool = True
    ability: Filter | None = None
    multicolored: bool = False
    uncounterable: Filter | None = None


@dataclass(frozen=True, slots=True)
class AddMana:
    """CR 106: add mana. ``choice`` lists alternatives ("{R} or {G}", any color)."""

    mana: tuple[str, ...] = ()                 # fixed symbols added together
    choice: tuple[str, ...] = ()               # add one of these
    amount: int = 1
    produced: bool = False                     # "one mana of any type that land produced" (a triggered
                                               # mana ability, CR 605.1b: the mana the land just produced)
    link: str = ""                             # "of the chosen color" / "of any of the exiled card's colors":
                                               # a color in the source's record, or a color of a linked
                                               # object (CR 607.2a, 607.2d); none: no mana (CR 607.5a)
    restriction: ManaRestriction | None = None # "Spend this mana only ..." (CR 106.6)


@dataclass(frozen=True, slots=True)
class PutCounters:
    """CR 122.1: put counters on an object."""

    what: Ref
    kind: str
    amount: Quantity


@dataclass(frozen=True, slots=True)
class CreateToken:
    """CR 111.1: create tokens with the given characteristics."""

    amount: Quantity
    name: str
    power: int
    toughness: int
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    keywords: frozenset[str] = frozenset()
    pt: Quantity | None = None       # "an X/X ... token, where X is ...": power and toughness as it resolves
    who: Ref | None = None           # who creates them (CR 111.2: and controls them); None: the controller
    text: str = ""                   # its rules text: a predefined token's abilities (CR 111.10)


@dataclass(frozen=True, slots=True)
class Discard:
    """CR 701.9: ``who`` discards ``amount`` cards of their choice; with ``chooser`` "you", the
    effect's controller chooses them among the cards matching ``filter`` after the player
    reveals their hand (Duress, CR 701.9b, 701.20a)."""

    who: Ref
    amount: Quantity
    chooser: str = ""
    filter: Filter | None = None


@dataclass(frozen=True, slots=True)
class Mill:
    who: Ref
    amount: Quantity


@dataclass(frozen=True, slots=True)
class DamageCantBePrevented:
    """CR 615.12: damage can't be prevented this turn. ``life``: instead, players can't gain
    life this turn (CR 119.7, Skullcrack)."""

    life: bool = False


@dataclass(frozen=True, slots=True)
class Scry:
    """CR 701.22a: look at the top N cards, put any number on the bottom and the rest on top,
    each group in any order. ``surveil``: any number go to the graveyard instead (CR 701.25a)."""

    who: Ref
    amount: Quantity
    surveil: bool = False
    library: "Ref | None" = None   # whose library, when not ``who``'s: fateseal (CR 701.29a), Jace's +2


@dataclass(frozen=True, slots=True)
class Fight:
    """CR 701.14a: each creature deals damage equal to its power to the other."""

    first: Ref
    second: Ref


@dataclass(frozen=True, slots=True)
class Sacrifice:
    """CR 701.21a: each player ``who`` sacrifices ``amount`` permanents matching ``filter``
    that they control, chosen by them."""

    who: Ref
    filter: Filter
    amount: Quantity = Quantity(fixed=1)


@dataclass(frozen=True, slots=True)
class Search:
    """CR 701.23: ``who`` searches their library for up to ``amount`` cards matching ``filter``
    (they may find fewer, CR 701.23b), puts them ``to`` "battlefield" (``tapped``) or "hand",
    then shuffles (CR 701.24a). ``optional``: "may search" (CR 701.23g)."""

    who: Ref
    filter: Filter
    to: str = "hand"
    tapped: bool = False
    amount: int = 1
    optional: bool = False
    one_to_battlefield: bool = False   # "put one onto the battlefield tapped and the other into your hand" (Cultivate)
    named_self: bool = False           # "cards named ~": with the resolving source's name (Squadron Hawk)
    same_mana_value: bool = False    # "a card with the same mana value as the discarded card" (transmute,
                                     # CR 702.53a): the source's, as it last existed


@dataclass(frozen=True, slots=True)
class ReturnToBattlefield:
    """Put a card (e.g. from a graveyard) onto the battlefield; it enters under the control of
    the player the effect instructs, the effect's controller (CR 110.2a)."""

    what: Ref
    tapped: bool = False
    under_owner: bool = False        # "under its owner's control" (else the effect's controller's)
    counter: str = ""                # "with a +1/+1 counter on it": its kind (CR 122.6)
    counter_amount: int = 1
    transformed: bool = False        # "return it ... transformed": it enters with its back face up (CR 712.14a)


@dataclass(frozen=True, slots=True)
class Attach:
    """CR 701.3a: attach the Aura or Equipment ``what`` to ``to``. It doesn't move if it can't
    legally be attached to that object or is already attached to it (CR 701.3b); attached to
    a new object, it gets a new timestamp (CR 701.3c). Equip (CR 702.6a) is
    ``Attach(to={target: 0})`` with a "target creature you control"."""

    to: Ref
    what: Ref = Ref("self")


@dataclass(frozen=True, slots=True)
class GainControl:
    """A control-changing effect (layer 2, CR 613.1b): the effect's controller gains control
    of ``what``, until end of turn (CR 514.2) or indefinitely, or "for as long as" each of
    ``lasts`` holds (CR 611.2b): "source_on_battlefield" (~ remains on the battlefield),
    "you_control_source" (you control ~), "source_tapped" (~ remains tapped)."""

    what: Ref
    until_end_of_turn: bool = False
    lasts: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SacrificePermanent:
    """CR 701.21a: "Sacrifice ~" — the effect's controller sacrifices ``what`` if they control it."""

    what: Ref = Ref("self")


@dataclass(frozen=True, slots=True)
class WinGame:
    """CR 104.2b: the effect's controller wins the game."""


@dataclass(frozen=True, slots=True)
class CreateDelayedTrigger:
    """CR 603.7: creates a delayed triggered ability ("At the beginning of the next end step,
    return that card ..."). It triggers once, the next time its event happens (CR 603.7b); its
    source and controller are those of the spell or ability that created it (CR 603.7d-e).
    ``remember``: the objects it refers to, fixed as it is created (its effects name them with
    ``{kind: remembered, index: i}``); if one has changed zones since, it isn't found (CR 603.7c)."""

    trigger: "Trigger"
    effects: tuple["Effect", ...]
    remember: Ref | None = None
    text: str = ""
    also: tuple[str, ...] = ()   # more events of the source that trigger it, whichever comes first
                                 # ("When ~ leaves the battlefield or becomes untapped", Merieke Ri Berit)


@dataclass(frozen=True, slots=True)
class IfKicked:
    """CR 702.33e: "If this spell was kicked, ..." — ``effects`` if kicked, else ``otherwise``."""

    effects: tuple["Effect", ...]
    otherwise: tuple["Effect", ...] = ()


@dataclass(frozen=True, slots=True)
class PreventDamage:
    """CR 615: a prevention effect a resolving spell or ability creates, lasting this turn.

    ``amount`` None prevents all the damage ("Prevent all combat damage that would be dealt
    this turn", Fog); a number makes a shield for each of ``to`` (CR 615.7, 615.11: "Prevent
    the next 3 damage that would be dealt to any target this turn"). ``to`` None: damage to
    anything; the permanents and players it names are fixed as it resolves (CR 611.2c).
    ``combat``: combat damage only."""

    amount: Quantity | None = None
    to: Ref | None = None
    combat: bool = False
    source_choice: Filter | None = None   # "the next time a red source of your choice would deal damage
                                          # to you this turn, prevent that damage" (CR 609.7a-b): once


@dataclass(frozen=True, slots=True)
class Double:
    """The keyword actions double (CR 701.10) and triple (CR 701.11, ``times`` 3), each carried
    out as the event the rules say it is, so replacement effects apply to that event:

    ``value`` "power", "toughness" or "power_toughness": the creature gets +X/+0, +0/+X or
    +X/+Y in layer 7c (CR 613.4c), X being (``times`` - 1) times the value as it resolves,
    negative values giving -X (CR 701.10a-c, 701.11a-c), until end of turn unless
    ``until_end_of_turn`` is false;
    "life": the player gains or loses life (CR 701.10d), so "twice that much life" makes a
    doubling three times the total, never four;
    "counters": ``kind`` counters ("" each kind) are put on it, as many as it has (CR 701.10e);
    "mana": the player adds as much of each type of unspent mana as they have (CR 701.10f), a
    mana event that "tapped for mana" replacement effects modify when the ability doing it
    has {T} in its cost (CR 106.12b);
    "x": the value of X of a spell (Unbound Flourishing; not the keyword action)."""

    what: Ref
    value: str
    kind: str = ""
    times: int = 2
    until_end_of_turn: bool = True


@dataclass(frozen=True, slots=True)
class Proliferate:
    """CR 701.34a: choose any number of permanents and/or players that have a counter, then
    give each one additional counter of each kind already there. An event replacement
    effects may replace ("proliferate twice instead")."""


@dataclass(frozen=True, slots=True)
class ShuffleIntoLibrary:
    """ "Shuffle ~ into its owner's library": the object goes to its owner's library, which is
    then shuffled (CR 701.24a)."""

    what: Ref = Ref("self")


@dataclass(frozen=True, slots=True)
class Transform:
    """CR 701.27a: turn a double-faced permanent over; a permanent that isn't double-faced
    doesn't (CR 701.27c)."""

    what: Ref = Ref("self")


@dataclass(frozen=True, slots=True)
class RemoveCounters:
    """CR 122.1: remove ``amount`` counters of ``kind`` from ``what``; "If you can't, [effects]"
    (``if_cant``, fading's sacrifice, CR 702.32a) happens when none could be removed."""

    what: Ref
    kind: str
    amount: "Quantity"
    if_cant: tuple["Effect", ...] = ()


@dataclass(frozen=True, slots=True)
class Manifest:
    """CR 701.40a: ``who`` manifests the top ``amount`` cards of their library, one at a time
    (701.40e): each is turned face down and put onto the battlefield as a 2/2 face-down
    creature, which may be turned face up for its mana cost if it's a creature card (701.40b)."""

    who: Ref = Ref("you")
    amount: Quantity = Quantity(fixed=1)


@dataclass(frozen=True, slots=True)
class TurnFaceDown:
    """CR 708.2a: turn permanents face down; each becomes a 2/2 creature with no name, text,
    subtypes or mana cost. One already face down (CR 708.2b) or double-faced (CR 712.16)
    doesn't change."""

    what: Ref


@dataclass(frozen=True, slots=True)
class CopyException:
    """Exceptions a copy effect makes (CR 707.9): they become part of the copy's copiable
    values (707.9a-b) — added types, a set color, name or P/T, no supertype — or, for ``extra_counters``,
    an additional effect as it enters (707.9e)."""

    add_types: frozenset[str] = frozenset()
    add_subtypes: frozenset[str] = frozenset()
    set_colors: frozenset[str] | None = None
    remove_supertypes: frozenset[str] = frozenset()
    extra_counters: tuple[tuple[str, int], ...] = ()
    add_abilities: tuple[str, ...] = ()           # rules text of abilities the copy has (707.9a)
    add_triggered: tuple["TriggeredAbility", ...] = ()   # the same, written out (a linked one: Hofri
                                                         # Ghostforge's "return the exiled card", CR 607.1d)
    set_name: str = ""                            # "except its name is ..." (CR 707.9b)
    add_supertypes: frozenset[str] = frozenset()  # "it's legendary in addition to its other types"
    set_power: int | None = None                  # "except it's 7/7": base P/T, and no P/T-defining
    set_toughness: int | None = None              # ability is copied (CR 707.9b, 707.9d)


@dataclass(frozen=True, slots=True)
class CopySpell:
    """CR 707.10: put a copy of a spell on the stack, with every choice made for it; its
    controller may choose new targets (707.10c) when ``new_targets``."""

    what: Ref
    new_targets: bool = True
    exception: CopyException | None = None
    optional: bool = False          # "they may copy this spell" (Chain Lightning)
    amount: Quantity = Quantity(fixed=1)    # "copy it for each other spell cast before it this turn" (storm)


@dataclass(frozen=True, slots=True)
class CopyCards:
    """CR 707.12: ``who`` copies each card ``what`` names (the copy is created in the zone the card
    is in; its owner is that player, CR 112.2a) and may cast each copy while this resolves
    (CR 608.2g), without paying its mana cost when ``free`` (CR 118.9). ``optional``: "you may
    copy [it]. If you do, ..." (asked for each card). A copy not cast ceases to exist (CR 704.5e)."""

    what: Ref
    who: Ref = Ref("you")
    optional: bool = False
    free: bool = True


@dataclass(frozen=True, slots=True)
class BecomeCopy:
    """CR 707.4: ``what`` becomes a copy of ``of`` (its copiable values as the effect begins,
    CR 707.2b) — a layer 1a effect (CR 613.2a), until end of turn or indefinitely.
    ``exclude_of``: "each other creature" — not the copied object itself."""

    what: Ref
    of: Ref
    until_end_of_turn: bool = False
    exclude_of: bool = False
    keep_this_ability: bool = False    # "except it has this ability" (CR 707.9a: Unstable Shapeshifter)


@dataclass(frozen=True, slots=True)
class CreateTokenCopy:
    """CR 111.1, 707.2: create tokens that are copies of an object (its copiable values)."""

    what: Ref
    amount: Quantity = Quantity(fixed=1)
    exception: CopyException | None = None
    link: str = ""                   # the tokens are recorded as created with the source (CR 607.2c)
    share_link: str = ""             # the cards this resolution exiled with this link are linked to the
                                     # tokens as well (CR 607.1d: Hofri Ghostforge's Spirit)


@dataclass(frozen=True, slots=True)
class AddManaOfCost:
    """Add mana equal to an object's mana cost (Elemental Resonance): each colored or Phyrexian
    symbol adds one mana of its color (CR 106.9), a generic symbol that much colorless mana
    (106.10), {C} one colorless, {S} one colorless (106.11); for a hybrid symbol the player
    chooses one half (106.8). X is 0 off the stack (CR 107.3g); no mana cost adds nothing."""

    of: Ref


@dataclass(frozen=True, slots=True)
class CounterIfPaid:
    """Ice Cave: "any other player may pay that spell's mana cost. If a player does, counter the
    spell." Each player other than the spell's controller, in turn order (CR 101.4), may pay its
    mana cost, colors included (X as chosen for it, CR 107.3h); once one does, it is countered."""

    what: Ref


@dataclass(frozen=True, slots=True)
class RevealTop:
    """Delver of Secrets: "look at the top card of your library. You may reveal that card. If
    [a card matching ``filter``] is revealed this way, [``effects``]" (CR 701.20a, 701.20b)."""

    who: Ref
    filter: Filter
    effects: tuple["Effect", ...]
    optional: bool = True
    to_hand: bool = False      # "If it's a land card, that player puts it into their hand" (Goblin Guide)
    to_battlefield: bool = False   # "If it's a land card, put it onto the battlefield" (Coiling Oracle)
    else_hand: bool = False        # "Otherwise, put that card into your hand" (Coiling Oracle)


@dataclass(frozen=True, slots=True)
class Meld:
    """CR 701.42a: "exile them, then meld them into [result]": this permanent and the permanent
    named ``partner`` its controller owns and controls are exiled, then put onto the battlefield
    as one melded permanent with the characteristics of ``result`` (CR 712.4a, 712.8g). Cards
    that can't be melded stay in exile (701.42c)."""

    partner: str
    result: str


@dataclass(frozen=True, slots=True)
class Choose:
    """A choice the abilities linked to this one read (CR 607.2d, 607.2f, 607.2g): ``kind``
    "number" (from ``low`` to ``high``), "color", "word" (one of ``options``, words with no rules
    meaning — "war" or "peace" — and anchor words, CR 614.12c), "card_name" (the name of a card
    matching ``filter``), "creature_type", or "pay_life" (pay any amount of life, CR 119.4: the
    amount paid is recorded). ``who``: "you", or "each_player" (in APNAP order, CR 101.4; the
    players who chose each word are also recorded under "word:LINK"). ``optional``: "you may
    choose". A new choice replaces the last ("the last chosen number"). Recorded for the object
    this ability belongs to; an object that never made it has an undefined choice (CR 607.5a)."""

    link: str
    kind: str
    options: tuple[str, ...] = ()
    low: int = 0
    high: int = 0
    who: str = "you"
    optional: bool = False
    filter: Filter | None = None


@dataclass(frozen=True, slots=True)
class Note:
    """CR 607.2e: information noted for the abilities linked to this one: ``what`` "life" (your
    life total now)."""

    link: str
    what: str = "life"


@dataclass(frozen=True, slots=True)
class UnlessPays:
    """"[effects] unless you pay [mana]" (CR 118.12): the ability's controller may pay ``mana`` as
    it resolves; if they don't, ``effects`` happen ("sacrifice ~ unless you pay {U}{U}")."""

    mana: str
    effects: tuple["Effect", ...]


@dataclass(frozen=True, slots=True)
class Explore:
    """CR 701.44a: ``what`` explores ``times`` times: its controller reveals the top card of their
    library; a land card goes to their hand; otherwise the permanent gets a +1/+1 counter and the
    player may put the card into their graveyard."""

    what: Ref
    times: int = 1


@dataclass(frozen=True, slots=True)
class Adapt:
    """CR 701.46a: "Adapt N": if ``what`` has no +1/+1 counters on it, put N on it."""

    what: Ref
    amount: int


@dataclass(frozen=True, slots=True)
class PayEcho:
    """CR 702.30a: echo's upkeep trigger. The source is noted as checked under its controller
    (the condition "echo_due" then no longer holds for it), then sacrificed unless its controller
    pays ``mana``."""

    mana: str


@dataclass(frozen=True, slots=True)
class ExileTop:
    """"[who] exiles the top [amount] cards of their library" (CR 701.13a); ``link``: exiled with the
    source, for its linked abilities (CR 607.2a); ``face_down``: exiled face down (CR 406.3a)."""

    who: Ref
    amount: Quantity = Quantity(fixed=1)
    link: str = ""
    face_down: bool = False
    whole_zone: str = ""             # "graveyard": every card of that zone ("Exile all graveyards")


@dataclass(frozen=True, slots=True)
class CreateEmblem:
    """CR 114.1-114.2: "[you] get an emblem with [ability]": an emblem in its controller's command
    zone with these abilities, which work there (CR 114.4). Its abilities are linked to the
    abilities of the object that made it (CR 607.1d): it reads that object's records."""

    play_from: tuple["PlayFrom", ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class Pregame:
    """A static ability that functions before the game begins (CR 103.2, 113.6n). ``kind``
    "exile_outside": "before you shuffle your deck to start the game, you may reveal this card from
    your deck and exile [a card matching ``filter``] that isn't in your deck" — the card comes from
    outside the game (CR 400.11a) and is exiled "with cards named ~" for ``link`` (CR 607.2n);
    "commander_color": "if ~ is your commander, choose a color before the game begins", recorded
    for the card itself, kept through zone changes (CR 607.2p, 903.4b)."""

    kind: str
    link: str
    filter: Filter | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class PlayFrom:
    """"You may play lands and cast spells from among cards exiled with ~" (CR 601.3, 305.1): the
    source's controller (``who`` "you") may play the cards linked to it by ``link`` (CR 607.2a);
    ``lands`` / ``spells``: which; ``any_color``: mana may be spent as though it were mana of any
    color to cast them (CR 609.4b)."""

    link: str
    lands: bool = True
    spells: bool = True
    any_color: bool = False
    who: str = "you"
    text: str = ""


@dataclass(frozen=True, slots=True)
class ExileChosen:
    """"[You may] exile a [filter] card from your [zone]" (imprint, CR 701.13a): the player chooses
    ``amount`` such cards; ``link``: exiled with the source (CR 607.2a)."""

    filter: Filter
    zone: str = "hand"
    amount: int = 1
    optional: bool = True
    link: str = ""
    whose: str = "you"               # "each_opponent": for each opponent, a card of theirs, revealed
                                     # (Valki: "each opponent reveals their hand ... exile a creature card")
    until_leaves: bool = False       # "... until ~ leaves the battlefield" (CR 610.3)


@dataclass(frozen=True, slots=True)
class PutIntoGraveyard:
    """"Return the exiled card to its owner's graveyard" (CR 400.3): ``what`` goes to its owner's
    graveyard (not destroyed, not a sacrifice)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class GainAbilities:
    """"~ gains all activated abilities of target creature until end of turn" (Quicksilver
    Elemental): ``what`` gets the activated abilities ``of`` has as this resolves, in layer 6
    (CR 613.1f). Gained together, a linked pair among them stays linked, to each other only
    (CR 607.5); a reference to the other creature's name means this one (its abilities say "~")."""

    what: Ref
    of: Ref
    until_end_of_turn: bool = True


@dataclass(frozen=True, slots=True)
class MustBlock:
    """"Target creature blocks ~ this turn if able": a blocking requirement (CR 509.1c) on ``what``,
    to block the source if it attacks this turn."""

    what: Ref


@dataclass(frozen=True, slots=True)
class CastLinked:
    """"[who] may cast a spell from among [other] cards exiled with ~ without paying its mana cost"
    (Knowledge Pool): cast while this resolves (CR 608.2g), from the cards linked to the source
    (CR 607.2a) — ``other``: not those this resolution exiled (CR 607.1c: an ability linked to
    itself); ``if_exiled``: "If the player does", only if this resolution exiled one; ``free``:
    without paying its mana cost (CR 118.9)."""

    link: str
    who: Ref = Ref("you")
    free: bool = True
    other: bool = False
    if_exiled: bool = False


@dataclass(frozen=True, slots=True)
class CastCard:
    """ "You may cast it by paying [mana] rather than its mana cost" (miracle, CR 702.94a): the
    player may cast ``what`` while this resolves (CR 608.2g), paying ``mana`` as an alternative
    cost (CR 118.9)."""

    what: Ref
    mana: str = ""
    optional: bool = True


@dataclass(frozen=True, slots=True)
class PutOnBottom:
    """"Put [what] on the bottom of their owners' libraries" (CR 401.4)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class PutFromHand:
    """ "Put two cards from your hand on top of your library in any order" (Brainstorm, CR
    401.4): ``who`` chooses ``amount`` cards of their hand and their order (first listed: the
    top card)."""

    who: Ref
    amount: Quantity


@dataclass(frozen=True, slots=True)
class ReturnChosen:
    """ "Return a land you control to its owner's hand" (Boros Garrison, Kor Skyfisher): each
    player ``who`` chooses ``amount`` permanents they control matching ``filter`` as it resolves
    (not a target, CR 115.10)."""

    who: Ref
    filter: Filter
    amount: Quantity = Quantity(fixed=1)


@dataclass(frozen=True, slots=True)
class HoldTapped:
    """ "It doesn't untap during its controller's untap step for as long as you control ~" (CR
    502.3): ``what`` stays tapped while the source stays under this effect's controller's control."""

    what: Ref


@dataclass(frozen=True, slots=True)
class SkipNextUntap:
    """ "It doesn't untap during its controller's next untap step" (CR 502.3): ``what`` stays
    tapped through the next untap step of the player who controls it as this resolves ("your
    next untap step": ``what`` is the source, controlled by you)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class SetLevel:
    """ "This Class's level becomes N" (CR 716.2a)."""

    level: int


@dataclass(frozen=True, slots=True)
class MayPay:
    """"You may pay [mana]. If you do, [effects]" (CR 118.12, 608.2c)."""

    mana: str
    effects: tuple["Effect", ...]


@dataclass(frozen=True, slots=True)
class DoAction:
    """A player's action inside a resolving ability, paid like a cost (mana, life, objects to
    sacrifice or discard, CR 118.3): "[you may] sacrifice an artifact. When you do, ..." creates
    ``reflexive``, a reflexive triggered ability that triggers only if the action was taken and
    goes on the stack the next time a player would receive priority, its targets chosen then
    (CR 603.12, 603.3); "... If you do, ..." does ``then`` at once (CR 608.2c). ``cost`` None:
    the action is ``action``, effects of the ability itself."""

    cost: "Cost | None"
    optional: bool = True
    reflexive: "TriggeredAbility | None" = None
    action: tuple["Effect", ...] = ()   # an action that is no cost ("Create two 1/1 ... tokens. When you
                                        # do, ..."): it happened if it changed the game (events)
    then: tuple["Effect", ...] = ()
    text: str = ""                  # the action as written ("sacrifice an artifact")
    who: "Ref | None" = None        # another player takes the action (Chain Lightning: "that player or that
                                    # permanent's controller may pay {R}{R}"); "they" in ``then`` is that player


@dataclass(frozen=True, slots=True)
class ReplaceWords:
    """ "Change the text of target permanent by replacing all instances of one color word with
    another" (Sleight of Mind, Magical Hack, Mind Bend, Artificial Evolution): as it resolves its
    controller chooses the two words, of one of ``kinds``; the text change lasts indefinitely
    (CR 612, 611.2a). ``not_new``: words the new one can't be ("can't be Wall")."""

    what: Ref
    kinds: tuple[str, ...]
    not_new: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Conditional:
    """"If [condition], [effects]" inside a resolving ability (CR 608.2c), else ``otherwise``."""

    condition: "Condition"
    effects: tuple["Effect", ...]
    otherwise: tuple["Effect", ...] = ()



@dataclass(frozen=True, slots=True)
class ApplyModifications:
    """A continuous effect a resolving spell or ability creates on ``what`` (CR 611.2): its
    modifications apply in their layers (CR 613.1: Turn's "loses all abilities and becomes a red
    Weird with base power and toughness 0/1" is layers 4, 5, 6 and 7b), until end of turn (CR
    514.2) or indefinitely; the objects it affects are fixed as it begins (CR 611.2c)."""

    what: Ref
    mods: tuple["Modification", ...]
    until_end_of_turn: bool = True


Effect = Union[
    DealDamage, Draw, GainLife, LoseLife, Destroy, Exile, ReturnToHand, CounterSpell, Pump,
    TapUntap, AddMana, PutCounters, CreateToken, Discard, Mill, IfKicked, DamageCantBePrevented,
    Scry, LookAtTop, ExtraTurn, ExileIfDies, BecomeColor, Fight, Sacrifice, Search, ReturnToBattlefield,
    Attach, GainControl, SacrificePermanent, WinGame, CreateDelayedTrigger,
    PreventDamage, CopySpell, CopyCards, CreateTokenCopy, BecomeCopy, Regenerate,
    Double, Proliferate, ShuffleIntoLibrary, Transform, TurnFaceDown, RemoveCounters, Manifest,
    AddManaOfCost, CounterIfPaid, RevealTop, Meld, ApplyModifications,
    Choose, Note, Conditional, UnlessPays, MayPay, DoAction, ReplaceWords, ExileTop, ExileChosen, PutIntoGraveyard, GainAbilities,
    MustBlock, CastLinked, CastCard, PutOnBottom, HoldTapped, SkipNextUntap, SetLevel, CreateEmblem, PutFromHand,
    ReturnChosen,
]


# -- costs --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CostObjects:
    """A part of an activation cost that uses objects (CR 118.3, 602.2b): ``verb`` "sacrifice"
    (permanents you control, CR 701.21a), "discard" (cards in your hand, CR 701.9a), "exile"
    (cards in your graveyard) or "remove_counters" (counters from among permanents you
    control) — ``count`` of them, the objects matching ``filter``; "crew": tap untapped creatures
    matching ``filter`` with total power ``count`` or greater (CR 702.122a); "linked_to_graveyard": put
    cards linked to the source (``filter.linked``: "a card exiled with ~") into their owners'
    graveyards (CR 607.2b)."""

    verb: str
    count: int = 1
    filter: Filter | None = None


@dataclass(frozen=True, slots=True)
class Cost:
    """An activation cost (CR 602.1a, 118): mana and other parts."""

    mana: str = ""             # a mana cost string, "" for none
    tap: bool = False          # {T}
    sacrifice_self: bool = False
    pay_life: int = 0
    loyalty: int | None = None  # a loyalty ability's cost (CR 606.2, 606.4): put (+N) or remove (-N) loyalty
                                # counters; 0 is "[0]:", a loyalty ability with no counters to move; None: not one
    exile: Filter | None = None            # "Exile a creature card from your graveyard" (``zone``: where)
    pay_exiled_mana_cost: bool = False     # "... and pay its mana cost" (CR 118.6: none is unpayable)
    objects: tuple[CostObjects, ...] = ()  # "Sacrifice two other creatures", "Discard two cards", ...
    x_is: "Quantity | None" = None         # "X is the mana value of the exiled card": X isn't announced
                                           # but set by the game (Soul Foundry; linked, CR 607.3: the sum)
    discard_self: bool = False             # "Discard this card" (transmute, CR 702.53a)
    untap: bool = False                    # {Q}: untap this permanent (CR 107.6)
    energy: int = 0                        # {E}...: pay that many energy counters (CR 107.14)
    put_counter: str = ""                  # "Put a -0/-1 counter on ~" (Wall of Roots, CR 118.3)


# -- abilities ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SpellAbility:
    """The effects an instant or sorcery spell has as it resolves (CR 113.3a).

    A modal spell (CR 700.2) has ``modes``, each a SpellAbility with its own targets, and
    its controller chooses between ``min_modes`` and ``max_modes`` of them."""

    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    text: str = ""
    modes: tuple["SpellAbility", ...] = ()
    min_modes: int = 1
    max_modes: int = 1
    implemented: bool = True      # False: a mode the engine can't do yet (refused if chosen)


@dataclass(frozen=True, slots=True)
class ActivatedAbility:
    """CR 602: "[Cost]: [Effect]." A mana ability (CR 605.1a) resolves at once."""

    cost: Cost
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    text: str = ""
    is_mana: bool = False
    sorcery_speed: bool = False
    condition: "Condition | None" = None   # "Activate only if ..." (a restriction, CR 602.5b)
    zone: str = ""                # "hand": it functions only while the card is in its owner's hand
                                  # (transmute, CR 702.53a); "": on the battlefield
    per_turn: int = 0             # "Activate only once each turn" 1, "no more than twice each turn" 2 (CR 602.5b)


@dataclass(frozen=True, slots=True)
class Trigger:
    """The trigger event of a triggered ability (CR 603.1), matched by ``effects.triggers``.

    Events about an object — "enters" (CR 603.6a), "leaves" (the battlefield, CR 603.6c),
    "dies", "attacks", "blocks", "becomes_blocked" (once per combat, CR 509.3c),
    "deals_damage", "deals_combat_damage", "combat_damage_player" — have ``whose`` "self"
    (this object) or "any" (any object matching ``filter``: "another creature you control"
    is ``{types: [Creature], controller: you, other: true}``). Leaves-the-battlefield
    events look back in time (CR 603.10a).

    Events about a player — "cast" (a spell matching ``filter``, CR 601.2i), "draw",
    "gain_life" (once per life-gain event, CR 119.9) — and the beginnings of steps —
    "upkeep", "draw_step", "beginning_of_combat", "end_step", "precombat_main" (CR 603.2b,
    505.1a) — have ``whose`` "you", "opponent" or "any" (whose spell, draw or turn it is).
    "cast" with ``whose`` "self" is "When you cast this spell", which triggers from the stack
    (CR 113.6k); "becomes_spell_target" (``whose`` "self") is "Whenever ~ becomes the target
    of a spell", the ability referring to that spell ("triggering"); "ward" (``whose`` "self")
    is ward's "Whenever this permanent becomes the target of a spell or ability an opponent
    controls" (CR 702.21a), the ability referring to that spell or ability.

    "state" (CR 603.8) triggers when the ability's ``condition`` becomes true; it doesn't
    trigger again while it is on the stack.

    "reflexive" (CR 603.12) is never matched: a resolving ability creates it when its action is
    taken (``DoAction``: "When you do, ...", exert, an "enter as a copy" choice).
    """

    event: str
    whose: str = "self"
    filter: Filter | None = None
    damaged_by_source: bool = False   # "a creature dealt damage by ~ this turn" (Sengir Vampire)


@dataclass(frozen=True, slots=True)
class Condition:
    """A condition (the intervening "if" of a triggered ability, CR 603.4, or a state
    trigger's, CR 603.8), from the point of view of the ability's controller.

    kind: "control" (the number of permanents you control matching ``filter``; ``other``
    leaves the source out), "battlefield" (all permanents matching ``filter``), "life"
    (your life total), "hand" / "graveyard" / "library" (the number of cards in that zone
    of yours), "kicked" (the source was kicked, CR 702.33d), "evoked" (the source's evoke cost
    was paid, CR 702.74a), "meld" (you own and control the
    source and a creature named as its meld partner, CR 701.42a), "attacked_with" (the number of
    creatures you attacked with this turn, CR 508.1), "opponent_more" (an opponent controls more
    permanents matching ``filter`` than you), "landfall" (a land entered the battlefield under
    your control this turn), "morbid" (a creature died this turn, CR 700.4), "revolt" (a permanent
    you controlled left the battlefield this turn), "echo_due" (the source came under your control
    since its echo was last checked, CR 702.30a), "main_phase" (it is your main phase: "if
    you cast this spell during your main phase", CR 505.1), "had_no_counters" (the source as it
    last existed had no counters of kind ``value``: persist and undying, CR 702.79a, 702.93a).
    The number must be at least
    ``at_least`` and at most ``at_most`` (None: no bound).

    Linked abilities (CR 607), for the source's record of ``link``: "chosen" (the last choice
    is ``value``: an anchor word, CR 607.2m; "kicked" with a ``value`` is "kicked with its
    ``value`` kicker", CR 607.2i), "linked" (the number of linked objects still there: "three or
    more cards exiled with ~"), "life_vs_noted" (your life total is at least the last noted one,
    CR 607.2e). An undefined choice or note makes the condition false (CR 607.5a)."""

    kind: str
    filter: Filter | None = None
    at_least: int | None = None
    at_most: int | None = None
    link: str = ""
    value: str = ""


@dataclass(frozen=True, slots=True)
class TriggeredAbility:
    trigger: Trigger
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    text: str = ""
    optional: bool = False        # "you may"
    condition: Condition | None = None   # intervening "if" (CR 603.4); a state trigger's state


@dataclass(frozen=True, slots=True)
class ExtraTriggers:
    """CR 603.2d: a triggered ability of a permanent whose controller is ``controller``
    ("you": this permanent's controller) triggers ``times`` additional times when its event
    is ``event`` happening to an object matching ``cause`` (Panharmonicon: an artifact or
    creature entering)."""

    event: str = "enters"
    cause: Filter | None = None
    controller: str = "you"
    times: int = 1
    text: str = ""


# -- continuous-effect modifications, by layer (CR 613.1) ---------------------------------
@dataclass(frozen=True, slots=True)
class SetController:
    """Layer 2 (CR 613.1b): the effect's controller (``player`` "you") controls the object."""

    player: str = "you"


@dataclass(frozen=True, slots=True)
class ChangeTypes:
    """Layer 4 (CR 613.1d). ``set_land_subtypes``: the land's subtypes become these basic land
    types, and it loses the abilities of its rules text (CR 305.7). ``set_types`` /
    ``set_subtypes`` replace (None: keep); ``add_*`` add ("in addition to its other types")."""

    add_types: frozenset[str] = frozenset()
    add_subtypes: frozenset[str] = frozenset()
    set_types: frozenset[str] | None = None
    set_subtypes: frozenset[str] | None = None
    set_land_subtypes: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class ChangeText:
    """Layer 3 (CR 612, 613.1c): in the object's rules text and type line, every instance of the
    word ``old`` used as a ``kind`` of word ("color", "land_type", "creature_type") becomes
    ``new`` (CR 612.2: never in a name); the abilities are those of the new text."""

    kind: str
    old: str
    new: str


@dataclass(frozen=True, slots=True)
class ChangeColors:
    """Layer 5 (CR 613.1e): set (None: keep) and/or add colors. ``pregame``: set to the color
    chosen for the card before the game for this link ("~ is the chosen color", CR 607.2p); no
    choice made, no change (CR 607.5a)."""

    set_colors: frozenset[str] | None = None
    add_colors: frozenset[str] = frozenset()
    pregame: str = ""


@dataclass(frozen=True, slots=True)
class ChangeAbilities:
    """Layer 6 (CR 613.1f): add keyword abilities, or remove all abilities / some keywords.
    ``add_triggered`` / ``add_activated``: abilities granted ("has 'Whenever this creature deals
    combat damage to a creature, exile that creature'"); ``activated_of``: "gains all activated
    abilities of" that object (its abilities as the effect began, kept in ``add_activated`` by the
    effect). Granted abilities are linked only among those granted together (CR 607.5), unless
    the object's own ability grants them (they count as printed on it, CR 607.1a)."""

    add_keywords: frozenset[str] = frozenset()
    remove_all: bool = False
    remove_keywords: frozenset[str] = frozenset()
    add_triggered: tuple["TriggeredAbility", ...] = ()
    add_activated: tuple["ActivatedAbility", ...] = ()


@dataclass(frozen=True, slots=True)
class SetPT:
    """Layer 7a for a characteristic-defining ability (CR 604.3), else 7b (CR 613.4b): base
    power and/or toughness become these values (None: unchanged). A Quantity with ``stat``
    and ``of`` = self reads the object's own value (Opalescence: its mana value)."""

    power: Quantity | None = None
    toughness: Quantity | None = None


@dataclass(frozen=True, slots=True)
class ModifyPT:
    """Layer 7c (CR 613.4c): +N/+N; with ``per``, +N/+N for each permanent matching it ("for
    each Forest you control": "you" is the effect's controller), counted as the effect applies
    (CR 611.3a), on the characteristics as layers 1-7b left them."""

    power: int = 0
    toughness: int = 0
    per: Filter | None = None


@dataclass(frozen=True, slots=True)
class SwitchPT:
    """Layer 7d (CR 613.4d): power and toughness switch."""


@dataclass(frozen=True, slots=True)
class CopyOf:
    """Layer 1a (CR 613.2a): the copiable values become ``values`` (a snapshot, CR 707.2b)."""

    values: Any


Modification = Union[CopyOf, SetController, ChangeText, ChangeTypes, ChangeColors, ChangeAbilities, SetPT, ModifyPT, SwitchPT]


@dataclass(frozen=True, slots=True)
class StaticAbility:
    """A static ability producing a continuous effect (CR 604, 611.3).

    affects: "enchanted", "equipped", "self", or "each" (the permanents matching ``filter``).
    ``power``/``toughness`` are a layer 7c modification and ``keywords`` a layer 6 grant;
    ``mods`` are further modifications in their layers. ``cda``: a characteristic-defining
    ability (CR 604.3), which applies in every zone and before other effects in its layer.
    ``condition``: the effect exists only while it holds for the controller (CR 611.3b:
    checked each time the effect would apply, against the characteristics as they stand).
    """

    affects: str
    power: int = 0
    toughness: int = 0
    keywords: frozenset[str] = frozenset()
    filter: Filter | None = None
    text: str = ""
    mods: tuple[Modification, ...] = ()
    cda: bool = False
    condition: Condition | None = None    # "as long as you control a Forest" (Kird Ape): applies only while true


Ability = Union[SpellAbility, ActivatedAbility, TriggeredAbility, StaticAbility]


@dataclass(frozen=True, slots=True)
class ReplacementAbility:
    """A replacement or prevention effect (CR 614, 615): "If [an event] would happen,
    [a modified event happens] instead." Carried out by ``effects.replacement``.

    A permanent's static ability (CR 614.1a, 614.1d; how it enters itself: CR 614.1c, 614.12),
    a spell's self-replacement effect (``self_replacement``: it modifies only the events of
    that spell's own instructions as it resolves, and applies before other effects, CR
    614.15, 616.1a), or the effect a resolved ``PreventDamage`` creates.

    ``event`` is what it watches: "damage" (a source would deal damage), "gain_life",
    "draw" (a player would draw a card), "counters" (counters would be put on a permanent
    or player), "tokens" (tokens would be created), "enters" (a permanent would enter the
    battlefield), "tapped_for_mana" (a permanent tapped for mana would produce mana, CR
    106.12b), "proliferate" (a player would proliferate, CR 701.34a), "life_reduced" (a
    player's life total would be reduced to 0 or less, by life loss or damage, CR 120.3a).

    Which of those events, all conditions given holding ("you" is its controller):
    ``who``: who gains the life, draws, or gets the tokens: "you", "opponent" ("" anyone);
    ``source``: what deals the damage ("a creature you control"; CR 609.7c);
    ``to``: what is dealt the damage, gets the counters or enters (``players``: players too;
    ``Filter(players=True, objects=False, controller="you")`` is you);
    ``itself``: that is this permanent itself ("~ enters tapped", CR 614.12);
    ``combat``: combat damage only; ``noncombat``: noncombat damage only;
    ``counter_kind``: counters of this kind only; ``to`` of a "tokens" effect: the tokens
    ("creature tokens"); ``source`` of a "tapped_for_mana" effect: the permanent tapped;
    ``except_first_draw``: not the first card you draw in each of your draw steps;
    ``condition``: only while it holds ("instead if you control three or more artifacts").

    What happens instead: the amount (damage, life, counters, tokens) times ``multiply``
    ("twice that much" 2) plus ``add`` ("that many plus one" 1), or ``amount`` itself
    ("deals 4 damage instead"); ``draw``: that many cards are drawn instead, each a new
    draw this effect doesn't replace again (CR 614.5, 614.11); ``prevent``: the damage is
    prevented (CR 615.1a); ``tapped``: it enters tapped (CR 614.1d); ``enters_counters``:
    it enters with ``amount`` counters of that kind (CR 614.1c, 122.6; X is the spell's,
    CR 107.3m); for "tapped_for_mana", each type of mana produced times ``multiply``; for
    "proliferate", ``multiply`` proliferations; for "life_reduced", ``transform``: this
    permanent transforms and the life total becomes ``amount`` (CR 119.5) — if it didn't
    transform, the player loses the game (Enduring Angel). ``also``: effects its controller
    performs in addition ("instead you draw two cards and you lose 1 life").

    "dies" (a permanent matching ``to`` would be put into a graveyard from the battlefield,
    CR 700.4) with ``exile``: it is exiled instead (Void Maw, CR 614.1a); with ``link``, the
    cards exiled this way are linked to the abilities of the source that read that link
    (CR 607.2b: "cards exiled with ~").
    """

    event: str
    who: str = ""
    source: Filter | None = None
    to: Filter | None = None
    itself: bool = False
    combat: bool = False
    counter_kind: str = ""
    except_first_draw: bool = False
    condition: Condition | None = None
    multiply: int = 1
    add: int = 0
    amount: Quantity | None = None
    draw: int = 0
    prevent: bool = False
    tapped: bool = False
    enters_counters: str = ""
    enters_keywords: frozenset[str] = frozenset()   # "it enters with ... counters on it and with trample"
    self_replacement: bool = False
    text: str = ""
    noncombat: bool = False
    transform: bool = False
    also: tuple[Effect, ...] = ()
    exile: bool = False
    link: str = ""
    from_itself: bool = False      # "damage that would be dealt by ~" (Fog Bank): this permanent is the source
    unless_life: int = 0           # "you may pay 2 life. If you don't, it enters tapped" (CR 614.12, 119.4)


@dataclass(frozen=True, slots=True)
class EntersAsCopy:
    """"You may have this permanent enter as a copy of ..." (CR 707.5, 614.1c): a
    replacement effect of the permanent itself, with the choice made as it enters.
    ``zone``: where the copied object is ("battlefield", or "graveyard" for Body Double)."""

    filter: Filter
    zone: str = "battlefield"
    exception: CopyException | None = None
    optional: bool = True
    when_you_do: tuple[Effect, ...] = ()   # "When you do, ...": a reflexive trigger linked to this ability
    when_you_do_text: str = ""             # (CR 603.12, 607.2h); {kind: remembered} is the copied object


@dataclass(frozen=True, slots=True)
class PlayerStatic:
    """A static ability that affects players (CR 604.1), while its source is on the battlefield
    and ``condition`` (from its controller's point of view) holds. ``who``: "you" (its
    controller), "opponents" or "each". ``grants``: "skip_untap", "skip_draw" (the player skips
    their untap or draw step, a replacement effect, CR 614.10), "hexproof" (CR 702.11c), "no_zero_life_loss" (the player doesn't
    lose the game for having 0 or less life, an exception to CR 704.5a), "damage_as_infect"
    (damage is dealt to the player as though its source had infect: poison counters instead
    of life loss, CR 702.90b)."""

    grants: frozenset[str]
    who: str = "you"
    condition: Condition | None = None
    text: str = ""


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
    count: int = 1
    optional: bool = False
    enters_counters: str = ""
    spells: Filter | None = None
    whose: str = "you"
    itself: bool = True
    text: str = ""
    any_number: bool = False    # "exile any number of ...": as many as announced (``count`` ignored)
    less_each: str = ""         # "This spell costs {2} less to cast for each card exiled this way" (CR 118.7)


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
    morph: str = ""                          # morph cost (CR 702.37a)
    megamorph: bool = False                  # the morph cost is a megamorph cost: a +1/+1 counter as it's
                                             # turned face up for it (CR 702.37b, 708.11)
    extra_triggers: tuple[ExtraTriggers, ...] = ()   # "triggers an additional time" (CR 603.2d)
    replacements: tuple[ReplacementAbility, ...] = ()   # replacement/prevention effects (CR 614, 615)
    enters_as_copy: EntersAsCopy | None = None          # "enter as a copy of" (CR 707.5)
    cost_changes: tuple[CostChange, ...] = ()           # cost increases and reductions (CR 601.2f)
    alternative_costs: tuple[AlternativeCost, ...] = () # alternative costs (CR 118.9)
    additional_costs: tuple[AdditionalCost, ...] = ()   # additional costs (CR 118.8)
    prototype: Prototype | None = None                  # prototype (CR 702.160, 718)
    splice: Splice | None = None                        # splice onto (CR 702.47)
    cast_restrictions: tuple[CastRestriction, ...] = () # "can't cast" statics (CR 601.2e)
    x_mana: str = ""                                    # "Spend only black mana on X": X is paid with this color
    player_statics: tuple[PlayerStatic, ...] = ()       # "You have hexproof" and the like (CR 604.1)
    cast_timing: str = ""                    # "before_combat_damage": "Cast this spell only before the
                                             # combat damage step" (CR 601.3)
    as_enters: tuple[Effect, ...] = ()       # "As ~ enters, choose / note / pay ..." (CR 614.12, 614.1c):
                                             # done as it enters, before anything sees it (CR 607.2d-g)
    play_from: tuple[PlayFrom, ...] = ()     # "You may play cards exiled with ~" (CR 601.3, 607.2a)
    class_levels: tuple[ClassLevel, ...] = ()   # a Class's level bars (CR 716.2): abilities by level
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
