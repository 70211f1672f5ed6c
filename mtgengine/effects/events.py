"""Typed game events: what "would happen" (for replacement effects, CR 614) and what happened
(for triggered abilities, CR 603.2)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..core.enums import Zone


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class DamageEvent:
    source: int
    target: int               # object id or player ref (negative)
    amount: int
    combat: bool = False


@dataclass(frozen=True, slots=True)
class LifeEvent:
    player: int
    amount: int               # positive: gain; negative: loss


@dataclass(frozen=True, slots=True)
class CountersEvent:
    oid: int                  # object id or player ref
    kind: str
    amount: int


@dataclass(frozen=True, slots=True)
class DrawEvent:
    player: int


@dataclass(frozen=True, slots=True)
class CastEvent:
    oid: int
    player: int


@dataclass(frozen=True, slots=True)
class AttackEvent:
    oid: int


__all__ = ["ZoneChange", "DamageEvent", "LifeEvent", "CountersEvent", "DrawEvent", "CastEvent",
           "AttackEvent", "replace"]
