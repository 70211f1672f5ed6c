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
cause, because a deck list is typed by people and a plain "unknown card" is no help. A list
is bounded (:data:`MAX_DECK_CARDS` cards, :data:`MAX_LINE_CHARS` characters a line,
:data:`MAX_FILE_BYTES` a file): a count of a billion or a pasted megabyte is refused with
the cap it breaks, and a message quotes at most a short excerpt of the line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .cards.database import UnknownCardError, card_db
from .core.errors import DeckError, quote

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

#: The most cards a deck list may hold, all sections together (a Commander deck has 100; a
#: game starts by putting every card into a library, so a count of a billion would exhaust
#: the memory before the game could refuse it).
MAX_DECK_CARDS = 10_000
#: The longest line a deck list may have (the longest card name has 141 characters).
MAX_LINE_CHARS = 300
#: The largest deck list file read, in bytes (a 10,000-card list of long names is ~1 MB).
MAX_FILE_BYTES = 4_000_000

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
    if len(text) > MAX_FILE_BYTES:
        raise DeckError(f"{source}: a deck list has at most {MAX_FILE_BYTES:,} characters, "
                        f"this one has {len(text):,}")
    total = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if len(line) > MAX_LINE_CHARS:
            raise _line_error(source, number, line, f"a line has at most {MAX_LINE_CHARS} characters, "
                                                    f"this one has {len(line):,}")
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
        total += count
        if total > MAX_DECK_CARDS:
            raise _line_error(source, number, line, f"a deck list holds at most {MAX_DECK_CARDS:,} cards "
                                                    f"(with this line: {total:,})")
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
        with open(path, "rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)    # (a device or pipe may never end)
    except OSError as exc:
        raise DeckError(f"{path}: cannot read the deck list: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise DeckError(f"{path}: a deck list file has at most {MAX_FILE_BYTES:,} bytes")
    try:
        text = data.decode("utf-8-sig")             # -sig: editors on Windows add a BOM
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DeckError(f"{path}, line {line}: cannot read the deck list: not UTF-8 text "
                        f"(byte {data[exc.start]:#04x} at offset {exc.start})") from None
    return parse_deck(text, source=str(path))


def _line_error(source: str, number: int, line: str, cause: str) -> DeckError:
    return DeckError(f"{source}, line {number} ({quote(line)}): {cause}")
