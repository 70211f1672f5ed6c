"""The grammar engine: tables of templates, each a pattern of words and what it builds.

A :class:`Grammar` is one part of rules text ("an effect", "a trigger condition", "a
replacement effect"): an ordered table of rules. A rule is a template — a regular expression
over the words, written with the shared named sub-patterns below (``{NUM}``, ``{PT}``,
``{MANA}``...) — and a builder that receives the match and returns the vocabulary it builds,
or None to decline (the words fit, but not the meaning: the next rule is tried). The first rule
whose template matches the whole text and whose builder accepts wins.

A template's words are read when its rule succeeds (``text.SpanMatch.consume``); a group of
free text (``(.+?)``: a slot) is left to whatever rule the builder hands it to — "target (.+)"
to the target phrases, "(.+?) you control" to the filters. So a rule can't accept a sentence
and drop part of it unnoticed: the completeness check (``compiler.completeness``) finds any
word no rule read.

Templates compile at first use (about 50 ms for all of them, which a process that compiles no
card text never pays).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from .text import SpanMatch, Span, slot_groups

R = TypeVar("R")
Builder = Callable[..., Any]

#: The named sub-patterns templates are written with. Each is a capturing group (or, for PT,
#: two), numbered in the template like any other group.
SUBPATTERNS: dict[str, str] = {
    # a number word or numeral, or X (CR 107.3): "a", "two", "10", "X"
    "NUM": r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|\d+)",
    # a count, no article: "three or more"
    "COUNT": r"(one|two|three|four|five|six|seven|eight|nine|ten|\d+)",
    # a power/toughness change: "+3/+3", "-X/-0" (two groups)
    "PT": r"([+-]\d+|[+-]x)/([+-]\d+|[+-]x)",
    # "up to N" / "any number of" before "target" (CR 115.6, 601.2c)
    "UP_TO": r"(?:(?:up to (one|two|three|four|five|\d+)|any number of) )?",
    # mana symbols (CR 107.4): "{2}{R}", "{X}{U}", "{W/P}"
    "MANA": r"((?:\{[0-9WUBRGCXSP/]+\})+)",
    # one colored or colorless mana symbol
    "SYMBOL": r"(\{[WUBRGC]\})",
    # "enters" (CR 603.6a) in the current and the older wording
    "ENTERS": r"enters(?: the battlefield)?",
}
_PLACEHOLDER = re.compile(r"(?<!\\)\{([A-Z][A-Z_]*)\}")
#: A template that begins with a literal word and a space: only a text with that first word can
#: match it (``Grammar.parse`` skips it for the others).
_FIRST_WORD = re.compile(r"([a-z][a-z']*) ")


def template(text: str) -> str:
    """A template with its ``{NAME}`` sub-patterns written out (``{2}``, ``\\{E\\}`` untouched)."""
    return _PLACEHOLDER.sub(lambda m: SUBPATTERNS[m.group(1)], text)


def _first_word(source: str, flags: int) -> str:
    """The literal word (lower case) every text a template matches begins with, followed by a
    space; "" if there is none: the template begins otherwise, is case-sensitive or verbose, or
    has an alternation outside any group ("destroy it|exile it")."""
    m = _FIRST_WORD.match(source)
    if m is None or not flags & re.IGNORECASE or flags & re.VERBOSE or source[m.end():m.end() + 1] in tuple("?*+{"):
        return ""                               # (a quantifier after the space: it may be missing)
    depth = 0
    in_class = escaped = False
    for ch in source:
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            return ""
    return m.group(1)


class Rule:
    """One template and its builder."""

    __slots__ = ("source", "flags", "build", "_pattern", "slots", "first")

    def __init__(self, source: str, build: Builder, flags: int) -> None:
        self.source = template(source)
        self.build = build
        self.flags = flags
        self._pattern: re.Pattern[str] | None = None
        self.slots: frozenset[int] = frozenset()
        self.first = _first_word(self.source, flags)

    @property
    def pattern(self) -> re.Pattern[str]:
        if self._pattern is None:
            self._pattern = re.compile(self.source, self.flags)
            self.slots = slot_groups(self.source, self.flags)
        return self._pattern

    def __repr__(self) -> str:
        return f"Rule({self.source!r} -> {self.build.__qualname__})"


class Grammar(Generic[R]):
    """An ordered table of rules for one part of rules text.

    ``first_match``: the first rule whose template matches decides, even if its builder
    declines (the part has one reading per wording: a replacement effect, a condition).
    """

    def __init__(self, name: str, first_match: bool = False) -> None:
        self.name = name
        self.first_match = first_match
        self.rules: list[Rule] = []
        self._by_word: dict[str, list[Rule]] | None = None     # (``candidates``)
        self._any: list[Rule] = []

    def rule(self, source: str, flags: int = re.IGNORECASE) -> Callable[[Builder], Builder]:
        """Decorator: adds the function as the builder of template ``source`` (rules are tried
        in the order they are added)."""
        def register(build: Builder) -> Builder:
            self.add(source, build, flags)
            return build
        return register

    def add(self, source: str, build: Builder, flags: int = re.IGNORECASE) -> None:
        self.rules.append(Rule(source, build, flags))
        self._by_word = None

    def candidates(self, text: str) -> list[Rule]:
        """The rules, in order, that can match ``text``: all but those whose template begins
        with a word ``text`` doesn't begin with (case aside)."""
        by_word = self._by_word
        if by_word is None:
            words = {r.first for r in self.rules if r.first}
            by_word = self._by_word = {w: [r for r in self.rules if r.first in ("", w)] for w in words}
            self._any = [r for r in self.rules if not r.first]
        space = text.find(" ")
        # (``str``'s slice: a ``Span``'s would carry positions)
        return by_word.get(str.__getitem__(text, slice(0, space)).lower() if space > 0 else "", self._any)

    def parse(self, text: str, *args: Any) -> R | None:
        """What the first rule that matches all of ``text`` and accepts builds, or None.

        ``args`` go to the builder; if the first has ``mark``/``rollback`` (the targets an
        ability has collected, ``targets.Parse``), what a declining builder added is undone,
        as are the words it read."""
        src = text.src if isinstance(text, Span) else None
        state = args[0] if args and hasattr(args[0], "rollback") else None
        for rule in self.candidates(text):
            m = rule.pattern.fullmatch(text)
            if m is None:
                continue
            read = src.mark() if src is not None else 0
            saved = state.mark() if state is not None else 0
            sm = SpanMatch(m, text, rule.slots)
            result = rule.build(sm, *args)
            if result is not None:
                sm.consume(drop_unlooked=True)
                return result                 # type: ignore[no-any-return]
            if src is not None:
                src.rollback(read)
                # the template's own words fit: an error names the words no rule could place
                # (``Source.ever``), not these
                sm.consume()
                src.rollback(read)
            if state is not None:
                state.rollback(saved)
            if self.first_match:
                return None
        return None

    def __repr__(self) -> str:
        return f"Grammar({self.name!r}, {len(self.rules)} rules)"


def attempt(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Decorator for a reading function whose first argument is the text: the words it read
    are undone if it fails (returns None or False)."""
    def attempted(text: Any, *args: Any, **kwargs: Any) -> Any:
        src = text.src if isinstance(text, Span) else None
        read = src.mark() if src is not None else 0
        result = fn(text, *args, **kwargs)
        if src is not None and (result is None or result is False):
            src.rollback(read)
        return result
    attempted.__name__ = fn.__name__
    attempted.__qualname__ = fn.__qualname__
    attempted.__doc__ = fn.__doc__
    attempted.__wrapped__ = fn            # type: ignore[attr-defined]
    return attempted
