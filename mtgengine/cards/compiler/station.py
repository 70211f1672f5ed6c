"""Station (CR 702.184) and station cards (CR 721).

"Station" means "Tap another untapped creature you control: Put a number of charge counters on
this permanent equal to the tapped creature's power. Activate only as a sorcery" (CR 702.184a):
the creature tapped for the cost is the ability's remembered object (``rules.activation``), its
power read as the ability resolves (CR 608.2h). A station symbol "STATION N+" is a static ability:
"As long as this permanent has N or more charge counters on it, it has [abilities]", and with a
P/T box "... and is a creature with base power and toughness [P/T] in addition to its other types"
(CR 721.2a-b). The paragraphs after a symbol are read as usual and then made that static ability
(``with_station_symbols``); the abilities above the first symbol are the card's at all times, the
station ability among them (CR 721.4). Off the battlefield a station card has no P/T (721.2c).
"""
from __future__ import annotations

import re
from dataclasses import replace

from .script_builder import ScriptBuilder
from .text import Span, fullmatch
from ..vocabulary import (
    ActivatedAbility, CardScript, ChangeAbilities, ChangeTypes, Condition, Cost, CostObjects, Filter, PutCounters,
    Quantity, Ref, SELF, SetPT, StaticAbility, n,
)

CHARGE = "charge"


def read_station(para: Span, face: ScriptBuilder) -> bool:
    """ "Station" (CR 702.184a; its reminder text is left out by the normalizer)."""
    m = fullmatch(r"station", para, re.I)
    if m is None:
        return False
    m.consume()
    tap = CostObjects("tap", 1, Filter(types=frozenset({"Creature"}), tapped=False, controller="you", other=True))
    face.activated.append(ActivatedAbility(
        Cost(objects=(tap,)), (PutCounters(SELF, CHARGE, Quantity(stat="power", of=Ref("remembered"))),), (),
        face.raw, sorcery_speed=True))
    return True


def read_station_symbol(para: Span, face: ScriptBuilder) -> bool:
    """ "STATION 7+" (CR 721.2): the striation that follows is this symbol's."""
    m = fullmatch(r"STATION (\d+)\+", para)
    if m is None:
        return False
    m.consume()
    face.station_symbols.append([int(m.group(1)), face.number, face.ability_counts(), frozenset(face.keywords), None])
    return True


def read_station_pt(para: Span, face: ScriptBuilder) -> bool:
    """ "0/8" in a striation: the station symbol's power/toughness box (CR 721.2b)."""
    if not face.station_symbols or face.station_symbols[-1][4] is not None:
        return False
    m = fullmatch(r"(\d+)/(\d+)", para)
    if m is None:
        return False
    m.consume()
    face.station_symbols[-1][4] = (int(m.group(1)), int(m.group(2)))
    return True



def with_station_symbols(script: CardScript, face: ScriptBuilder, lines: list[str]) -> CardScript:
    """The script with each station symbol's striation made its static ability (CR 721.2a-b). A
    striation with an ability a symbol can't grant yet (a replacement effect, a cost change, a
    player's static ability) is unimplemented."""
    symbols = face.station_symbols
    if not symbols:
        return script
    first = symbols[0][2]
    static = list(script.static[:first[0]])
    triggered, activated = script.triggered[:first[1]], script.activated[:first[2]]
    keywords = set(symbols[0][3])
    unimplemented = list(script.unimplemented)
    for i, (low, number, start, had, pt) in enumerate(symbols):
        last = i + 1 == len(symbols)
        end = face.ability_counts() if last else symbols[i + 1][2]
        now = frozenset(face.keywords) if last else symbols[i + 1][3]
        upto = len(lines) if last else symbols[i + 1][1] - 1
        section = [(k, lines[k - 1]) for k in range(number, upto + 1) if lines[k - 1].strip()]
        cond = Condition("source_counters", value=CHARGE, at_least=low)
        own = script.static[start[0]:end[0]]
        if any(end[k] != start[k] for k in range(3, len(start))):
            unimplemented.extend(section)
            continue
        mods: tuple = ()
        if pt is not None:
            # CR 721.2b: a creature in addition to its other types (layer 4), base P/T (layer 7b)
            mods = (ChangeTypes(add_types=frozenset({"Creature"})), SetPT(n(pt[0]), n(pt[1])))
        gained_triggered, gained_activated = script.triggered[start[1]:end[1]], script.activated[start[2]:end[2]]
        if gained_triggered or gained_activated:
            mods += (ChangeAbilities(add_triggered=gained_triggered, add_activated=gained_activated),)
        if mods or now - had:
            static.append(StaticAbility("self", keywords=frozenset(now - had), mods=mods, condition=cond,
                                        text="\n".join(text for _k, text in section)))
        static.extend(replace(s, condition=replace(cond, also=s.condition) if s.condition else cond) for s in own)
    return replace(script, static=tuple(static), triggered=triggered, activated=activated,
                   keywords=frozenset(keywords), unimplemented=tuple(unimplemented))
