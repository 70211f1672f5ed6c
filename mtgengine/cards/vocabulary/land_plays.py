"""One-shot effects about the lands a player may play (CR 305.2): "You may play an additional
land this turn." (Explore), "You may play up to three additional lands this turn." (Summer Bloom);
"Target player can't play lands this turn." (Solfatara).

Part of the card vocabulary (``cards.vocabulary``). Resolved by ``effects.land_plays``."""
from __future__ import annotations

from dataclasses import dataclass

from .targets import Ref


@dataclass(frozen=True, slots=True)
class AdditionalLandPlays:
    """CR 305.2, 305.2a: ``who`` may play ``count`` more lands this turn than they otherwise
    could (the effect lasts until the turn ends)."""

    who: Ref
    count: int = 1


@dataclass(frozen=True, slots=True)
class CantPlayLands:
    """CR 305.2b: ``who`` can't play lands for the rest of the turn (whatever the number they
    could otherwise play)."""

    who: Ref
