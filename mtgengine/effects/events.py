"""Typed game events: what "would happen" (for replacement effects, CR 614) and what happened
(for triggered abilities, CR 603.2).

Events are values, never changed once built (``dataclasses.replace`` makes a changed copy):
clones of a game share them. They are declared ``unsafe_hash`` rather than ``frozen``, which
gives the same equality and hash, because a frozen dataclass's ``__init__`` sets each field
through ``object.__setattr__``, several times slower, and thousands are built per game."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..core.enums import Zone


@dataclass(slots=True, unsafe_hash=True)
class ZoneChange:
    """An object moves (CR 400.7); ``new_id`` is set once it has moved."""

    oid: int
    from_zone: Zone
    to_zone: Zone
    to_player: int            # whose zone it goes to (the owner, CR 400.3)
    cause: str = ""           # "destroy", "dies", "sba", "cast", "resolve", "counter", "draw"...
    new_id: int = 0
    top: bool = True          # library: top or bottom
    lki: Any = None           # characteristics just before it left (CR 603.10)
    # Entering the battlefield, as replacement effects modify it (CR 614.1c-d, 614.12):
    tapped: bool = False                        # it enters tapped
    counters: tuple[tuple[str, int], ...] = ()  # it enters with these counters (CR 122.6)
    keywords: frozenset[str] = frozenset()      # "... and with trample" (Kavu Titan, CR 614.1c)
    controller: int | None = None               # under whose control it enters
    linked: tuple[int, str] = (0, "")           # (source, link): a replacement effect exiles it "with" the
                                                # source, for the source's linked abilities (CR 607.2b)


@dataclass(slots=True, unsafe_hash=True)
class DamageEvent:
    source: int
    target: int               # object id or player ref (negative)
    amount: int
    combat: bool = False


@dataclass(slots=True, unsafe_hash=True)
class LifeEvent:
    player: int
    amount: int               # positive: gain; negative: loss
    origin: int = 0           # the resolving spell whose instruction it is (self-replacement, CR 614.15)
    damage: bool = False      # a loss caused by damage (CR 120.3a)


@dataclass(slots=True, unsafe_hash=True)
class ManaEvent:
    """Mana would be added to ``player``'s pool (CR 106.3), or was: ``mana`` the symbols, from
    ``source`` (0: none), ``tapped`` when a mana ability with {T} in its cost of that permanent
    produces it ("tapped for mana", CR 106.12)."""

    player: int
    mana: tuple[str, ...]
    source: int = 0
    tapped: bool = False


@dataclass(slots=True, unsafe_hash=True)
class ProliferateEvent:
    """A player would proliferate ``count`` times (CR 701.34a)."""

    player: int
    count: int = 1


@dataclass(slots=True, unsafe_hash=True)
class CountersEvent:
    oid: int                  # object id or player ref
    kind: str
    amount: int
    origin: int = 0           # the resolving spell whose instruction it is (CR 614.15)
    before: int = 0           # once put: how many of that kind it had before (a Saga's chapters, CR 714.2b)


@dataclass(slots=True, unsafe_hash=True)
class LastCounterRemoved:
    """The last counter of ``kind`` was removed from a permanent: "When the last time counter is
    removed from this permanent" (vanishing, CR 702.63a)."""

    oid: int
    kind: str


@dataclass(slots=True, unsafe_hash=True)
class LevelEvent:
    """A Class's level became ``level`` (CR 716.2a): "When this Class becomes level N"."""

    oid: int
    level: int


@dataclass(slots=True, unsafe_hash=True)
class DrawEvent:
    """A player would draw a card, or drew one. Replaced by "draw N cards instead", it stands
    for ``count`` new draws that the effects in ``applied`` don't replace again (CR 614.5,
    614.11a)."""

    player: int
    count: int = 1
    first_in_step: bool = False   # the first card the active player draws in their draw step
    applied: frozenset[str] = frozenset()
    origin: int = 0               # the resolving spell whose instruction it is (CR 614.15)
    card: int = 0                 # once drawn: the card, and which card the player drew this turn
    nth: int = 0                  # (1: "the first card you draw each turn", Rowen, miracle)


