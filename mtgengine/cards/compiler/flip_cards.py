"""Flip cards (CR 710): "flip ~" / "flip it", the instruction a flip card's upper half gives.

The alternative characteristics are the card's second face (``cards.database``); a flipped
permanent has them (CR 710.2, ``effects.layers``).
"""
from __future__ import annotations

from .clause import effect_rule
from .targets import Parse
from .text import SpanMatch
from ..vocabulary import Effect, Flip, SELF


@effect_rule(r"flip (?:~|it)")
def _flip_self(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Flip Bushi Tenderfoot", "flip it" (its own ability: the source, CR 710.2)."""
    return [Flip(SELF)]
