"""Counted amounts (CR 107.3a, 608.2h): "..., where X is the number of creatures you control" and
"... for each basic land type among lands you control" — any instruction the effect grammar
reads, with its number counted as the effect resolves.

A sentence with "where X is [count]" is read as itself, X becoming the count wherever it
stands (CR 107.3a: X is defined by the text; it isn't the spell's X, 107.3c). An instruction
followed by "for each [count]" is read without those words, and its one number is multiplied
by the count ("discards a card for each Swamp you control": as many cards as Swamps; "gets
+1/+0 for each": +N/+0). If the instruction has no number to scale, several, or X somewhere a
count can't stand (a "mana value X or less" filter, "X targets"), the sentence isn't read.

The counts: "the number of [permanents] you control" (any filter of ``filters.parse_filter``;
"on the battlefield", "your opponents control"), of "cards in your hand", "[cards] in your
graveyard", "basic land types among lands you control" (domain, CR 205.3i, 207.2c), "[kind]
counters on ~", "~'s power", "its toughness", "that spell's mana value", "your life total", "the
amount of life you gained this turn", "your devotion to black" (CR 700.5), "the greatest power
among creatures you control"; with "1 plus" and "twice" before them.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any, Callable

from .filters import parse_filter
from .grammar import attempt
from .lexicon import NUMBERS
from .targets import Parse, last_target
from .text import fullmatch, marker, undo
from ..vocabulary import Effect, Filter, Pump, Quantity, Ref, SELF

Reader = Callable[[Any, Parse], "list[Effect] | None"]


def where_x(s: Any, st: Parse, read: Reader) -> list[Effect] | None:
    """The effects of sentence ``s`` ending "..., where X is [count]", or None (nothing read). The
    whole sentence defines X: every instruction of it ("Target player loses X life and you gain
    X life, where X is ...") reads the count, so this is read before the sentence is split."""
    def bind(body: list[Effect], count_text: Any, st: Parse, saved: int) -> list[Effect] | None:
        count = count_phrase(count_text, _its(st, saved, body[0]))
        if count is None:
            return None
        bound = [_bind_x(e, count) for e in body]
        return bound if any(b is not e for b, e in zip(bound, body)) and not any(map(_reads_x, bound)) else None
    return _with_count(r"(.+?),? where x is (.+)", s, st, read, bind)


def counted(s: Any, st: Parse, read: Reader) -> list[Effect] | None:
    """The effects of sentence ``s`` ending "for each [count]", or None (nothing read): one
    instruction with one number (after "A and B for each ...", which of them counts is not
    known: not read)."""
    def bind(body: list[Effect], count_text: Any, st: Parse, saved: int) -> list[Effect] | None:
        count = each_phrase(count_text)
        bound = _scale(body[0], count) if count is not None and len(body) == 1 else None
        return [bound] if bound is not None and not _reads_x(bound) else None
    return _with_count(r"(.+?) for each (.+)", s, st, read, bind)


Binder = Callable[[list[Effect], Any, Parse, int], "list[Effect] | None"]


def _with_count(pattern: str, s: Any, st: Parse, read: Reader, bind: Binder) -> list[Effect] | None:
    """``s`` read as an instruction (group 1 of ``pattern``) and the count that goes with it
    (group 2), put together by ``bind``; nothing read (targets and words undone) if either fails or
    a target still reads X."""
    m = fullmatch(pattern, s, re.I)
    if m is None:
        return None
    mark = marker(m.group(0))
    saved = st.mark()
    body = read(m.group(1), st)
    effects = bind(body, m.group(2), st, saved) if body and not any(map(_reads_x, st.targets[saved:])) else None
    if effects is None:
        st.rollback(saved)
        undo(mark)
        return None
    m.consume()
    return effects


# -- what is counted ---------------------------------------------------------------------------
_BASIC_TYPES = "basic land types among lands you control"


def _its(st: Parse, saved: int, body: Effect) -> Ref | None:
    """What "its" and "that creature's" mean after the instruction ``body``: the object it
    targets, else the object it acts on ("~ gets +X/+0 ..., where X is its power")."""
    if len(st.targets) > saved:
        return last_target(st)
    what = getattr(body, "what", None)
    return what if isinstance(what, Ref) and what.kind in ("self", "triggering") else st.it


#: "its power", "that spell's mana value": a stat of the object (CR 208, 202.3)
_STAT = re.compile(r"(~'s|its|that (?:creature|spell|card|permanent)'s) (power|toughness|mana value)")
#: Player stats (``effects.resolve.amount``): the controller's life total (CR 119), the life gained
#: this turn, devotion to a color (CR 700.5).
_PLAYER_STATS = {"your life total": "your_life", "the amount of life you gained this turn": "life_gained"}
_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@attempt
def count_phrase(text: Any, its: Ref | None = None) -> Quantity | None:
    """ "the number of creatures you control", "1 plus the number of ...", "twice ...", "its power" """
    o = str(text.strip().rstrip("."))           # as written: a subtype keeps its capital ("Elves")
    t = o.lower()
    fixed, scale = 0, 1
    if m := re.match(r"(\d+|one|two|three) plus ", t):
        fixed = int(m.group(1)) if m.group(1).isdigit() else NUMBERS[m.group(1)]
        t, o = t[m.end():], o[m.end():]
    if t.startswith("twice "):
        scale, t, o = 2, t[len("twice "):], o[len("twice "):]
    q: Quantity | None = None
    if m := _STAT.fullmatch(t):
        of = SELF if m.group(1) == "~'s" else its
        q = Quantity(stat=m.group(2).replace(" ", "_"), of=of) if of is not None else None
    elif t in _PLAYER_STATS:
        q = Quantity(stat=_PLAYER_STATS[t])
    elif m := re.fullmatch(r"your devotion to (white|blue|black|red|green)", t):
        q = Quantity(stat="devotion:" + _COLOR_LETTERS[m.group(1)])
    elif m := re.fullmatch(r"the greatest power among (.+)", t):
        flt = _permanents(o[len("the greatest power among "):])
        q = Quantity(stat="greatest_power", per=flt) if flt is not None else None
    elif m := re.fullmatch(r"the number of ([a-z0-9+/-]+) counters on ~", t):
        q = Quantity(stat=f"counters:{m.group(1)}", of=SELF)
    elif t.startswith("the number of "):
        q = _counted_things(o[len("the number of "):])
    else:
        q = None
    if q is None:
        return None
    text.consume()
    return dataclasses.replace(q, fixed=fixed, scale=scale)


@attempt
def each_phrase(text: Any) -> Quantity | None:
    """ "for each [thing]": one thing of ``_counted_things`` in the singular, or "[kind] counter on ~"."""
    o = str(text.strip().rstrip("."))
    t = o.lower()
    if m := re.fullmatch(r"([a-z0-9+/-]+) counter on ~", t):
        q: Quantity | None = Quantity(stat=f"counters:{m.group(1)}", of=SELF)
    else:
        q = _counted_things(o)
    if q is not None:
        text.consume()
    return q


def _counted_things(t: str) -> Quantity | None:
    """What "the number of ..." or "for each ..." counts, as read after those words (as written:
    "Elves" is a subtype, "elves" isn't)."""
    low = t.lower()
    if re.fullmatch(r"colors? of mana spent to cast (?:it|this spell|this creature|~)", low):
        return Quantity(stat="colors_spent")                            # converge, sunburst (CR 702.44a)
    if low in ("creature you attacked with this turn", "creatures you attacked with this turn"):
        return Quantity(stat="attacked_with")                           # CR 508.1
    if low in ("creature that attacked this turn", "creatures that attacked this turn"):
        return Quantity(stat="attacked_this_turn")                      # CR 508.1: any player's
    if re.fullmatch(r"times? (?:it|this spell|this creature|~) was kicked", low):
        return Quantity(stat="times_kicked")                            # multikicker (CR 702.33c)
    if low in ("creatures in your party", "creature in your party"):
        return Quantity(stat="party")                                   # CR 700.8
    if low in (_BASIC_TYPES, "basic land type among lands you control"):
        return Quantity(stat="domain")                                  # CR 205.3i
    if m := re.fullmatch(r"(?:(.+?) )?cards? in (your (?:hand|graveyard)|all graveyards)", t, re.I):
        kinds = m.group(1) or ""
        if both := re.fullmatch(r"(\w+) and (\w+)", kinds):
            # "each instant and sorcery card in your graveyard" (Bedlam Reveler): each card that is
            # either (the rulings; "A and B cards" counts a card of both once)
            if {both.group(1).lower(), both.group(2).lower()} <= _CARD_TYPE_WORDS:
                kinds = f"{both.group(1)} or {both.group(2)}"
        flt = parse_filter(kinds) if kinds else Filter()
        if flt is None or flt.controller or not _card_filter(flt):
            return None
        where = "all_graveyards" if m.group(2).lower() == "all graveyards" else m.group(2).split()[1].lower()
        return Quantity(stat=f"cards_in:{where}", per=flt)
    flt = _permanents(t)
    return Quantity(per=flt) if flt is not None else None


#: The card types (CR 300.1) as words, lower case.
_CARD_TYPE_WORDS = frozenset({"artifact", "battle", "creature", "enchantment", "instant", "kindred", "land",
                              "planeswalker", "sorcery"})


def _permanents(t: str) -> Filter | None:
    """ "creatures you control", "artifacts your opponents control", "Elves on the battlefield",
    "attacking creatures", "creatures you control with power 4 or greater": permanents (CR 109.2)."""
    if m := re.fullmatch(r"(.+?) on the battlefield", t, re.I):
        flt = parse_filter(m.group(1))
        return flt if flt is not None and not flt.controller and not flt.players and not flt.spells else None
    if m := re.fullmatch(r"(.+?) (you control) (with .+)", t, re.I):
        t = f"{m.group(1)} {m.group(3)}"                    # "creatures with power 4 or greater" you control
        flt = parse_filter(t)
        return dataclasses.replace(flt, controller="you") if flt is not None and not flt.controller else None
    flt = parse_filter(t)
    if flt is None or flt.players or flt.spells or flt.zone or not flt.objects:
        return None
    return flt


def _card_filter(flt: Filter) -> bool:
    """A filter of cards by type, subtype, supertype or color only (what a card in a hidden zone
    or a graveyard has, CR 400.2)."""
    return flt == Filter(types=flt.types, not_types=flt.not_types, colors=flt.colors, not_colors=flt.not_colors,
                         subtypes=flt.subtypes, supertypes=flt.supertypes, not_supertypes=flt.not_supertypes)


# -- putting the count in --------------------------------------------------------------------
def _bind_x(effect: Effect, count: Quantity) -> Effect:
    """``effect`` with every X (``Quantity.x``; a pump's +X/+X) counting ``count`` instead (itself
    if it has none)."""
    found = [False]

    def bind(q: Quantity) -> Quantity:
        if not q.x:
            return q
        if q.per is not None or q.stat or q.link or q.of is not None:
            return q                                    # (left with its X: refused by _reads_x)
        found[0] = True
        return dataclasses.replace(count, fixed=count.fixed + q.fixed)

    out = _map_quantities(effect, bind)
    if isinstance(out, Pump) and (out.x_sign or out.x_power or out.x_toughness) and out.x_value is None:
        found[0] = True
        out = dataclasses.replace(out, x_value=count)
    return out if found[0] else effect


def _scale(effect: Effect, count: Quantity) -> Effect | None:
    """``effect`` with its one fixed number multiplied by ``count``."""
    if isinstance(effect, Pump):
        if effect.x_sign or effect.x_power or effect.x_toughness or effect.x_value is not None:
            return None
        if not effect.power and not effect.toughness:
            return None
        return dataclasses.replace(effect, power=0, toughness=0, x_power=effect.power,
                                   x_toughness=effect.toughness, x_value=count)
    numbers: list[Quantity] = []
    _map_quantities(effect, lambda q: numbers.append(q) or q)         # type: ignore[func-returns-value]
    fixed = [q for q in numbers if q.fixed and not (q.x or q.per or q.stat or q.link or q.of)]
    if len(numbers) != 1 or len(fixed) != 1:
        return None
    return _map_quantities(effect, lambda q: dataclasses.replace(count, scale=count.scale * q.fixed))


def _map_quantities(value: Any, fn: Callable[[Quantity], Quantity]) -> Any:
    """``value`` (an effect, and the effects and values inside it) with ``fn`` applied to each
    Quantity in it."""
    if isinstance(value, Quantity):
        return fn(value)
    if isinstance(value, tuple):
        return tuple(_map_quantities(v, fn) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type) and not isinstance(value, Filter):
        changes = {}
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            new = _map_quantities(v, fn)
            if new is not v:
                changes[f.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    return value


def _reads_x(value: Any) -> bool:
    """Whether X is still read somewhere in ``value`` (an effect, a target spec): a Quantity, a
    filter ("mana value X or less"), a pump, a number of targets."""
    if isinstance(value, Quantity):
        return value.x
    if isinstance(value, tuple):
        return any(map(_reads_x, value))
    if isinstance(value, Pump) and (value.x_sign or value.x_power or value.x_toughness) and value.x_value is None:
        return True
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if (f.name == "x" or f.name.endswith("_x")) and v is True:        # ("mana_value_x")
                return True
            if f.name != "x_value" and _reads_x(v):
                return True
    return False
