"""Deck lists as players export them: MTG Arena, MTGO (``.txt`` and ``.dek``), Forge (``.dck``),
Moxfield, Archidekt and lists typed by hand.

    >>> deck = parse_deck("Deck\\n4 Lightning Bolt (M10) 146\\n2x forest\\n\\nSideboard\\n1 Shock")
    >>> deck.main
    ['Lightning Bolt', 'Lightning Bolt', 'Lightning Bolt', 'Lightning Bolt', 'Forest', 'Forest']
    >>> deck.sideboard
    ['Shock']
    >>> parse_deck("4 Mountain\\n\\n2 Shock").sideboard      # MTGO: the sideboard after a blank line
    ['Shock', 'Shock']

The format is read from the content (:func:`detect_format`; a file's extension is a hint):

- **text** (Arena, MTGO ``.txt``, Moxfield, Archidekt, by hand): one card a line, a count, an
  optional ``x``, the name, then what a site adds and the engine ignores (it plays Oracle cards,
  not printings): a set code in parentheses and a collector number (``(M10) 146``), foil and
  other markers (``*F*``, ``*E*``), Moxfield tags (``#Removal``), Archidekt categories and tags
  (``[Ramp]``, ``[Commander{top}]``, ``^Have,#37d67a^``) and Forge's ``|M19|1``. ``SB: 2 Duress``
  is a sideboard card. The headers ``Deck``, ``Sideboard``, ``Commander``, ``Companion`` and
  ``Maybeboard`` (with or without a colon or a count: ``SIDEBOARD:``, ``Sideboard (15)``) switch
  the section the next lines go to; any other line without a count that is not a card's name
  (``Creatures (20)``, ``Ramp``) is a category header of the main deck. Archidekt's category
  ``Sideboard``, ``Commander`` or ``Maybeboard`` (or any with ``{noDeck}``) puts its card there.
  A list with no header at all, as MTGO and older Arena versions export it, is the main deck,
  a blank line, then the sideboard; such a list split into three groups or more by blank lines
  is refused rather than guessed at. Lines starting with ``//`` or ``#`` are comments.
- **forge** (``.dck``): ``[metadata]`` (``Name=...``), ``[Main]``, ``[Sideboard]``, ``[Commander]``
  sections of ``4 Mountain|M19`` or ``4 Mountain|M19|1`` lines; the sections of other game types
  (``[Planes]``, ``[Schemes]``...) are left out with a note.
- **mtgo-dek** (``.dek``): MTGO's XML, ``<Cards Quantity="4" Sideboard="false" Name="..."/>``,
  read by the standard library's expat with no document type, entity or external reference
  allowed (a ``.dek`` has none; refusing them shuts out entity expansion and file inclusion).

Maybeboard cards are not part of the deck (:attr:`Deck.notes` says how many were left out).
Names are resolved through the card database, so the returned names are its spellings
("lightning bolt" gives "Lightning Bolt", a face name the whole card). A bad line raises
:class:`DeckError` naming the source, the line number, the line and the cause, because a deck
list is typed by people and a plain "unknown card" is no help. A list is bounded
(:data:`MAX_DECK_CARDS` cards, :data:`MAX_LINE_CHARS` characters a line, :data:`MAX_FILE_BYTES` a
file): a count of a billion or a pasted megabyte is refused with the cap it breaks, and a
message quotes at most a short excerpt of the line.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers import expat

from .cards.database import UnknownCardError, card_db
from .core.errors import DeckError, quote

#: The benchmark deck shared with the phase.rs peer benchmark (its "mini" deck; benchmarks/README.md).
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

#: The most cards a deck list may hold, all sections together (a Commander deck has 100; a
#: game starts by putting every card into a library, so a count of a billion would exhaust
#: the memory before the game could refuse it).
MAX_DECK_CARDS = 10_000
#: The longest line a deck list may have (the longest card name has 141 characters).
MAX_LINE_CHARS = 300
#: The largest deck list file read, in bytes (a 10,000-card list of long names is ~1 MB).
MAX_FILE_BYTES = 4_000_000

#: The formats :func:`parse_deck` reads (``text`` covers Arena, MTGO .txt, Moxfield, Archidekt).
FORMATS = ("text", "forge", "mtgo-dek")

#: Section headers of text lists (lower case, without a colon or a count) and where they lead.
#: "maybe": cards considered for the deck, not in it.
_TEXT_SECTIONS = {
    "deck": "main", "main": "main", "maindeck": "main", "main deck": "main", "mainboard": "main",
    "sideboard": "sideboard", "side": "sideboard", "side board": "sideboard",
    "commander": "commander", "commanders": "commander", "companion": "companion",
    "maybeboard": "maybe", "maybe": "maybe", "considering": "maybe",
}
#: Forge's sections; those of other game types (planes, schemes, ...) are left out.
_FORGE_SECTIONS = {"main": "main", "sideboard": "sideboard", "commander": "commander"}
_FORGE_OTHER = ("planes", "schemes", "conspiracy", "avatar", "dungeon", "attractions", "contraptions")

#: ``4 Name...``, ``4x Name...``, ``4 x Name``.
_COUNT_LINE = re.compile(r"^(?P<count>\d+)\s*[xX]?\s+(?P<rest>\S.*)$")
#: What sites write after a name, stripped from the end of a line in this order.
_ARCHIDEKT_TAGS = re.compile(r"\s*\^[^^]*\^\s*$")                 # ^Have,#37d67a^
_ARCHIDEKT_CATEGORIES = re.compile(r"\s*\[(?P<cats>[^\[\]]*)\]\s*$")  # [Ramp,Commander{top}]
_MARKERS = re.compile(r"(?:\s+\*[A-Za-z]+\*)+\s*$")                 # *F* *E* *CMDR*
#: ``(M10) 146``: a set code must look like one (no spaces), so names with parentheses, such as
#: "B.F.M. (Big Furry Monster)", survive (and a name is tried whole if the shorter one is none).
_PRINTING = re.compile(r"\s+\((?P<set>[A-Za-z0-9]{2,6})\)(?:\s+[^\s*]+)?\s*$")
_HEADER_COUNT = re.compile(r"\s*\(\d+\)\s*$")                      # "Creatures (20)"
_SB_PREFIX = re.compile(r"^SB:\s*", re.IGNORECASE)
_X_COUNT = re.compile(r"^\d+\s*[xX]\s")
#: The labels of text lists, the most telling first (``Deck.format``).
_SITES = ("archidekt", "moxfield", "mtgo", "arena")


@dataclass(slots=True)
class UnknownCard:
    """A line whose name is no card (read with ``collect_unknown=True``)."""

    line: int
    text: str
    name: str
    count: int
    section: str
    suggestions: list[str]


@dataclass(slots=True)
class Deck:
    """A parsed deck list; each list holds one name per card (a count of 4 gives 4 names)."""

    main: list[str] = field(default_factory=list)
    sideboard: list[str] = field(default_factory=list)
    commander: list[str] = field(default_factory=list)
    companion: list[str] = field(default_factory=list)
    #: The deck's name where the file gives one (Forge's ``Name=``, Arena's ``About`` / ``Name``).
    name: str | None = None
    #: What the list looks like: "forge", "mtgo-dek", or for text what its lines tell ("arena",
    #: "mtgo", "moxfield", "archidekt"; "text" when nothing does).
    format: str = "text"
    #: What the reader decided that the list did not say outright (a blank-line sideboard,
    #: maybeboard cards left out), for ``mtg deck`` to show.
    notes: list[str] = field(default_factory=list)
    #: Lines naming no card, when read with ``collect_unknown=True`` (else the first raises).
    unknown: list[UnknownCard] = field(default_factory=list)


@dataclass(slots=True)
class _Entry:
    """One card line as read: where it goes, before its name is looked up."""

    line: int
    text: str
    count: int
    name: str
    section: str          # main, sideboard, commander, companion, maybe
    whole: str = ""       # the name with a parenthesized part the reader took for a printing


def detect_format(text: str, hint: str = "") -> str:
    """The format of ``text`` (one of :data:`FORMATS`): XML is MTGO's ``.dek``, a ``[Main]``-style
    section line Forge's ``.dck``, anything else text. ``hint``, a file name or extension, decides
    only for a ``.dck`` file whose sections are missing (Forge's card lines are read either way)."""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("<"):
        return "mtgo-dek"
    for raw in text.splitlines():
        line = raw.strip().lower()
        if line.startswith("[") and line.endswith("]") and (
                line[1:-1] in _FORGE_SECTIONS or line[1:-1] in _FORGE_OTHER or line[1:-1] == "metadata"):
            return "forge"
    return "forge" if hint.lower().endswith(".dck") else "text"


def parse_deck(text: str, source: str = "<deck>", *, hint: str = "", collect_unknown: bool = False) -> Deck:
    """The deck in ``text``; ``source`` names it in error messages (usually the file name), ``hint``
    is the file name whose extension helps :func:`detect_format`. With ``collect_unknown`` a card
    name that is no card is listed in :attr:`Deck.unknown` instead of raising (``mtg deck``)."""
    if len(text) > MAX_FILE_BYTES:
        raise DeckError(f"{source}: a deck list has at most {MAX_FILE_BYTES:,} characters, "
                        f"this one has {len(text):,}")
    fmt = detect_format(text, hint or source)
    deck = Deck(format=fmt)
    if fmt == "mtgo-dek":
        entries = list(_read_dek(text, source))
    else:
        lines = text.splitlines()
        for number, raw in enumerate(lines, start=1):
            if len(raw.strip()) > MAX_LINE_CHARS:
                raise _line_error(source, number, raw.strip(), f"a line has at most {MAX_LINE_CHARS} "
                                                               f"characters, this one has {len(raw.strip()):,}")
        entries = list(_read_forge(lines, source, deck) if fmt == "forge" else _read_text(lines, source, deck))
    _resolve(entries, deck, source, collect_unknown)
    if not deck.main and not deck.unknown:
        raise DeckError(f"{source}: the deck list has no main-deck cards")
    return deck


def load_deck(path: str | Path, *, collect_unknown: bool = False) -> Deck:
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
    return parse_deck(text, source=str(path), hint=str(path), collect_unknown=collect_unknown)


# -- looking the names up ----------------------------------------------------------------------
def _resolve(entries: list[_Entry], deck: Deck, source: str, collect_unknown: bool) -> None:
    """Puts each entry's card into its section, within the card cap (checked again here for the
    readers that count nothing themselves)."""
    db = card_db()
    sections = {"main": deck.main, "sideboard": deck.sideboard, "commander": deck.commander,
                "companion": deck.companion}
    total = 0
    left_out = 0
    for entry in entries:
        if entry.count < 1:
            raise _line_error(source, entry.line, entry.text, "the count must be at least 1")
        total += entry.count
        if total > MAX_DECK_CARDS:
            raise _line_error(source, entry.line, entry.text, f"a deck list holds at most {MAX_DECK_CARDS:,} "
                                                              f"cards (with this line: {total:,})")
        card = db.find(entry.name) or (db.find(entry.whole) if entry.whole else None)
        if card is None:
            try:
                db.get(entry.name)
            except UnknownCardError as exc:
                if not collect_unknown:
                    raise _line_error(source, entry.line, entry.text, str(exc)) from None
                deck.unknown.append(UnknownCard(entry.line, entry.text, entry.name, entry.count,
                                                entry.section, exc.suggestions))
            continue
        if entry.section == "maybe":
            left_out += entry.count
            continue
        sections[entry.section].extend([card.name] * entry.count)
    if left_out:
        deck.notes.append(f"{left_out} maybeboard card(s) left out: they are not part of the deck")


def _line_error(source: str, number: int, line: str, cause: str) -> DeckError:
    return DeckError(f"{source}, line {number} ({quote(line)}): {cause}")


def _count(source: str, number: int, text: str, digits: str) -> int:
    if len(digits) > 6:         # (int() of a million digits is slow; no count is that long)
        raise _line_error(source, number, text, f"a deck list holds at most {MAX_DECK_CARDS:,} cards")
    return int(digits)


# -- text: Arena, MTGO .txt, Moxfield, Archidekt, by hand --------------------------------------
def _header(line: str) -> str | None:
    """The section a header line switches to ("category": a category of the main deck), or None
    for a line that is no header. ``Sideboard``, ``SIDEBOARD:``, ``Sideboard (15)``."""
    word = _HEADER_COUNT.sub("", line.rstrip(":").strip()).rstrip(":").strip().lower()
    return _TEXT_SECTIONS.get(word)


def _split_card_text(rest: str) -> tuple[str, str, list[str]]:
    """(name, the name with a parenthesized tail kept, Archidekt categories) of a line's text
    after its count: what sites append is stripped from the end."""
    rest = _ARCHIDEKT_TAGS.sub("", rest)
    categories: list[str] = []
    match = _ARCHIDEKT_CATEGORIES.search(rest)
    if match:
        categories = [c.strip() for c in match["cats"].split(",") if c.strip()]
        rest = rest[:match.start()]
    rest = rest.split("|", 1)[0]                    # Forge's Name|SET|art
    if " #" in rest:                                # Moxfield's tags (no card name has a '#')
        rest = rest.split(" #", 1)[0]
    rest = _MARKERS.sub("", rest).strip()
    printing = _PRINTING.search(rest)
    if printing:
        return rest[:printing.start()].strip(), rest, categories
    return rest, "", categories


def _category_section(categories: list[str]) -> str | None:
    """Where Archidekt's categories put a card: its Commander, Sideboard or Maybeboard category (or
    one flagged ``{noDeck}``: not in the deck), else None (the current section)."""
    for category in categories:
        base = category.split("{", 1)[0].strip().lower()
        if base in ("commander", "sideboard", "companion"):
            return base
        if base == "maybeboard" or "{nodeck}" in category.lower():
            return "maybe"
    return None


def _read_text(lines: list[str], source: str, deck: Deck) -> Iterator[_Entry]:
    db = card_db()
    section = "main"
    labeled = False               # a header, SB: line or comment: the list says where cards go
    blocks: list[list[_Entry]] = [[]]
    sites: set[str] = set()
    about = False
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line:
            if blocks[-1]:
                blocks.append([])
            continue
        if line.startswith(("//", "#")):
            labeled = True
            comment = _header(line.lstrip("/#").strip())
            if comment is not None:     # "// Sideboard"
                section = comment
            continue
        if about:
            if line.lower().startswith("name "):
                deck.name = line[5:].strip()
                continue
            about = False
        if line.lower() == "about":     # Arena: "About" then "Name <the deck's name>"
            about = labeled = True
            continue
        header = _header(line)
        if header is not None:
            section, labeled = header, True
            if line.lower().rstrip(":") in ("deck", "commander", "companion", "sideboard"):
                sites.add("arena" if not line.endswith(":") else "moxfield")
            continue
        target = section
        sb = _SB_PREFIX.match(line)
        if sb:
            target, labeled = "sideboard", True
            line = line[sb.end():]
        match = _COUNT_LINE.match(line)
        if match is None:
            if _COUNT_LINE.match(line + " ") is None and not line[0].isdigit() and db.find(line) is None:
                section, labeled = "main", True         # a category header: "Creatures (20)", "Ramp"
                continue
            raise _line_error(source, number, raw.strip(), "expected '<count> <card name>', such as '4 Lightning Bolt'")
        name, whole, categories = _split_card_text(match["rest"])
        if not name:
            raise _line_error(source, number, raw.strip(), "expected '<count> <card name>', such as '4 Lightning Bolt'")
        if categories:
            labeled = True
            sites.add("archidekt")
            target = _category_section(categories) or target
        if _X_COUNT.match(line):
            sites.add("moxfield")
        if "*" in match["rest"] or " #" in match["rest"]:
            sites.add("moxfield")
        entry = _Entry(number, raw.strip(), _count(source, number, raw.strip(), match["count"]), name, target, whole)
        blocks[-1].append(entry)
    groups = [block for block in blocks if block]
    if not labeled and len(groups) == 2:
        # MTGO's .txt export (and older Arena ones): the main deck, a blank line, the sideboard
        for entry in groups[1]:
            entry.section = "sideboard"
        deck.notes.append(f"the cards after the blank line (from line {groups[1][0].line}) are the sideboard, "
                          "as MTGO exports it; a 'Deck' line at the top keeps them in the main deck")
        sites.add("mtgo")
    elif not labeled and len(groups) > 2:
        first = groups[2][0]
        raise _line_error(source, first.line, first.text,
                          f"blank lines split this list into {len(groups)} groups, and a list without headers "
                          "is the main deck, a blank line, then the sideboard (as MTGO exports it): write "
                          "'Sideboard' before the sideboard, or 'Deck' at the top to keep every group in the "
                          "main deck")
    deck.format = next((site for site in _SITES if site in sites), "text")
    for block in groups:
        yield from block


# -- Forge .dck -------------------------------------------------------------------------------
def _read_forge(lines: list[str], source: str, deck: Deck) -> Iterator[_Entry]:
    section: str | None = None
    skipped: dict[str, int] = {}
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        if line.startswith("[") and line.endswith("]"):
            name = line[1:-1].strip().lower()
            if name in _FORGE_SECTIONS or name == "metadata" or name in _FORGE_OTHER:
                section = name
                continue
            raise _line_error(source, number, line, "unknown Forge section; expected [metadata], [Main], "
                                                    "[Sideboard] or [Commander]")
        if section == "metadata":
            key, sep, value = line.partition("=")
            if not sep:
                raise _line_error(source, number, line, "a [metadata] line is 'Key=Value', such as 'Name=Burn'")
            if key.strip().lower() == "name":
                deck.name = value.strip()
            continue
        match = _COUNT_LINE.match(line)
        if match is None:
            raise _line_error(source, number, line, "expected '<count> <card name>', such as '4 Mountain|M19'")
        if section is None:
            section = "main"    # (a .dck file without sections: its lines are the main deck)
        count = _count(source, number, line, match["count"])
        if section in _FORGE_OTHER:
            skipped[section] = skipped.get(section, 0) + count
            continue
        name = match["rest"].split("|", 1)[0].strip()
        if not name:
            raise _line_error(source, number, line, "expected '<count> <card name>', such as '4 Mountain|M19'")
        yield _Entry(number, line, count, name, _FORGE_SECTIONS[section])
    for name, count in skipped.items():
        deck.notes.append(f"[{name.title()}]: {count} card(s) left out: this engine plays no such game type")


# -- MTGO .dek (XML) --------------------------------------------------------------------------
def _read_dek(text: str, source: str) -> Iterator[_Entry]:
    """The ``Cards`` elements of an MTGO ``.dek`` file, read with expat: no DTD, entity or
    external reference is allowed, so nothing expands and no other file is read."""
    entries: list[_Entry] = []
    depth = 0
    total = 0
    parser = expat.ParserCreate()
    body = text.lstrip("\ufeff \t\r\n")           # (a declaration must open the document)
    offset = text[:len(text) - len(body)].count("\n")

    def where() -> int:
        return parser.CurrentLineNumber + offset

    def refuse(*_args: object) -> None:
        raise DeckError(f"{source}, line {where()}: an MTGO .dek file has no document type or entities; "
                        "this one declares one, which is not read")

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal depth, total
        depth += 1
        if depth == 1 and tag != "Deck":
            raise DeckError(f"{source}, line {where()}: expected an MTGO deck (<Deck>), found <{quote(tag)[1:-1]}>")
        if tag != "Cards":
            return
        line = where()
        shown = "<Cards " + " ".join(f'{k}="{v}"' for k, v in attrs.items()) + "/>"
        name = attrs.get("Name", "").strip()
        if not name or len(name) > MAX_LINE_CHARS:
            raise _line_error(source, line, shown, "a <Cards> element needs a Name of at most "
                                                   f"{MAX_LINE_CHARS} characters")
        quantity = attrs.get("Quantity", "").strip()
        if not quantity.isdigit():
            raise _line_error(source, line, shown, f"Quantity must be a whole number, got {quote(quantity)}")
        count = _count(source, line, shown, quantity)
        total += count
        if total > MAX_DECK_CARDS:
            raise _line_error(source, line, shown, f"a deck list holds at most {MAX_DECK_CARDS:,} cards "
                                                   f"(with this line: {total:,})")
        side = attrs.get("Sideboard", "false").strip().lower()
        if side not in ("true", "false"):
            raise _line_error(source, line, shown, f"Sideboard is 'true' or 'false', got {quote(side)}")
        entries.append(_Entry(line, shown, count, name, "sideboard" if side == "true" else "main"))

    def end(_tag: str) -> None:
        nonlocal depth
        depth -= 1

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        parser.Parse(body, True)
    except expat.ExpatError as exc:
        raise DeckError(f"{source}, line {exc.lineno + offset}: not a readable MTGO .dek file: "
                        f"{expat.ErrorString(exc.code)}") from None
    yield from entries
