"""Rules text that remembers where it came from, so that the compiler can prove it read every word.

A paragraph being compiled is a :class:`Source`; the compiler reads it through :class:`Span`
values — strings that know, for each character, where in the paragraph it stands (``pos``).
Slicing, ``lower()``, ``strip()``, ``split()``, ``replace()``, concatenation and the regular
expression helpers of this module (``fullmatch``, ``match``, ``search``, ``split``, ``sub``)
keep that knowledge; any other string operation gives a plain ``str``, whose words no rule can
claim to have read.

A rule that understood some words **consumes** them (``Span.consume``, ``SpanMatch.consume``):
the paragraph's ``Source`` records their positions. An attempt that fails is undone
(``Source.mark`` / ``Source.rollback``, done by the grammar engine), so what is left recorded
once a paragraph has compiled is exactly what the rules that built its ability read. The
completeness check (``compiler.completeness``) compares that with the paragraph's words; the
words no rule ever read, even in an attempt that failed (``Source.ever``), are what an
unimplemented paragraph reports as not understood.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace as dataclass_replace
from functools import lru_cache
from re import _constants as _sre          # the parsed form of a pattern, to find its slots
from re import _parser as _sre_parse
from typing import Any, Union

Positions = Union[range, tuple[int, ...]]
#: A word of rules text for the completeness check: letters, digits, mana and loyalty symbols,
#: P/T changes ("+1/+1"), "~" (the card's own name).
WORD = re.compile(r"[\w{}+/~−'’-]*[\w{}~]")


class Source:
    """One paragraph's text and what has been read of it (half-open ranges of positions)."""

    __slots__ = ("text", "consumed", "ever", "aliases")

    def __init__(self, text: str) -> None:
        self.text = text
        self.consumed: list[tuple[int, int]] = []     # read by the attempts that stand
        self.ever: list[tuple[int, int]] = []         # read by any attempt, even one undone
        #: what rewritten characters stand for: position -2 - k is a character written in place
        #: of ``aliases[k]`` (a range of the text), so reading it reads all of that range
        self.aliases: list[tuple[int, int]] = []

    def span(self) -> Span:
        """The whole paragraph as a Span."""
        return Span(self.text, self, range(len(self.text)))

    def mark(self) -> int:
        return len(self.consumed)

    def rollback(self, mark: int) -> None:
        del self.consumed[mark:]

    def add(self, start: int, end: int) -> None:
        if start < end:
            self.consumed.append((start, end))
            self.ever.append((start, end))

    def unread(self, ranges: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
        """The words (as ranges) with a character no rule read (by default: of those standing)."""
        covered = bytearray(len(self.text))
        for start, end in self.consumed if ranges is None else ranges:
            covered[start:end] = b"\x01" * (end - start)
        out = []
        for w in WORD.finditer(self.text):
            if not all(covered[w.start():w.end()]):
                out.append((w.start(), w.end()))
        return out

    def unread_runs(self, ranges: list[tuple[int, int]] | None = None) -> list[str]:
        """The runs of consecutive unread words, as written ("artifact creature"): what a report
        names as not understood."""
        runs: list[str] = []
        start = end = -1
        for s, e in self.unread(ranges):
            if start >= 0 and not WORD.search(self.text, end, s):
                end = e
                continue
            if start >= 0:
                runs.append(self.text[start:end])
            start, end = s, e
        if start >= 0:
            runs.append(self.text[start:end])
        return runs

    def first_unread(self, ranges: list[tuple[int, int]] | None = None) -> str:
        """The first run of unread words, as written ("it endures 1"), or ""."""
        runs = self.unread_runs(ranges)
        return runs[0] if runs else ""


class Span(str):
    """A string whose characters know their position in a :class:`Source` (-1: none, a word the
    compiler wrote itself)."""

    src: Source | None
    pos: Positions

    def __new__(cls, text: str, src: Source | None, pos: Positions) -> Span:
        self = str.__new__(cls, text)
        self.src = src
        self.pos = pos
        return self

    # -- reading -------------------------------------------------------------------------
    def consume(self, start: int = 0, end: int | None = None) -> None:
        """Records ``self[start:end]`` as read."""
        src = self.src
        if src is None:
            return
        pos = self.pos[start:end]
        if isinstance(pos, range):
            if len(pos):
                src.add(pos.start, pos.stop)
            return
        run_start = prev = -2
        for p in pos:
            if p < 0:
                if p < -1:
                    src.add(*src.aliases[-2 - p])
                continue
            if p != prev + 1:
                if run_start >= 0:
                    src.add(run_start, prev + 1)
                run_start = p
            prev = p
        if run_start >= 0:
            src.add(run_start, prev + 1)

    # -- the string operations that keep positions -----------------------------------------
    def __getitem__(self, key: Any) -> Any:             # type: ignore[override]
        if isinstance(key, slice):
            return Span(str.__getitem__(self, key), self.src, self.pos[key])
        return str.__getitem__(self, key)

    def __add__(self, other: str) -> Span:              # type: ignore[override]
        return Span(str.__add__(self, other), self.src, _join(self.pos, _positions(other, self.src)))

    def __radd__(self, other: str) -> Span:
        return Span(str.__add__(other, self), self.src, _join(_positions(other, self.src), self.pos))

    def __reduce__(self) -> tuple[Any, ...]:
        return (str, (str(self),))                      # pickled and copied as the plain string

    def lower(self) -> Span:                            # type: ignore[override]
        return self._same_length(str.lower(self))

    def upper(self) -> Span:                            # type: ignore[override]
        return self._same_length(str.upper(self))

    def _same_length(self, text: str) -> Span:
        if len(text) == len(self):
            return Span(text, self.src, self.pos)
        return Span(text, self.src, _alias(self.src, self.pos, len(text)))

    def strip(self, chars: str | None = None) -> Span:  # type: ignore[override]
        return self.lstrip(chars).rstrip(chars)

    def lstrip(self, chars: str | None = None) -> Span:  # type: ignore[override]
        return self[len(self) - len(str.lstrip(self, chars)):]

    def rstrip(self, chars: str | None = None) -> Span:  # type: ignore[override]
        return self[: len(str.rstrip(self, chars))]

    def removeprefix(self, prefix: str) -> Span:       # type: ignore[override]
        return self[len(prefix):] if self.startswith(prefix) else self

    def removesuffix(self, suffix: str) -> Span:       # type: ignore[override]
        return self[: len(self) - len(suffix)] if suffix and self.endswith(suffix) else self

    def split(self, sep: str | None = None, maxsplit: int = -1) -> list[Span]:   # type: ignore[override]
        if sep is None:
            found = list(re.finditer(r"\S+", self))
            if maxsplit >= 0 and len(found) > maxsplit:
                cut = found[maxsplit].start()
                return [self[m.start():m.end()] for m in found[:maxsplit]] + [self[cut:].rstrip()]
            return [self[m.start():m.end()] for m in found]
        out, start, count = [], 0, 0
        while maxsplit < 0 or count < maxsplit:
            i = self.find(sep, start)
            if i < 0:
                break
            out.append(self[start:i])
            start = i + len(sep)
            count += 1
        out.append(self[start:])
        return out

    def replace(self, old: str, new: str, count: int = -1) -> Span:   # type: ignore[override]
        if old not in self:
            return self
        return sub(re.escape(old), new.replace("\\", "\\\\"), self, count=max(count, 0))


def span_of(text: str) -> Span:
    """``text`` as a Span of its own Source (a paragraph to compile)."""
    return Source(text).span()


def consume(*texts: Any) -> None:
    """Records the given Spans (or None, or plain strings: nothing) as read."""
    for t in texts:
        if isinstance(t, Span):
            t.consume()


def marker(text: Any) -> tuple[Source, int] | None:
    """Where the reading of ``text``'s paragraph stands (for :func:`undo`)."""
    return (text.src, text.src.mark()) if isinstance(text, Span) and text.src is not None else None


def undo(mark: tuple[Source, int] | None) -> None:
    """Undoes what was read since :func:`marker`."""
    if mark is not None:
        mark[0].rollback(mark[1])


def plain(text: str) -> str:
    """``text`` as a plain ``str`` (for the values the compiler builds)."""
    return str.__str__(text) if isinstance(text, Span) else text


# -- positions ---------------------------------------------------------------------------------
def _positions(text: str, src: Source | None) -> Positions:
    if isinstance(text, Span) and text.src is src:
        return text.pos
    return (-1,) * len(text)


def _join(a: Positions, b: Positions) -> Positions:
    if isinstance(a, range) and isinstance(b, range) and (not len(a) or not len(b) or a.stop == b.start):
        if not len(a):
            return b
        if not len(b):
            return a
        return range(a.start, b.stop)
    return tuple(a) + tuple(b)


def _alias(src: Source | None, pos: Positions, length: int) -> Positions:
    """Positions for ``length`` characters written in place of the characters at ``pos``: each
    stands for all of them (reading any of the rewritten piece reads what it was written from)."""
    if length == 0:
        return ()
    real = [p for p in pos if p >= 0]
    for p in pos:
        if p < -1 and src is not None:
            real.extend(src.aliases[-2 - p])
    if src is None or not real:
        return (-1,) * length
    src.aliases.append((min(real), max(real) + 1))
    return (-1 - len(src.aliases),) * length


def join(sep: str, parts: list[Any]) -> Any:
    """``sep.join(parts)`` keeping the positions of Span parts."""
    out: Any = ""
    for i, part in enumerate(parts):
        out = out + sep + part if i else (part if isinstance(part, Span) else out + part)
    return out


# -- regular expressions on Spans ------------------------------------------------------------
class SpanMatch:
    """A match whose groups are Spans; ``consume`` reads what the pattern itself spells out."""

    __slots__ = ("m", "text", "slots", "read")

    def __init__(self, m: re.Match[str], text: str, slots: frozenset[int]) -> None:
        self.m = m
        self.text = text
        self.slots = slots
        self.read: set[int] = set()      # the groups the rule looked at (one never looked at is dropped)

    def group(self, *keys: int | str) -> Any:
        if len(keys) > 1:
            return tuple(self._group(k) for k in keys)
        return self._group(keys[0] if keys else 0)

    def _group(self, key: int | str) -> Any:
        self.read.add(key if isinstance(key, int) else self.m.re.groupindex[key])
        start, end = self.m.span(key)
        if start < 0:
            return None
        text = self.text
        if isinstance(text, Span):
            return text[start:end]
        return text[start:end]

    __getitem__ = _group

    def groups(self) -> tuple[Any, ...]:
        return tuple(self._group(i) for i in range(1, len(self.m.groups()) + 1))



    def groupdict(self) -> dict[str, Any]:
        return {k: self._group(k) for k in self.m.groupdict()}

    def start(self, key: int | str = 0) -> int:
        return self.m.start(key)

    def end(self, key: int | str = 0) -> int:
        return self.m.end(key)

    def span(self, key: int | str = 0) -> tuple[int, int]:
        return self.m.span(key)

    @property
    def lastindex(self) -> int | None:
        return self.m.lastindex

    def expand(self, template: str) -> str:
        return self.m.expand(template)

    def _dropped(self) -> set[int]:
        """The groups that took part in the match but the rule never looked at (nor at a group
        around them): what they say can't have been carried out."""
        m = self.m
        read = [m.span(g) for g in self.read if g and m.start(g) >= 0]
        out = set()
        for g in range(1, (m.re.groups or 0) + 1):
            if g in self.read or m.start(g) < 0 or m.start(g) == m.end(g):
                continue
            gs, ge = m.span(g)
            if not any(rs <= gs and ge <= re_ for rs, re_ in read):
                out.add(g)
        return out

    def leave(self, *groups: int) -> None:
        """Leaves these groups unread when the match is consumed (0: all of it): words a rule
        accepts without carrying out what they say."""
        self.slots = self.slots | frozenset(groups)

    def consume(self, drop_unlooked: bool = False) -> None:
        """Records the matched text as read, except the groups that are slots (free text the
        pattern leaves to other rules: ``slot_groups``) and, with ``drop_unlooked`` (a grammar
        rule, once its builder is done), the groups its builder never looked at."""
        text = self.text
        if not isinstance(text, Span) or text.src is None:
            return
        start, end = self.m.span()
        holes_at = self.slots | self._dropped() if drop_unlooked else self.slots
        holes = sorted(self.m.span(g) for g in holes_at if self.m.start(g) >= 0)
        for hs, he in holes:
            if hs > start:
                text.consume(start, hs)
            start = max(start, he)
        if end > start:
            text.consume(start, end)


@lru_cache(maxsize=None)
def compiled(pattern: str, flags: int = 0) -> tuple[re.Pattern[str], frozenset[int]]:
    """The compiled pattern and its slots (cached: the compiler's patterns are a fixed set)."""
    return re.compile(pattern, flags), slot_groups(pattern, flags, strict=False)


def _wrap(m: re.Match[str] | None, text: str, slots: frozenset[int]) -> SpanMatch | None:
    return None if m is None else SpanMatch(m, text, slots)


def fullmatch(pattern: str, text: str, flags: int = 0) -> SpanMatch | None:
    p, slots = compiled(pattern, flags)
    return _wrap(p.fullmatch(text), text, slots)


def match(pattern: str, text: str, flags: int = 0) -> SpanMatch | None:
    p, slots = compiled(pattern, flags)
    return _wrap(p.match(text), text, slots)


def search(pattern: str, text: str, flags: int = 0) -> SpanMatch | None:
    p, slots = compiled(pattern, flags)
    return _wrap(p.search(text), text, slots)


def finditer(pattern: str, text: str, flags: int = 0) -> Iterator[SpanMatch]:
    p, slots = compiled(pattern, flags)
    for m in p.finditer(text):
        yield SpanMatch(m, text, slots)


def split(pattern: str, text: str, flags: int = 0) -> list[Any]:
    """``re.split`` keeping positions (patterns without groups)."""
    p, _slots = compiled(pattern, flags)
    out, start = [], 0
    for m in p.finditer(text):
        out.append(text[start:m.start()])
        start = m.end()
    out.append(text[start:])
    return out


def sub(pattern: str, repl: str | Callable[[re.Match[str]], str], text: str, flags: int = 0, count: int = 0,
        understood: bool = False) -> Any:
    """``re.sub`` keeping positions: a replacement stands where what it replaced stood (reading
    it reads that). A deletion drops what it deletes unless ``understood`` (then it is read:
    "then," before an instruction, an article)."""
    p, _slots = compiled(pattern, flags)
    if not isinstance(text, Span):
        return p.sub(repl, text, count=count)
    pieces: list[str] = []
    pos: list[Positions] = []
    start = done = 0
    for m in p.finditer(text):
        if count and done >= count:
            break
        pieces.append(str.__getitem__(text, slice(start, m.start())))
        pos.append(text.pos[start:m.start()])
        new = repl(m) if callable(repl) else m.expand(repl)
        if new:
            pieces.append(new)
            pos.append(_alias(text.src, text.pos[m.start():m.end()], len(new)))
        elif understood:
            text.consume(m.start(), m.end())
        start = m.end()
        done += 1
    pieces.append(str.__getitem__(text, slice(start, None)))
    pos.append(text.pos[start:])
    joined: Positions = pos[0]
    for more in pos[1:]:
        joined = _join(joined, more)
    return Span("".join(pieces), text.src, joined)


# -- which groups of a pattern are slots ---------------------------------------------------------
def slot_groups(pattern: str, flags: int = 0, strict: bool = True) -> frozenset[int]:
    """The capturing groups that directly hold free text (``.``, ``[^...]``): what the pattern
    leaves to the rule that reads the group. Everything else a match covers is spelled out by the
    pattern, and is read when the rule succeeds. Free text outside any capturing group can't be
    handed to anything, so a pattern with some is refused (``strict``) or, for a pattern only
    tested, never read (group 0 is then a slot: consuming the match reads nothing)."""
    slots: set[int] = set()

    def walk(items: Any, group: int | None) -> None:
        for op, arg in items:
            if op is _sre.SUBPATTERN:
                number = arg[0]
                walk(arg[3], number if number else group)
            elif op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _sre.POSSESSIVE_REPEAT):
                walk(arg[2], group)
            elif op is _sre.BRANCH:
                for branch in arg[1]:
                    walk(branch, group)
            elif op in (_sre.ASSERT, _sre.ASSERT_NOT):
                continue                   # a lookaround reads nothing
            elif op is _sre.GROUPREF_EXISTS:
                walk(arg[1], group)
                if arg[2]:
                    walk(arg[2], group)
            elif _free(op, arg):
                if group is None and strict:
                    raise ValueError(f"free text outside a capturing group in {pattern!r}")
                slots.add(0 if group is None else group)

    walk(_sre_parse.parse(pattern, flags), None)
    return frozenset(slots)


