"""The card database: Oracle characteristics of every card, looked up by name.

The data ships with the package as ``mtgengine/data/cards.jsonl.gz`` (made by
``tools/build_card_data.py``), one JSON object per card. Turning all 33,000
records into CardData takes over a second, so the database keeps the raw
lines, builds only a name index at load time (about 0.25 s) and turns a line
into a :class:`CardData` the first time that card is asked for.

The shipped file is a series of gzip members of 256 cards each (still one gzip
file to any reader), listed by ``data/card_blocks.json``: a card asked for by its exact full
name (a deck list's) is read from its member alone, so ``mtg simulate`` reads a few
thousandths of the data, and the whole data and its name index are loaded only when a lookup
needs them (a face name, a Japanese name, a misspelling, the list of names).
"""

from __future__ import annotations

import difflib
import gzip
import json
import os
import re
import unicodedata
import zlib
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from operator import itemgetter
from pathlib import Path
from typing import Any

from mtgengine.core.mana import ManaCost, format_colors

# --- type lines ---------------------------------------------------------------

#: CR 205.4a supertypes, plus Elite and Host, which only Un-set and
#: nontraditional cards print.
SUPERTYPES = frozenset({"Basic", "Legendary", "Ongoing", "Snow", "World", "Elite", "Host"})
#: CR 300.1 card types.
CARD_TYPES = frozenset(
    {
        "Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment",
        "Instant", "Kindred", "Land", "Phenomenon", "Plane", "Planeswalker",
        "Scheme", "Sorcery", "Vanguard",
    }
)
#: Old cards printed with the obsolete "Tribal" type have Oracle errata to
#: Kindred (CR 308.3); some data lines still say Tribal.
_TYPE_ALIASES = {"Tribal": "Kindred"}
#: CR 205.3m: the only creature type longer than one word.
_TWO_WORD_CREATURE_TYPES = frozenset({("Time", "Lord")})
_EM_DASH = "—"


def parse_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Split one face's type line into (supertypes, card types, subtypes).

    Follows CR 205: supertypes and card types before the long dash, subtypes
    after it (CR 205.3b: one word each, except the creature type "Time Lord"
    and planar types, which are the whole text after the dash). Some spoiler
    lines write "--" for the dash or omit it ("Creature Human Soldier"); a
    word after a card type that is neither a supertype nor a type is then
    taken as a subtype. Words before any card type that are neither (Un-set
    jokes such as "Summon" or "Scariest", and "Token") are dropped; the raw
    line stays available on the Face.
    """
    head, _, tail = type_line.replace(" -- ", f" {_EM_DASH} ").partition(_EM_DASH)
    supertypes: list[str] = []
    types: list[str] = []
    subtypes: list[str] = []
    for word in head.split():
        word = word[:1].upper() + word[1:]
        word = _TYPE_ALIASES.get(word, word)
        if word in SUPERTYPES:
            supertypes.append(word)
        elif word in CARD_TYPES:
            types.append(word)
        elif types:
            subtypes.append(word)
    tail = tail.strip()
    if tail and "Plane" in types:
        subtypes.append(tail)
    elif tail:
        words = tail.split()
        i = 0
        while i < len(words):
            if tuple(words[i : i + 2]) in _TWO_WORD_CREATURE_TYPES:
                subtypes.append(" ".join(words[i : i + 2]))
                i += 2
            else:
                subtypes.append(words[i])
                i += 1
    return tuple(supertypes), tuple(types), tuple(subtypes)


# --- card records -------------------------------------------------------------

#: Layouts whose card is a split card (CR 709): rooms are split cards with a
#: shared type line (CR 709.5) and aftermath is an ability of split cards
#: (CR 702.127a).
SPLIT_LAYOUTS = frozenset({"split", "aftermath", "room"})
#: Flags of cards that are not part of ordinary Magic; such a card loses to an
#: ordinary one when both answer to the same name.
_UNORDINARY_FLAGS = frozenset({"funny", "digital_only"})


@dataclass(frozen=True, slots=True)
class Face:
    """One set of printed characteristics: a whole normal card, or one face or
    half of a multi-face card (CR 709-720)."""

    name: str
    name_ja: str | None
    #: None means the face has no mana cost (CR 202.1b), unlike "{0}".
    mana_cost: ManaCost | None
    type_line: str
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    oracle_text: str
    power: str | None
    toughness: str | None
    loyalty: str | None
    #: A battle's defense (CR 310.4), from the corrections tools/build_card_data.py applies
    #: (the Oracle records have none); None for any other face.
    defense: str | None
    color_indicator: tuple[str, ...] | None
    #: WUBRG-ordered colors from the mana cost (CR 202.2) and the color
    #: indicator (CR 204.2). Color-setting abilities such as devoid
    #: (CR 702.114a) are left to the rules engine.
    colors: tuple[str, ...]

    def mana_value(self, x: int = 0) -> int:
        """Mana value of this face's own cost; 0 with no cost (CR 202.3a)."""
        return self.mana_cost.mana_value(x) if self.mana_cost is not None else 0


