"""Filters, targets, references and quantities: what an ability's words point at (CR 115, 109).

Part of the card vocabulary (``cards.vocabulary``); annotations name any of its classes
(``cards.definitions`` resolves them in the whole vocabulary)."""
from __future__ import annotations

from dataclasses import dataclass


# -- filters and targets ----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Filter:
    """Which objects or players qualify: "nonblack creature an opponent controls" etc."""

    types: frozenset[str] = frozenset()        # any of these card types (empty: any)
    all_types: frozenset[str] = frozenset()    # and every one of these ("artifact creature": Artifact here)
    not_types: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()       # any of these colors
    not_colors: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    not_subtypes: frozenset[str] = frozenset()     # "non-Aura"
    supertypes: frozenset[str] = frozenset()
    not_supertypes: frozenset[str] = frozenset()   # "nonbasic", "nonlegendary"
    keywords: frozenset[str] = frozenset()     # has any of these keywords
    not_keywords: frozenset[str] = frozenset()
    controller: str | None = None              # "you" / "opponent" / "defending" (the player the source
                                               # attacks, or the controller of what it attacks, CR 506.2)
    players: bool = False                      # players qualify too ("any target")
    objects: bool = True                       # objects qualify
    spells: bool = False                       # looks at the stack (spells) instead of permanents
    abilities: str = ""                        # objects on the stack of these kinds, "|"-joined: "triggered",
                                               # "activated", "spell" ("activated|triggered", CR 113.1b)
    other: bool = False                        # "other": not the source itself
    tapped: bool | None = None
    attacking: bool | None = None
    in_combat: bool | None = None              # "attacking or blocking"
    shares_color: bool = False                 # "that shares a color with it": the source (a spell: the spell)
    blocked: bool | None = None                # False: "unblocked" (an attacking creature no creature
                                               # blocked once blockers were declared, CR 509.1h)
    power_max: int | None = None               # "with power N or less"
    power_min: int | None = None
    power_max_source: bool = False             # "with power less than or equal to ~'s power" (now)
    power_below_source: bool = False           # "with power less than this creature's power" (mentor, CR 702.134a)
    controller_controls: str = ""              # "whose controller controls an Island": a subtype
    mana_value_max: int | None = None
    mana_value_min: int | None = None          # "with mana value N or greater" (CR 202.3; a spell's X counts, 202.3e)
    mana_value_is: Compare | None = None       # "with mana value X or less": a number known as the effect
                                               # resolves (bound by ``effects.resolve`` to the two above)
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
    historic: bool = False                     # "historic": legendary, an artifact or a Saga (CR 700.6)
    counter: str = ""                          # "with a +1/+1 counter on it": has a counter of that kind;
                                               # "any": "with a counter on it" (CR 122.1)


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
    that target player ``index`` controls: "all creatures target player controls"),
    "target_graveyard" (every card, matching ``filter`` if given, in the graveyard of target
    player ``index``: "exile target player's graveyard"), "all_graveyards" (every card, matching
    ``filter`` if given, in every graveyard: "exile all graveyards"), "triggering" (the object the trigger refers to:
    the creature that entered, died or attacked, the spell cast, CR 603.2), "moved" (the new
    object target ``index`` became when this resolution moved it, CR 400.7: "return that
    card"), "moved_self" (the new object the source became when this resolution moved it: "exile
    this Saga, then return it", CR 400.7), "created" (the tokens this resolution created: "attach this to it"),
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
    # Other stats: "counters:KIND" (the number of KIND counters on ``of``), "blockers_beyond_first"
    # (the creatures blocking ``of`` beyond the first: rampage, CR 702.23a); "last_counters:KIND" (the
    # KIND counters on the source as it last existed: modular, CR 702.43a); "devoured" (of an
    # entering permanent's "enters with" counters: the creatures sacrificed to its devour, CR 702.82a,
    # times ``scale``); with ``of`` None,
    # of the player the effect acts on: "life", "half_life" (half their life, rounded up,
    # CR 107.1a), "life_lost_this_turn" (Wound Reflection).
    link: str = ""                   # linked abilities (CR 607): stat "chosen" (the last number chosen or
                                     # noted, or the life paid, for ``link``; none: 0 and nothing, CR 607.5a),
                                     # "linked_mana_value" (the sum over the linked objects, CR 607.3),
                                     # "linked_count" (the linked objects matching ``per``)
    scale: int = 1                   # the stat counts this many times ("7 minus that number": -1)


@dataclass(frozen=True, slots=True)
class Compare:
    """A number compared with a count known only as an effect resolves: "with mana value X or
    less" (``op`` "<="), "with mana value X" ("="), "X or greater" (">="); ``to`` is the count
    (X: the resolving spell's or ability's, CR 107.3)."""

    op: str
    to: Quantity


def n(value: int) -> Quantity:
    return Quantity(fixed=value)
