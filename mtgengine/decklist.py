"""Deck lists in the usual text form, as MTG Arena, Moxfield and most sites export them.

    >>> deck = parse_deck("Deck\\n4 Lightning Bolt (M10) 146\\n2x forest\\n\\nSideboard\\n1 Shock")
    >>> deck.main
    ['Lightning Bolt', 'Lightning Bolt', 'Lightning Bolt', 'Lightning Bolt', 'Forest', 'Forest']
    >>> deck.sideboard
    ['Shock']

One card per line: a count, an optional ``x``, the card name, then optionally a set code in
parentheses, a collector number and foil markers such as ``*F*``, which are ignored (the
engine plays Oracle cards, not printings). Blank lines and lines starting with ``//`` or
``#`` are skipped. The Arena section headers ``Deck``, ``Sideboard``, ``Commander`` and
``Companion`` switch the section that the next lines go to; lines before any header are
main deck. Names are resolved through the card database, so the returned names are its
spellings ("lightning bolt" gives "Lightning Bolt", a face name gives the whole card).
A bad line raises :class:`DeckError` naming the source, the line number, the line and the
cause, because a deck list is typed by people and a plain "unknown card" is no help.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .cards.database import UnknownCardError, card_db
from .core.errors import DeckError

#: The benchmark deck shared with the phase.rs peer benchmark (/work/shared/bench/README.md).
REFERENCE_DECK: tuple[str, ...] = (
    ("Forest",) * 12
    + ("Mountain",) * 12
    + ("Grizzly Bears",) * 8
    + ("Llanowar Elves",) * 6
    + ("Hill Giant",) * 4
    + ("Lightning Bolt",) * 6
    + ("Shock",) * 4
    + ("Giant Growth",) * 8
)

_SECTIONS = ("deck", "sideboard", "commander", "companion")

#: ``4 Name``, ``4x Name``, ``4 Name (SET) 123 *F*``. The set code must look like one (no
#: spaces), so names that contain parentheses, such as "B.F.M. (Big Furry Monster)", survive.
_CARD_LINE = re.compile(
    r"""^(?P<count>\d+)[xX]?\s+
        (?P<name>\S.*?)
        (?:\s+\([A-Za-z0-9]{2,6}\)(?:\s+[^\s*]+)?)?
        (?:\s+\*[A-Za-z]+\*)*
        \s*$""",
    re.VERBOSE,
)


@dataclass(slots=True)
class Deck:
    """A parsed deck list; each list holds one name per card (a count of 4 gives 4 names)."""

    main: list[str] = field(default_factory=list)
    sideboard: list[str] = field(default_factory=list)
    commander: list[str] = field(default_factory=list)
    companion: list[str] = field(default_factory=list)


def parse_deck(text: str, source: str = "<deck>") -> Deck:
    """The deck in ``text``; ``source`` names it in error messages (usually the file name)."""
    deck = Deck()
    sections = {"deck": deck.main, "sideboard": deck.sideboard,
                "commander": deck.commander, "companion": deck.companion}
    current = deck.main
    db = card_db()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("//", "#")):
            continue
        header = line.rstrip(":").strip().lower()
        if header in _SECTIONS:
            current = sections[header]
            continue
        match = _CARD_LINE.match(line)
        if match is None:
            raise _line_error(source, number, line, "expected '<count> <card name>', such as '4 Lightning Bolt'")
        count = int(match["count"])
        if count < 1:
            raise _line_error(source, number, line, "the count must be at least 1")
        try:
            card = db.get(match["name"])
        except UnknownCardError as exc:
            raise _line_error(source, number, line, str(exc)) from None
        current.extend([card.name] * count)
    if not deck.main:
        raise DeckError(f"{source}: the deck list has no main-deck cards")
    return deck


def load_deck(path: str | Path) -> Deck:
    """The deck list in the file at ``path``; an unreadable file is a DeckError too."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")  # -sig: editors on Windows add a BOM
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise DeckError(f"{path}: cannot read the deck list: {reason}") from None
    return parse_deck(text, source=str(path))


def _line_error(source: str, number: int, line: str, cause: str) -> DeckError:
    return DeckError(f"{source}, line {number} ({line!r}): {cause}")