@dataclass(frozen=True, slots=True)
class CardData:
    """A card's Oracle characteristics (CR 108.1); ``faces`` is never empty."""

    name: str
    name_ja: str | None
    layout: str
    faces: tuple[Face, ...]
    flags: tuple[str, ...] = ()
    #: {"role": "part", "result": ...} on a meld pair card, {"role": "result"}
    #: on the melded back face, which the data stores as a card of its own.
    meld: Mapping[str, Any] | None = field(default=None, hash=False)
    #: Scryfall's oracle id of the card (the same for all its printings), where the data has one:
    #: the MTGJSON records do, the later spoiler records don't (NOTICE).
    oracle_id: str | None = None

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> CardData:
        """Build a card from one record of the card data file."""
        return _card_from_record(record)

    @property
    def front(self) -> Face:
        return self.faces[0]

    @property
    def is_split(self) -> bool:
        return self.layout in SPLIT_LAYOUTS

    def face(self, name: str) -> Face:
        """The face called ``name`` (compared like database lookups)."""
        for f in self.faces:
            if f.name == name:
                return f
        key = normalize_name(name)
        for f in self.faces:
            if normalize_name(f.name) == key:
                return f
        raise KeyError(f"{self.name!r} has no face named {name!r}")

    @property
    def mana_cost(self) -> ManaCost | None:
        """The card's mana cost in zones other than the stack.

        A split card's is the combined cost of its halves (CR 709.4b); every
        other card has only its front face / normal characteristics there
        (CR 710.2 flip, 712.8a double-faced, 715.4 adventurer, 718.4
        prototype, 720.4 omen).
        """
        if not self.is_split:
            return self.front.mana_cost
        costs = [f.mana_cost for f in self.faces if f.mana_cost is not None]
        if not costs:
            return None
        return ManaCost(tuple(s for c in costs for s in c.symbols))

    def mana_value(self) -> int:
        """Mana value in any zone but the stack, where X is 0 (CR 202.3e).

        Fire // Ice is 4 (CR 709.4b); a card with no mana cost is 0
        (CR 202.3a). A melded permanent's value (CR 202.3c) depends on its
        two cards and is left to the rules engine.
        """
        cost = self.mana_cost
        return cost.mana_value() if cost is not None else 0

    def face_mana_value(self, face: Face, x: int = 0) -> int:
        """Mana value of an object with ``face``'s characteristics.

        The back face of a nonmodal double-faced card uses its front face's
        mana cost (CR 202.3b, 712.8e); other faces use their own.
        """
        if self.layout == "transform" and face is not self.front:
            return self.front.mana_value(x)
        return face.mana_value(x)

    @property
    def colors(self) -> tuple[str, ...]:
        """Colors outside the stack: both halves' for a split card (CR 709.4b)."""
        if not self.is_split:
            return self.front.colors
        return format_colors(c for f in self.faces for c in f.colors)

    @property
    def types(self) -> tuple[str, ...]:
        """Card types outside the stack: a split card has each half's (CR 709.4c)."""
        if not self.is_split:
            return self.front.types
        return tuple(dict.fromkeys(t for f in self.faces for t in f.types))


def _parse_mana_cost(text: str | None) -> ManaCost | None:
    # The data omits the field for a face with no mana cost; treat an empty
    # string the same way, since a real cost of nothing is printed "{0}".
    return ManaCost.parse(text) if text else None


