"""Leveler cards (CR 711) and level up (CR 702.87).

"Level up [cost]" means "[Cost]: Put a level counter on this permanent. Activate only as a
sorcery" (CR 702.87a). A level symbol "LEVEL N1-N2" / "LEVEL N3+" is a static ability: "As long
as this creature has at least N1 level counters on it, but no more than N2, it has base power and
toughness [P/T] and has [abilities]" (CR 711.2a-b). The paragraphs after a symbol — its P/T box
and its abilities — are read as usual and then made that static ability (``with_level_symbols``):
base P/T in layer 7b, keywords and the triggered and activated abilities granted in layer 6, and
the section's own static abilities under the same condition. The abilities above the first symbol
(level up among them) are the card's at all times (CR 711.4); below N1 the card has its printed
P/T, the uppermost box (CR 711.5), as in every other zone (711.6).
"""
from __future__ import annotations

import re
from dataclasses import replace

from .costs import parse_cost
from .script_builder import ScriptBuilder
from .text import Span, fullmatch
from ..vocabulary import (
    ActivatedAbility, CardScript, ChangeAbilities, Condition, PutCounters, SELF, SetPT, StaticAbility, n,
)

LEVEL = "level"


def read_level_up(para: Span, face: ScriptBuilder) -> bool:
    """ "Level up {1}{W}" (CR 702.87a)."""
    m = fullmatch(r"level up ((?:\{[^}]+\})+)", para, re.I)
    if m is None:
        return False
    cost = parse_cost(m.group(1))
    if cost is None:
        return face.not_implemented()
    m.consume()
    face.activated.append(ActivatedAbility(cost, (PutCounters(SELF, LEVEL, n(1)),), (), face.raw,
                                           sorcery_speed=True))
    return True


def read_level_symbol(para: Span, face: ScriptBuilder) -> bool:
    """ "LEVEL 2-6", "LEVEL 7+" (CR 711.2): the striation that follows is this symbol's."""
    m = fullmatch(r"LEVEL (\d+)(?:-(\d+)|(\+))", para)
    if m is None:
        return False
    m.consume()
    low = int(m.group(1))
    high = int(m.group(2)) if m.group(2) else None
    face.level_symbols.append([low, high, face.number, face.ability_counts(), frozenset(face.keywords), None])
    return True


def read_level_pt(para: Span, face: ScriptBuilder) -> bool:
    """ "3/3" in a striation: the level symbol's power/toughness box (CR 711.2)."""
    if not face.level_symbols or face.level_symbols[-1][5] is not None:
        return False
    m = fullmatch(r"(\d+)/(\d+)", para)
    if m is None:
        return False
    m.consume()
    face.level_symbols[-1][5] = (int(m.group(1)), int(m.group(2)))
    return True



def with_level_symbols(script: CardScript, face: ScriptBuilder, lines: list[str]) -> CardScript:
    """The script with each level symbol's striation made its static ability (CR 711.2a-b). A
    striation with an ability a level symbol can't grant (a replacement effect, a cost change, a
    player's static ability, a static ability with a condition of its own) is unimplemented."""
    symbols = face.level_symbols
    if not symbols:
        return script
    first = symbols[0][3]
    static = list(script.static[:first[0]])
    triggered, activated = script.triggered[:first[1]], script.activated[:first[2]]
    keywords = set(symbols[0][4])
    unimplemented = list(script.unimplemented)
    for i, (low, high, number, start, had, pt) in enumerate(symbols):
        last = i + 1 == len(symbols)
        end = face.ability_counts() if last else symbols[i + 1][3]
        now = frozenset(face.keywords) if last else symbols[i + 1][4]
        upto = len(lines) if last else symbols[i + 1][2] - 1
        section = [(k, lines[k - 1]) for k in range(number, upto + 1) if lines[k - 1].strip()]
        cond = Condition("source_counters", value=LEVEL, at_least=low, at_most=high)
        own = script.static[start[0]:end[0]]
        if pt is None or any(end[k] != start[k] for k in range(3, len(start))) or any(s.condition for s in own):
            unimplemented.extend(section)
            continue
        mods: tuple = (SetPT(n(pt[0]), n(pt[1])),)
        gained_triggered, gained_activated = script.triggered[start[1]:end[1]], script.activated[start[2]:end[2]]
        if gained_triggered or gained_activated:
            mods += (ChangeAbilities(add_triggered=gained_triggered, add_activated=gained_activated),)
        static.append(StaticAbility("self", keywords=frozenset(now - had), mods=mods, condition=cond,
                                    text="\n".join(text for _k, text in section)))
        static.extend(replace(s, condition=cond) for s in own)      # "has [abilities]" (CR 711.2a)
    return replace(script, static=tuple(static), triggered=triggered, activated=activated,
                   keywords=frozenset(keywords), unimplemented=tuple(unimplemented))
