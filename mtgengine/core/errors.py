"""Errors the engine raises. Each carries a message meant for the user, naming the cause."""
from __future__ import annotations

import reprlib
from typing import Any


class MtgError(Exception):
    """Base of the engine's errors."""


class IllegalActionError(MtgError):
    """An action the rules forbid (CR 601.2, 602.2, 305, 508, 509). The game state is unchanged."""


class NotImplementedCardError(IllegalActionError):
    """A card ability the engine does not implement yet: refused, never silently blank."""


class DeckError(MtgError):
    """A malformed or unknown line in a deck list, or decks a game can't start with."""


class GameStateError(MtgError):
    """A saved game or setup that cannot be loaded."""


#: How much of a user's text an error message quotes: enough to find it, never a whole file.
QUOTE_LIMIT = 60

_SHORT = reprlib.Repr()
_SHORT.maxlevel = 2
_SHORT.maxstring = QUOTE_LIMIT
_SHORT.maxother = QUOTE_LIMIT
_SHORT.maxlong = 40
for _kind in ("maxlist", "maxtuple", "maxdict", "maxset", "maxfrozenset", "maxdeque", "maxarray"):
    setattr(_SHORT, _kind, 5)


def quote(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut short: a long text keeps its beginning and
    says how long it is (``'aaaa…' (1400000 characters)``); a big or nested value (a YAML
    alias bomb) is shown a few items and levels deep. Bounded in time and length whatever
    the value, unlike ``repr``."""
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}… ({len(value)} characters)"
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() <= 128:
            return repr(value)
        return f"a number of {value.bit_length()} bits"
    text = _SHORT.repr(value)
    return text if len(text) <= 3 * limit else text[:3 * limit] + "…"
