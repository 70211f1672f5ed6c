"""Errors the engine raises. Each carries a message meant for the user, naming the cause."""
from __future__ import annotations


class MtgError(Exception):
    """Base of the engine's errors."""


class IllegalActionError(MtgError):
    """An action the rules forbid (CR 601.2, 602.2, 305, 508, 509). The game state is unchanged."""


class NotImplementedCardError(IllegalActionError):
    """A card ability the engine does not implement yet: refused, never silently blank."""


class DeckError(MtgError):
    """A malformed or unknown line in a deck list."""


class GameStateError(MtgError):
    """A saved game or setup that cannot be loaded."""
