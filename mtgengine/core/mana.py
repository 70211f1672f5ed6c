"""Mana symbols and mana costs (CR 107.4, CR 202).

A mana cost is kept as the sequence of its symbols in printed order: the order
matters to effects that look at individual symbols (CR 709.4b), so ``parse``
canonicalises each symbol but never reorders them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

#: The five colors in WUBRG order (CR 105.1); the canonical order everywhere.
COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
_COLOR_RANK = {c: i for i, c in enumerate(COLORS)}
#: Each color's name as rules text writes it (CR 105.1), and back.
COLOR_NAMES: dict[str, str] = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
COLOR_WORDS: dict[str, str] = {name: letter for letter, name in COLOR_NAMES.items()}

#: Two-color pairs in the orientation CR 107.4 prints them ({W/U}, not {U/W}).
_HYBRID_PAIRS: tuple[str, ...] = (
    "W/U", "W/B", "U/B", "U/R", "B/R", "B/G", "R/G", "R/W", "G/W", "G/U",
)
_CANONICAL_PAIR = {frozenset(p.split("/")): p for p in _HYBRID_PAIRS}

#: Non-mana symbols that appear in activation costs: tap (CR 107.5),
#: untap (CR 107.6) and energy (CR 107.14).
_COST_ONLY_SYMBOLS = frozenset({"T", "Q", "E"})

_BRACED = re.compile(r"\{([^{}]*)\}")
_NUMBER = re.compile(r"\d+")


class ManaCostError(ValueError):
    """A mana cost or symbol text that is not well formed."""


@dataclass(frozen=True, slots=True)
class ManaSymbol:
    """One mana symbol (CR 107.4).

    ``kind`` is one of ``generic`` ({0}, {2}, {1000000}), ``colored`` ({W}),
    ``colorless`` ({C}, CR 107.4c), ``snow`` ({S}, CR 107.4h), ``variable``
    ({X}, {Y}, {Z}; CR 107.3), ``hybrid`` ({W/U}), ``mono_hybrid`` ({2/W}),
    ``colorless_hybrid`` ({C/W}; CR 107.4 counts it among the monocolored
    hybrids, but it is paid with {C} rather than two generic), ``phyrexian``
    ({W/P}, CR 107.4f), ``hybrid_phyrexian`` ({W/U/P}) and ``half`` (Un-set
    half mana such as {HW} or {½}).
    """

    #: Canonical text inside the braces: "W", "2", "W/U", "2/W", "W/U/P".
    text: str
    kind: str
    colors: frozenset[str]
    #: The number of a generic symbol, or of the generic half of a
    #: monocolored hybrid ({2/W} has 2); 0 otherwise.
    generic: int = 0

    @classmethod
    def parse(cls, text: str) -> ManaSymbol:
        """Parse one symbol, with or without its braces ("W/U" or "{W/U}")."""
        inner = text[1:-1] if text.startswith("{") and text.endswith("}") else text
        return _require_symbol(inner, text)

    def mana_value(self, x: int = 0) -> int:
        """This symbol's contribution to a mana value (CR 202.3).

        ``x`` is the value of X, Y and Z: 0 for an object not on the stack
        (CR 202.3e, CR 107.3p). Half mana counts 0 because mana values are
        integers (CR 107.1); it exists only on Un-set cards.
        """
        kind = self.kind
        if kind == "generic":
            return self.generic
        if kind == "variable":
            return x
        if kind == "mono_hybrid":
            # CR 202.3f: use the largest component, so {2/W} counts 2.
            return max(self.generic, 1)
        if kind == "half":
            return 0
        # Colored, colorless, snow, hybrid (CR 202.3f) and Phyrexian
        # (CR 202.3g) symbols each stand for exactly one mana.
        return 1

    def __str__(self) -> str:
        return "{" + self.text + "}"


@lru_cache(maxsize=1024)
def _symbol(inner: str) -> ManaSymbol | None:
    """The canonical ManaSymbol for the text between braces, or None if invalid."""
    text = inner.strip().upper()
    if _NUMBER.fullmatch(text):
        return ManaSymbol(str(int(text)), "generic", frozenset(), int(text))
    if text in _COLOR_RANK:
        return ManaSymbol(text, "colored", frozenset(text))
    if text == "C":
        return ManaSymbol("C", "colorless", frozenset())
    if text == "S":
        return ManaSymbol("S", "snow", frozenset())
    if text in ("X", "Y", "Z"):
        return ManaSymbol(text, "variable", frozenset())
    if text == "½":
        return ManaSymbol("½", "half", frozenset())
    if len(text) == 2 and text[0] == "H" and text[1] in _COLOR_RANK:
        # Un-set half mana ({HW} on Little Girl), written {H}+color.
        return ManaSymbol(text, "half", frozenset(text[1]))
    parts = text.split("/")
    if len(parts) == 3 and parts[2] == "P":
        pair = _CANONICAL_PAIR.get(frozenset(parts[:2]))
        if pair is None:
            return None
        return ManaSymbol(pair + "/P", "hybrid_phyrexian", frozenset(parts[:2]))
    if len(parts) != 2:
        return None
    first, second = parts
    if second == "P" and first in _COLOR_RANK:
        return ManaSymbol(text, "phyrexian", frozenset(first))
    if second in _COLOR_RANK and _NUMBER.fullmatch(first):
        return ManaSymbol(f"{int(first)}/{second}", "mono_hybrid", frozenset(second), int(first))
    if second in _COLOR_RANK and first == "C":
        return ManaSymbol(text, "colorless_hybrid", frozenset(second))
    pair = _CANONICAL_PAIR.get(frozenset(parts))
    if pair is None or first == second:
        return None
    return ManaSymbol(pair, "hybrid", frozenset(parts))


def _require_symbol(inner: str, source: str) -> ManaSymbol:
    symbol = _symbol(inner)
    if symbol is None:
        raise ManaCostError(f"invalid mana symbol {{{inner}}} in {source!r}")
    return symbol


def _split_symbols(text: str, source: str) -> list[str]:
    """Return the inner texts of ``text``, a string made only of braced symbols.

    Whitespace around symbols is ignored; any other text is an error, whose
    message quotes ``source`` (the whole string ``text`` was taken from).
    """
    inners: list[str] = []
    pos = 0
    for match in _BRACED.finditer(text):
        gap = text[pos : match.start()].strip()
        if gap:
            raise ManaCostError(f"unexpected text {gap!r} in mana cost {source!r}")
        inners.append(match.group(1))
        pos = match.end()
    tail = text[pos:].strip()
    if tail:
        what = "unterminated symbol" if "{" in tail else "unexpected text"
        raise ManaCostError(f"{what} {tail!r} in mana cost {source!r}")
    return inners


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A mana cost: its symbols in printed order (CR 202.1).

    The empty cost (parsed from "") costs nothing; an object that has *no*
    mana cost at all (CR 202.1b, an unpayable cost per CR 118.6) is
    represented by ``None`` where a ManaCost is held, not by an empty cost.
    """

    symbols: tuple[ManaSymbol, ...] = ()

    @classmethod
    def parse(cls, text: str) -> ManaCost:
        """Parse a cost such as "{2}{W}{W}"; results are cached."""
        return _parse_cost(text)

    def mana_value(self, x: int = 0) -> int:
        """Total mana in the cost (CR 202.3); ``x`` is the value of X."""
        return sum(s.mana_value(x) for s in self.symbols)

    @property
    def colors(self) -> frozenset[str]:
        """Colors of its colored, hybrid and Phyrexian symbols (CR 202.2, 202.2d)."""
        return frozenset().union(*(s.colors for s in self.symbols))

    @property
    def x_count(self) -> int:
        """How many {X} symbols the cost has (e.g. 2 for {X}{X}{G})."""
        return sum(1 for s in self.symbols if s.text == "X")

    @property
    def is_empty(self) -> bool:
        return not self.symbols

    def with_x(self, x: int) -> ManaCost:
        """The cost with each {X} (and {Y}, {Z}) replaced by the chosen value (CR 107.3a): a spell
        on the stack cast with X=2 has mana cost {2}{R} (Blaze; 0 gives {0})."""
        if not any(s.kind == "variable" for s in self.symbols):
            return self
        return ManaCost(tuple(_require_symbol(str(x), str(self)) if s.kind == "variable" else s
                              for s in self.symbols))

    def __str__(self) -> str:
        return "".join(str(s) for s in self.symbols)