def _build_face(
    raw: Mapping[str, Any],
    *,
    card_colors: Sequence[str],
    multi_face: bool,
    mana_cost: ManaCost | None,
) -> Face:
    supertypes, types, subtypes = parse_type_line(raw["type_line"])
    # An imported face (mtgengine.cards.importer) states its color indicator,
    # an empty list for none, and that is used as is.
    # The shipped data has no color indicator field (CR 204), only card-level colors,
    # which for a multi-face card are the union of all its faces' colors. A
    # face without a mana cost gets those colors as its color indicator, which
    # is exact for single-faced cards (Ancestral Vision and Evermind are blue,
    # Dryad Arbor is green; a plain land has no colors so stays colorless) and
    # for back faces sharing their front's colors (Insectile Aberration is
    # blue). It over-colors a back face whose colors differ from its front's
    # (Homicidal Brute, back of the blue Civilized Scholar, is only red): the
    # data cannot tell those apart. A land face of a multi-face card (Emeria,
    # Shattered Skyclave; the Pathways) never has an indicator: colorless.
    color_indicator: tuple[str, ...] | None = None
    if "color_indicator" in raw:
        color_indicator = format_colors(raw["color_indicator"]) or None
    elif mana_cost is None and card_colors and not (multi_face and "Land" in types):
        color_indicator = format_colors(card_colors)
    colors = set(mana_cost.colors) if mana_cost is not None else set()
    colors.update(color_indicator or ())
    return Face(
        name=raw["name"],
        name_ja=raw.get("name_ja"),
        mana_cost=mana_cost,
        type_line=raw["type_line"],
        supertypes=supertypes,
        types=types,
        subtypes=subtypes,
        oracle_text=raw.get("oracle_text") or "",
        power=raw.get("power"),
        toughness=raw.get("toughness"),
        loyalty=raw.get("loyalty"),
        defense=raw.get("defense"),
        color_indicator=color_indicator,
        colors=format_colors(colors),
    )


def _card_from_record(record: Mapping[str, Any]) -> CardData:
    card_colors = record.get("colors") or ()
    raw_faces = record.get("faces") or [record]
    multi_face = len(raw_faces) > 1
    front_cost = _parse_mana_cost(raw_faces[0].get("mana_cost"))
    faces = []
    for i, raw in enumerate(raw_faces):
        cost = front_cost if i == 0 else _parse_mana_cost(raw.get("mana_cost"))
        if record["layout"] == "flip" and i > 0:
            # CR 710.1c: a flipped permanent keeps the card's mana cost and color.
            cost = front_cost
        faces.append(_build_face(raw, card_colors=card_colors, multi_face=multi_face, mana_cost=cost))
    return CardData(
        name=record["name"],
        name_ja=record.get("name_ja"),
        layout=record["layout"],
        faces=tuple(faces),
        flags=tuple(record.get("flags") or ()),
        meld=record.get("meld"),
        oracle_id=record.get("oracle_id"),
    )


# --- names ----------------------------------------------------------------------

#: ASCII bytes a name key drops: everything but letters, digits and "/".
_ASCII_DROPPED = bytes(c for c in range(128) if not (chr(c).isalnum() or chr(c) == "/"))
_NON_WORD = re.compile(r"[^\w/]+|_")
_SLASHES = re.compile(r"/+")
#: Latin letters that may carry accents (Latin-1, Extended-A/B, Additional).
_ACCENTABLE = re.compile("[\u00c0-\u024f\u1e00-\u1eff]")
_COMBINING_ACCENTS = re.compile("[\u0300-\u036f]+")
_LIGATURES = str.maketrans({"æ": "ae", "ø": "o", "œ": "oe", "ł": "l", "đ": "d", "þ": "th"})


def normalize_name(text: str) -> str:
    """The lookup key of a name: what remains when spelling details go.

    Case, Latin accents (é→e, û→u, æ→ae), full-/half-width forms (NFKC),
    spaces and punctuation are dropped, so "lim-dul's vault", "Lim-Dûl's
    Vault" and "LIMDULS VAULT" share a key. Slashes survive as "//" so the
    halves of "Fire // Ice" stay apart. Only the combining accents of the
    U+0300 block are stripped: Japanese voiced marks (ド vs ト) are kept.
    """
    if text.isascii():
        # Byte-level fast path: most names are ASCII, and this runs for
        # every name when the normalized index is built.
        text = text.encode().translate(None, _ASCII_DROPPED).lower().decode()
    else:
        text = unicodedata.normalize("NFKC", text).casefold()
        if _ACCENTABLE.search(text):
            decomposed = _COMBINING_ACCENTS.sub("", unicodedata.normalize("NFD", text))
            text = unicodedata.normalize("NFC", decomposed).translate(_LIGATURES)
        text = _NON_WORD.sub("", text)
    return _SLASHES.sub("//", text) if "/" in text else text