@dataclass(slots=True, unsafe_hash=True)
class TokensEvent:
    """An effect would create ``count`` tokens of ``definition`` under ``controller``'s
    control (CR 111.1): one event for all of them, so "twice that many" applies once (CR 614.16)."""

    controller: int
    definition: Any           # a vocabulary CreateToken
    count: int
    origin: int = 0           # the resolving spell whose instruction it is (CR 614.15)


@dataclass(slots=True, unsafe_hash=True)
class ResolvedReplacement:
    """A replacement or prevention effect created by a resolved spell or ability (CR 615.3,
    615.7), kept in ``GameState.replacement_effects`` until the turn ``turn`` ends.

    ``affected``: the one permanent or player it protects (0: whatever ``ability`` says);
    ``remaining``: what is left of a prevention shield (CR 615.7; -1: not a shield);
    ``unpreventable``: instead of an effect, the record that damage can't be prevented this
    turn (CR 615.12)."""

    key: int                  # a timestamp: its identity (CR 614.5)
    ability: Any              # a vocabulary ReplacementAbility
    controller: int
    source_name: str
    turn: int
    affected: int = 0
    remaining: int = -1
    unpreventable: bool = False
    from_source: int = 0      # only damage from this chosen source (CR 609.7a)
    once: bool = False        # "the next time ... would deal damage": used up once it prevents some
    no_life_gain: bool = False  # instead of an effect: "Players can't gain life this turn" (CR 119.7)


@dataclass(slots=True, unsafe_hash=True)
class TargetedEvent:
    """An object became the target of a spell or ability (CR 115.1, for "becomes the target")."""

    oid: int
    by: int         # the spell, or the ability on the stack, that targets it
    first: bool = False     # the first time this turn it became the target of a spell or ability
    first_by: bool = False  # the first time this turn by one its controller controls (valiant)


@dataclass(slots=True, unsafe_hash=True)
class CastEvent:
    """A spell became cast (CR 601.2i): the ``nth`` spell cast this turn, by any player (storm);
    the ``own_nth`` its caster cast this turn ("your second spell each turn")."""

    oid: int
    player: int
    nth: int = 0
    own_nth: int = 0


@dataclass(slots=True, unsafe_hash=True)
class ActivateEvent:
    """CR 602.2: ``player`` activated an ability; ``oid`` is the ability on the stack."""

    oid: int
    player: int


@dataclass(slots=True, unsafe_hash=True)
class TapEvent:
    """A permanent becomes tapped or untapped (CR 701.26a-b), for "whenever ~ becomes tapped /
    untapped" (entering tapped isn't becoming tapped)."""

    oid: int
    tapped: bool


@dataclass(slots=True, unsafe_hash=True)
class DesignatedEvent:
    """A permanent becomes ``designation`` ("monstrous", CR 701.37b; "renowned", CR 702.112b),
    for "When ~ becomes monstrous"."""

    oid: int
    designation: str


@dataclass(slots=True, unsafe_hash=True)
class FaceUpEvent:
    """A face-down permanent is turned face up (CR 708.8), for "when ~ is turned face up" and
    "whenever a permanent is turned face up" (CR 702.37e: the special action doesn't use the
    stack, the abilities it triggers do)."""

    oid: int


@dataclass(slots=True, unsafe_hash=True)
class AttackEvent:
    oid: int


@dataclass(slots=True, unsafe_hash=True)
class BlockEvent:
    """CR 509.1: ``blocker`` blocks ``attacker`` (one event per pair)."""

    blocker: int
    attacker: int


@dataclass(slots=True, unsafe_hash=True)
class UnlockEvent:
    """A Room permanent is given the unlocked designation of its half ``half`` (0 left, 1 right),
    as it enters or later (CR 709.5d-f), for "when you unlock this door" (CR 709.5h)."""

    oid: int
    half: int


__all__ = ["ZoneChange", "UnlockEvent", "DamageEvent", "LifeEvent", "ManaEvent", "ProliferateEvent", "CountersEvent", "LevelEvent", "DrawEvent", "TokensEvent",
           "ResolvedReplacement", "CastEvent", "FaceUpEvent", "AttackEvent", "BlockEvent", "DesignatedEvent",
           "replace"]