@lru_cache(maxsize=4096)
def _parse_cost(text: str) -> ManaCost:
    """Parse a cost; "//" joins the costs of a split card's halves.

    The data writes a split card's cost as its halves' costs joined by " // "
    (a half with no mana cost leaves its side empty, e.g. " // "). CR 709.4b
    defines that card's mana cost as the combined costs of its halves, which
    is what concatenating the halves' symbols gives.
    """
    return ManaCost(
        tuple(
            _require_symbol(inner, text)
            for half in text.split("//")
            for inner in _split_symbols(half, text)
        )
    )


def parse_cost_symbols(text: str) -> tuple[str, ...]:
    """Canonical inner texts of the symbols of an activation cost.

    Besides mana symbols this accepts {T}, {Q} and {E}, which appear in
    activated-ability costs (CR 602.1a): "{2}{T}" gives ("2", "T").
    """
    result = []
    for inner in _split_symbols(text, text):
        upper = inner.strip().upper()
        result.append(upper if upper in _COST_ONLY_SYMBOLS else _require_symbol(inner, text).text)
    return tuple(result)


def format_colors(colors: Iterable[str]) -> tuple[str, ...]:
    """Sort color letters into WUBRG order, dropping duplicates."""
    unique = set(colors)
    unknown = unique - _COLOR_RANK.keys()
    if unknown:
        raise ValueError(f"not color letters: {sorted(unknown)!r}")
    return tuple(sorted(unique, key=_COLOR_RANK.__getitem__))