class UnknownCardError(KeyError):
    """No card answers to a name; carries close names to suggest."""

    def __init__(self, name: str, suggestions: Sequence[str] = ()) -> None:
        super().__init__(name)
        self.name = name
        self.suggestions = list(suggestions)

    def __str__(self) -> str:
        hint = f" (did you mean: {', '.join(self.suggestions)}?)" if self.suggestions else ""
        return f"unknown card name {self.name!r}{hint}"


#: Name fields of a data line: the card's full name first (the line starts
#: with it), then face names and Japanese names. Matching them with one regex
#: is three times faster than json.loads on every line.
_NAME_FIELD = re.compile(rb'"name(_ja)?":\s*"([^"\\]*(?:\\.[^"\\]*)*)"')
_LINE_START = re.compile(rb'\{\s*"name":')

#: name -> indices (in file order) of the cards answering to it
_Index = dict[str, list[int]]


def _decode(value: bytes) -> str:
    """The text of a JSON string's raw bytes (quotes excluded)."""
    return json.loads(b'"' + value + b'"') if b"\\" in value else value.decode()


def _add(index: _Index, key: str, card: int) -> None:
    indices = index.get(key)
    if indices is None:
        index[key] = [card]
    elif indices[-1] != card:
        indices.append(card)


class CardDB:
    """Cards by name; see :meth:`find` for what a name may be."""

    def __init__(self, lines: Sequence[bytes], index: Mapping[str, Any] | None = None) -> None:
        """Index ``lines``, one JSON card record each, starting with "name" (``index``: the
        same index prebuilt by :func:`name_index`, read from the shipped file)."""
        self._cards: list[CardData | None] = [None] * len(lines)
        self._blocks: _Blocks | None = None
        self._index(lines, index)
        self._normalized: tuple[_Index, ...] | None = None
        self._display: dict[str, str] = {}
        self._buckets: dict[str, list[str]] | None = None
        self._japanese: dict[str, str] | None = None

    def _index(self, lines: Sequence[bytes], index: Mapping[str, Any] | None) -> None:
        self._lines = lines
        if index is None:
            index = name_index(lines)
        self._full_names: list[str] = index["full_names"]
        # Exact spellings by tier, most preferred first: full names, face
        # names, Japanese names (of the card or of a face).
        self._exact: tuple[_Index, ...] = (index["full"], index["faces"], index["japanese"])

    @classmethod
    def _from_blocks(cls, blocks: _Blocks) -> CardDB:
        """The shipped data, read block by block until a lookup needs all of it (``_loaded``)."""
        db = cls.__new__(cls)
        db._cards = [None] * blocks.lines[-1]
        db._blocks = blocks
        db._normalized = None
        db._display = {}
        db._buckets = None
        db._japanese = None
        return db

    def _loaded(self) -> CardDB:
        """The database with all its lines and name index (read now if only blocks were)."""
        blocks = self._blocks
        if blocks is not None:
            self._index(_data_lines(blocks.data), _shipped_index(blocks.data))
            self._blocks = None
        return self

    @classmethod
    def load(cls, path: Path | None = None, overlay: Path | None = None) -> CardDB:
        """Load a gzipped card data file, by default the one shipped in the package.

        Cards of an ``overlay`` file (same format; a missing file is ignored)
        add to those of ``path`` or replace every card of the same full name.
        """
        if path is None:
            data = resources.files("mtgengine").joinpath("data/cards.jsonl.gz").read_bytes()
        else:
            data = path.read_bytes()
        if overlay is None or not overlay.is_file():
            blocks = _shipped_blocks(data) if path is None else None
            if blocks is not None:
                return cls._from_blocks(blocks)
            return cls(_data_lines(data), _shipped_index(data) if path is None else None)
        lines = _data_lines(data)
        try:
            return cls(_merge_overlay(lines, _data_lines(overlay.read_bytes())))
        except (OSError, EOFError, zlib.error, ValueError) as exc:
            raise ValueError(f"{overlay}: not a usable card overlay ({exc}); import it again or delete it") from exc

    def __len__(self) -> int:
        """Number of card records (Un-set variants sharing a name count apart)."""
        return len(self._cards)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.find(name) is not None

    def names(self) -> list[str]:
        """Sorted distinct full names."""
        return sorted(set(self._loaded()._full_names))

    def names_flagged(self, flag: str) -> list[str]:
        """Sorted distinct full names whose card (the one :meth:`get` finds) carries ``flag``,
        such as ``text_approx_xmage`` (rules text rebuilt from XMage): what a report says of them."""
        db = self._loaded()
        needle = json.dumps(flag).encode()
        candidates = {_full_name(line).decode() for line in db._lines if needle in line and b'"flags"' in line}
        return sorted(name for name in candidates if flag in self.get(name).flags)

    def get(self, name: str) -> CardData:
        """The card called ``name``; raises UnknownCardError with suggestions."""
        card = self.find(name)
        if card is None:
            raise UnknownCardError(name, self.suggest(name))
        return card

    def find(self, name: str) -> CardData | None:
        """The card called ``name``, or None.

        ``name`` may be the full English name ("Fire // Ice"), a face's name
        ("Ice", "Insectile Aberration") or a Japanese card or face name
        ("灰色熊"). The exact spelling is tried first, then the normalized one
        (see normalize_name); at each step a full name beats a face name,
        which beats a Japanese name. If several cards still answer (the face
        "Fire" of Fire // Ice and of the Un-set Start // Fire, or the six Un-set
        "Sly Spy"), an ordinary card beats a funny or digital-only one, then
        the first in name order wins.
        """
        indices = self._lookup(name)
        if not indices:
            return None
        if len(indices) == 1:
            return self._card(indices[0])
        best = min(indices, key=lambda i: (not _UNORDINARY_FLAGS.isdisjoint(self._card(i).flags), i))
        return self._card(best)

    def suggest(self, name: str, n: int = 5) -> list[str]:
        """Up to ``n`` known names that look like ``name``, best first.

        Only names whose key shares its first or last character with
        ``name``'s are compared (a typo rarely hits both ends), which keeps
        this to a few milliseconds instead of running difflib over 54,000
        names.
        """
        key = normalize_name(name)
        if not key:
            return []
        buckets = self._suggestion_buckets()
        candidates = {c for end in {key[0], key[-1]} for c in buckets.get(end, ())}
        slack = max(2, len(key) // 3)
        close = [c for c in candidates if abs(len(c) - len(key)) <= slack]
        matches = difflib.get_close_matches(key, close, n=n, cutoff=0.6)
        return [self._display[m] for m in matches]

    def japanese_names(self) -> dict[str, str]:
        """English full and face names to Japanese ones, of cards that have one.

        Built on first call (about 0.1 s) from the raw lines, where each
        "name_ja" follows the "name" it translates. A full name keeps its own
        Japanese name where another card has a face of the same name.
        """
        if self._japanese is None:
            full: dict[str, str] = {}
            faces: dict[str, str] = {}
            for line in self._loaded()._lines:
                if b'"name_ja"' not in line:
                    continue
                english: str | None = None
                tier = full
                for n, (ja, value) in enumerate(_NAME_FIELD.findall(line)):
                    if not ja:
                        english, tier = _decode(value), (full if n == 0 else faces)
                    elif english is not None:
                        tier.setdefault(english, _decode(value))
                        english = None
            self._japanese = faces | full
        return self._japanese

    # -- internals -----------------------------------------------------------------

    def _lookup(self, name: str) -> list[int]:
        blocks = self._blocks
        if blocks is not None:
            found = blocks.full_name(name)
            if found:
                return found
            self._loaded()
        for index in self._exact:
            if name in index:
                return index[name]
        key = normalize_name(name)
        if not key:
            # nothing but spaces and punctuation ("", "!!"): no name, not the card whose
            # own name normalizes to nothing ("_____", matched above by its spelling)
            return []
        for index in self._normalized_indexes():
            if key in index:
                return index[key]
        return []

    def _normalized_indexes(self) -> tuple[_Index, ...]:
        """The tiers keyed by normalize_name, built on first need.

        Deferred because normalizing 54,000 names is most of the indexing
        cost, and exact names (deck lists, scenario files) never need it.
        Also records, for suggestions, a name to show for each key: the
        first spelling met, so a full name when one has that key.
        """
        if self._normalized is None:
            tiers = []
            for exact in self._loaded()._exact:
                index: _Index = {}
                for text, indices in exact.items():
                    key = normalize_name(text)
                    index.setdefault(key, []).extend(indices)
                    self._display.setdefault(key, text)
                for indices in index.values():
                    indices.sort()
                tiers.append(index)
            self._normalized = tuple(tiers)
        return self._normalized

    def _suggestion_buckets(self) -> dict[str, list[str]]:
        """Normalized keys by their first and by their last character."""
        if self._buckets is None:
            self._normalized_indexes()
            buckets: dict[str, list[str]] = {}
            for key in self._display:
                if key:
                    buckets.setdefault(key[0], []).append(key)
                    if key[-1] != key[0]:
                        buckets.setdefault(key[-1], []).append(key)
            self._buckets = buckets
        return self._buckets

    def _card(self, index: int) -> CardData:
        card = self._cards[index]
        if card is None:
            blocks = self._blocks
            line = self._lines[index] if blocks is None else blocks.line(index)
            card = CardData.from_record(json.loads(line))
            self._cards[index] = card
        return card


def name_index(lines: Sequence[bytes]) -> dict[str, Any]:
    """The name lookup tables of the card data: full names in line order, and name -> line
    numbers for full names, face names and Japanese names."""
    full_names: list[str] = []
    full: _Index = {}
    faces: _Index = {}
    japanese: _Index = {}
    for i, line in enumerate(lines):
        if not _LINE_START.match(line):
            raise ValueError(f"card data line {i + 1} does not start with the card's name")
        for n, (ja, value) in enumerate(_NAME_FIELD.findall(line)):
            text = _decode(value)
            if ja:
                _add(japanese, text, i)
            elif n == 0:
                full_names.append(text)
                _add(full, text, i)
            else:
                _add(faces, text, i)
    return {"full_names": full_names, "full": full, "faces": faces, "japanese": japanese}


INDEX_FILE = "data/card_index.json.gz"
#: Where each gzip member of the shipped data file starts (``_Blocks``), made by tools/build_card_data.py.
BLOCKS_FILE = "data/card_blocks.json"


class _Blocks:
    """The shipped data file as the series of gzip members it is (``block_table``): a member is
    decompressed when one of its cards is first asked for."""

    def __init__(self, data: bytes, table: Mapping[str, Any]) -> None:
        self.data = data
        self.offsets: list[int] = table["offsets"]          # each member's first byte, then the end
        self.lines: list[int] = table["lines"]              # each member's first line, then the count
        self.first_names: list[str] = table["first_names"]  # each member's first full name
        self._read: dict[int, list[bytes]] = {}
        self._names: dict[int, dict[str, list[int]]] = {}   # each member read: full name -> lines

    def _member(self, block: int) -> list[bytes]:
        lines = self._read.get(block)
        if lines is None:
            raw = zlib.decompress(self.data[self.offsets[block]:self.offsets[block + 1]], wbits=31)
            lines = self._read[block] = [line for line in raw.split(b"\n") if line]
        return lines

    def line(self, index: int) -> bytes:
        block = bisect_right(self.lines, index) - 1
        return self._member(block)[index - self.lines[block]]

    def full_name(self, name: str) -> list[int]:
        """The lines whose card's full name is exactly ``name`` (the "full" tier of
        :func:`name_index`): the data is sorted by full name and no name spans two members."""
        block = bisect_right(self.first_names, name) - 1
        if block < 0:
            return []
        names = self._names.get(block)
        if names is None:
            names = self._names[block] = {}
            for i, line in enumerate(self._member(block), self.lines[block]):
                _add(names, _full_name(line).decode(), i)
        return names.get(name, [])


def block_table(data: bytes) -> dict[str, Any]:
    """Where each gzip member of a card data file starts, its first line and first full name,
    stamped with the CRC-32 of the file (``BLOCKS_FILE``)."""
    offsets, lines, first_names = [], [], []
    offset = count = 0
    while offset < len(data):
        member = zlib.decompressobj(wbits=31)
        raw = member.decompress(data[offset:])
        if not member.eof:
            raise ValueError(f"card data: a truncated gzip member at byte {offset}")
        chunk = [line for line in raw.split(b"\n") if line]
        offsets.append(offset)
        lines.append(count)
        first_names.append(_full_name(chunk[0]).decode() if chunk else "")
        count += len(chunk)
        offset = len(data) - len(member.unused_data)
    return {"crc32": zlib.crc32(data), "offsets": offsets + [len(data)], "lines": lines + [count],
            "first_names": first_names}


def _shipped_blocks(data: bytes) -> _Blocks | None:
    """The shipped data file's member table, if it was made from exactly these bytes (its
    CRC-32) and splits them into more than one member; else None and the data is read whole."""
    try:
        table = json.loads(resources.files("mtgengine").joinpath(BLOCKS_FILE).read_bytes())
    except (OSError, ValueError):
        return None
    if not isinstance(table, dict) or table.get("crc32") != zlib.crc32(data) or len(table.get("offsets", ())) < 3:
        return None
    return _Blocks(data, table)


def _shipped_index(data: bytes) -> dict[str, Any] | None:
    """The prebuilt name index shipped beside the card data (so ``mtg card`` starts fast), if it
    was built from exactly these bytes (its CRC-32); else None and the index is rebuilt."""
    try:
        raw = resources.files("mtgengine").joinpath(INDEX_FILE).read_bytes()
        index = json.loads(gzip.decompress(raw))
    except (OSError, ValueError, EOFError, zlib.error):
        return None
    return index if index.get("crc32") == zlib.crc32(data) else None


def _data_lines(data: bytes) -> list[bytes]:
    return [line for line in gzip.decompress(data).split(b"\n") if line]


#: The full name a data line starts with, as the JSON string's raw bytes.
_FULL_NAME = re.compile(rb'\{\s*"name":\s*"([^"\\]*(?:\\.[^"\\]*)*)"')


def _full_name(line: bytes) -> bytes:
    """The UTF-8 bytes of the name a data line starts with."""
    match = _FULL_NAME.match(line)
    if match is None:
        raise ValueError("a card data line does not start with the card's name")
    name = match.group(1)
    return _decode(name).encode() if b"\\" in name else name


def _merge_overlay(lines: list[bytes], overlay: list[bytes]) -> list[bytes]:
    """``lines`` without the names ``overlay`` has, plus ``overlay``, in name order.

    Name order keeps "the first in name order wins" (CardDB.find) true of the
    merged data. Names stay UTF-8 bytes, which is twice as fast as decoding
    them, since UTF-8 byte order is the code point order the files are sorted
    in. Both inputs are sorted already, so the sort is one merge.
    """
    extra = [(_full_name(line), line) for line in overlay]
    replaced = {name for name, _ in extra}
    named = [(name, line) for line in lines if (name := _full_name(line)) not in replaced]
    named += extra
    named.sort(key=itemgetter(0))
    return [line for _, line in named]


def overlay_path() -> Path:
    """The user's card overlay, which `mtg cards import` writes.

    cards-overlay.jsonl.gz in $MTGENGINE_DATA_DIR, else in
    ~/.local/share/mtgengine: user data lives outside the package, which an
    upgrade replaces.
    """
    env = os.environ.get("MTGENGINE_DATA_DIR")
    folder = Path(env) if env else Path.home() / ".local" / "share" / "mtgengine"
    return folder / "cards-overlay.jsonl.gz"


@cache
def card_db() -> CardDB:
    """The shipped card data with the user's overlay, if any, loaded on first use."""
    return CardDB.load(overlay=overlay_path())


def reset_card_db() -> None:
    """Forget the loaded database, so the next card_db() reads the files again.

    For tests and for a new import, which change the overlay after a load.
    """
    card_db.cache_clear()


@cache
def meld_parts(result_name: str) -> tuple[CardData, ...]:
    """The meld cards whose pair melds into ``result_name`` (CR 712.4a, 712.5), in data order."""
    db = card_db()._loaded()
    out = []
    for i, line in enumerate(db._lines):
        if b'"role":"part"' in line:
            card = db._card(i)
            if card.meld and card.meld.get("result") == result_name:
                out.append(card)
    return tuple(out)