def _free(op: Any, arg: Any) -> bool:
    if op is _sre.ANY:
        return True
    if op is _sre.NOT_LITERAL:
        return chr(arg) not in "}]"      # "[^}]" inside a symbol's braces is not free text
    if op is _sre.IN:
        return bool(arg) and arg[0][0] is _sre.NEGATE and not all(
            o is _sre.LITERAL and chr(a) in "}]" for o, a in arg[1:])
    return False


def combine(first: Span, second: Span) -> tuple[Span, Callable[[], None]]:
    """Two Spans (of different paragraphs, maybe) read as one text "first second": the Span to
    read, and the function that gives each paragraph what was read of it."""
    src = Source(str.__str__(first) + " " + str.__str__(second))
    offset = len(first) + 1

    def settle() -> None:
        for start, end in src.consumed:
            if start < len(first):
                first.consume(start, min(end, len(first)))
            if end > offset:
                second.consume(max(start, offset) - offset, end - offset)
    return src.span(), settle


def strip_spans(value: Any) -> Any:
    """``value`` (vocabulary data) with every Span in it made a plain ``str``: what the compiler
    returns holds no reference to the paragraphs it read."""
    if isinstance(value, Span):
        return str.__str__(value)
    if isinstance(value, tuple):
        items = tuple(strip_spans(v) for v in value)
        return value if all(a is b for a, b in zip(items, value)) else items
    if isinstance(value, frozenset):
        if not any(isinstance(v, (Span, tuple, frozenset)) or hasattr(v, "__dataclass_fields__") for v in value):
            return value
        return frozenset(strip_spans(v) for v in value)
    if isinstance(value, list):
        return [strip_spans(v) for v in value]
    if isinstance(value, dict):
        return {strip_spans(k): strip_spans(v) for k, v in value.items()}
    fields = getattr(value, "__dataclass_fields__", None)
    if fields is None:
        return value
    changed = {}
    for name in fields:
        v = getattr(value, name)
        if v is None or v.__class__ in _SCALARS:
            continue
        new = strip_spans(v)
        if new is not v:
            changed[name] = new
    return dataclass_replace(value, **changed) if changed else value


_SCALARS = frozenset({str, int, bool, float})
