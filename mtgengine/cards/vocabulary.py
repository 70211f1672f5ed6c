"""The typed vocabulary card abilities are written in (ARCHITECTURE principle 7).

Definitions are frozen dataclasses: filters, targets, quantities, effects, costs, and the
four kinds of abilities (CR 113.3): spell, activated, triggered and static. Keyword
abilities are kept by name (CR 702). Card text compiles to these (see ``cards.oracle``);
the effects interpreter is ``effects.resolve``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union


# -- filters and targets ----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Filter:
    """Which objects or players qualify: "nonblack creature an opponent controls" etc."""

    types: frozenset[str] = frozenset()        # any of these card types (empty: any)
    not_types: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()       # any of these colors
    not_colors: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()     # has any of these keywords
    not_keywords: frozenset[str] = frozenset()
    controller: str | None = None              # "you" / "opponent"
    players: bool = False                      # players qualify too ("any target")
    objects: bool = True                       # objects qualify
    spells: bool = False                       # looks at the stack (spells) instead of permanents
    other: bool = False                        # "other": not the source itself
    tapped: bool | None = None
    attacking: bool | None = None
    in_combat: bool | None = None              # "attacking or blocking"
    power_max: int | None = None               # "with power N or less"
    power_min: int | None = None
    mana_value_max: int | None = None
    zone: str = ""                             # "graveyard": cards in graveyards (CR 115.2; "controller" is then
                                               # the owner: "from your graveyard"); "": permanents or spells


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
    its last known controller, CR 608.2h), "triggering" (the object the trigger refers to).
    """

    kind: str
    index: int = 0
    filter: Filter | None = None


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


def n(value: int) -> Quantity:
    return Quantity(fixed=value)


# -- effects ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DealDamage:
    """CR 120: the source deals damage. ``divided``: the amount is divided among the targets
    of ``to``'s target phrase as announced while casting (CR 601.2d)."""

    amount: Quantity
    to: Ref
    divided: bool = False


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
    """CR 701.8."""

    what: Ref


@dataclass(frozen=True, slots=True)
class Exile:
    """CR 701.13 (move to exile)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class ReturnToHand:
    """Return to its owner's hand."""

    what: Ref


@dataclass(frozen=True, slots=True)
class CounterSpell:
    """CR 701.6: counter a spell or ability. ``unless_pays``: "unless its controller pays
    {N}" (CR 118.12a): that player may pay this mana cost ("{X}": the resolving spell's X)."""

    what: Ref
    unless_pays: str = ""


@dataclass(frozen=True, slots=True)
class Pump:
    """+N/+N (CR 613.4c) and keyword grants (layer 6), until end of turn unless permanent."""

    what: Ref
    power: int = 0
    toughness: int = 0
    keywords: frozenset[str] = frozenset()
    until_end_of_turn: bool = True
    x_sign: int = 0                  # +X/+0 style: sign of X added to power and toughness


@dataclass(frozen=True, slots=True)
class TapUntap:
    what: Ref
    tap: bool = True


@dataclass(frozen=True, slots=True)
class AddMana:
    """CR 106: add mana. ``choice`` lists alternatives ("{R} or {G}", any color)."""

    mana: tuple[str, ...] = ()                 # fixed symbols added together
    choice: tuple[str, ...] = ()               # add one of these
    amount: int = 1


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


@dataclass(frozen=True, slots=True)
class Discard:
    who: Ref
    amount: Quantity


@dataclass(frozen=True, slots=True)
class Mill:
    who: Ref
    amount: Quantity


@dataclass(frozen=True, slots=True)
class DamageCantBePrevented:
    """CR 615.12: damage can't be prevented this turn."""


@dataclass(frozen=True, slots=True)
class Scry:
    """CR 701.22a: look at the top N cards, put any number on the bottom and the rest on top,
    each group in any order."""

    who: Ref
    amount: Quantity


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


@dataclass(frozen=True, slots=True)
class ReturnToBattlefield:
    """Put a card (e.g. from a graveyard) onto the battlefield; it enters under the control of
    the player the effect instructs, the effect's controller (CR 110.2a)."""

    what: Ref
    tapped: bool = False


@dataclass(frozen=True, slots=True)
class IfKicked:
    """CR 702.33e: "If this spell was kicked, ..." — ``effects`` if kicked, else ``otherwise``."""

    effects: tuple["Effect", ...]
    otherwise: tuple["Effect", ...] = ()


Effect = Union[
    DealDamage, Draw, GainLife, LoseLife, Destroy, Exile, ReturnToHand, CounterSpell, Pump,
    TapUntap, AddMana, PutCounters, CreateToken, Discard, Mill, IfKicked, DamageCantBePrevented,
    Scry, Fight, Sacrifice, Search, ReturnToBattlefield,
]


# -- costs --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Cost:
    """An activation cost (CR 602.1a, 118): mana and other parts."""

    mana: str = ""             # a mana cost string, "" for none
    tap: bool = False          # {T}
    sacrifice_self: bool = False
    pay_life: int = 0


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


@dataclass(frozen=True, slots=True)
class Trigger:
    """The trigger condition of a triggered ability (CR 603.1).

    event: "enters" (CR 603.6a), "dies", "upkeep", "end_step", "attacks", "cast",
    "deals_combat_damage_to_player", "gain_life" (whose "you": its controller gains life,
    once per life-gain event, CR 119.9).
    """

    event: str
    whose: str = "self"           # "self": this object; "you"/"any" for step triggers and others
    filter: Filter | None = None


@dataclass(frozen=True, slots=True)
class TriggeredAbility:
    trigger: Trigger
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    text: str = ""
    optional: bool = False        # "you may"


@dataclass(frozen=True, slots=True)
class StaticAbility:
    """A static ability producing a continuous effect (CR 604, 611.3).

    affects: "enchanted", "equipped" or "each" (with ``filter``); modifies P/T in layer 7c
    and grants keywords in layer 6.
    """

    affects: str
    power: int = 0
    toughness: int = 0
    keywords: frozenset[str] = frozenset()
    filter: Filter | None = None
    text: str = ""


Ability = Union[SpellAbility, ActivatedAbility, TriggeredAbility, StaticAbility]


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

    @property
    def implemented(self) -> bool:
        return not self.unimplemented
