"""One-shot effects that give players designations (CR 724, 725) and move their venture
marker (CR 701.49, 309).

Part of the card vocabulary (``cards.vocabulary``). Resolved by
``effects.resolutions.designations``."""
from __future__ import annotations

from dataclasses import dataclass

from .targets import Ref


@dataclass(frozen=True, slots=True)
class BecomeMonarch:
    """CR 724.1, 724.3: ``who`` becomes the monarch (the current monarch ceases to be)."""

    who: Ref


@dataclass(frozen=True, slots=True)
class BecomeDayNight:
    """CR 730.1: "it becomes day" / "it becomes night", a designation of the game
    (``which``: "day" or "night")."""

    which: str


@dataclass(frozen=True, slots=True)
class IncreaseSpeed:
    """CR 702.179c-d: ``who``'s speed increases by ``amount`` (from none, it becomes ``amount``),
    never above 4 (max speed, 702.179e). Resolved by ``effects.speed``."""

    who: Ref
    amount: int = 1


@dataclass(frozen=True, slots=True)
class TakeInitiative:
    """CR 725.1, 725.3, 725.5: ``who`` takes the initiative, which triggers "that player ventures
    into Undercity" even if they had it already."""

    who: Ref


@dataclass(frozen=True, slots=True)
class Venture:
    """CR 701.49a-d: ``who`` ventures into the dungeon; ``into`` names the dungeon a new one must be
    ("Undercity", CR 701.49d), empty for any."""

    who: Ref
    into: str = ""
