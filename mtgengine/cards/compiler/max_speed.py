"""Max speed (CR 702.178) and start your engines! (CR 702.179).

"Max speed — [Ability]" means "As long as your speed is 4, this object has '[Ability]'" (CR
702.178a): the ability after the dash is read by the other paragraph readers, and what it added
is made a static ability of the object with that condition (Condition "speed", ``effects.speed``):
keywords and triggered and activated abilities granted in layer 6, the object's own static
abilities under the same condition. An ability granted from another zone than the battlefield
(702.178b), a replacement effect, a cost change or a player's static ability stays unimplemented.
"""
from __future__ import annotations

import re
from dataclasses import replace

from . import nested
from .script_builder import ScriptBuilder
from .statics import self_grants
from .text import Span, consume, fullmatch, match
from ..vocabulary import ChangeAbilities, Condition, StaticAbility

#: CR 702.178a, 702.179e: your speed is 4.
MAX_SPEED = Condition("speed", at_least=4)


def read_start_your_engines(para: Span, face: ScriptBuilder) -> bool:
    """ "Start your engines!" (CR 702.179a): a static ability the state-based action of 704.5z reads."""
    m = fullmatch(r"start your engines!?", para, re.I)
    if m is None:
        return False
    m.consume()
    face.keywords.add("start your engines!")
    return True


def _others(face: ScriptBuilder) -> tuple[int, ...]:
    return (len(face.replacements), len(face.player_statics), len(face.cost_abilities), len(face.extra_triggers),
            len(face.spell_effects))


def read_max_speed(para: Span, face: ScriptBuilder) -> bool:
    """ "Max speed — [ability]" (CR 702.178a)."""
    m = match(r"max speed — ", para, re.I)
    if m is None:
        return False
    consume(para[:m.end()])
    rest = para[m.end():]
    if (own := fullmatch(r"~ ((?:gets|has) .+?)\.?", rest)) and (granted := self_grants(own.group(1))) is not None:
        # "Max speed — This creature gets +1/+1 and has menace." (a grant to itself, CR 613.4c, 613.1f)
        own.consume()
        face.static.append(StaticAbility("self", granted[0], granted[1], granted[2], condition=MAX_SPEED,
                                         text=face.raw))
        return True
    s0, t0, a0 = len(face.static), len(face.triggered), len(face.activated)
    keywords, others, unimplemented = set(face.keywords), _others(face), len(face.unimplemented)
    if not nested.read_paragraph(rest, face, read_max_speed):
        return face.not_implemented()
    if len(face.unimplemented) > unimplemented:
        return True
    static, triggered, activated = face.static[s0:], face.triggered[t0:], face.activated[a0:]
    gained = frozenset(face.keywords - keywords)
    del face.static[s0:], face.triggered[t0:], face.activated[a0:]
    face.keywords.difference_update(gained)
    if _others(face) != others or any(a.zone for a in activated) or any(s.cda for s in static):
        return face.not_implemented()       # (702.178b: from another zone; an ability it can't grant yet)
    mods = (ChangeAbilities(add_triggered=tuple(triggered), add_activated=tuple(activated)),) \
        if triggered or activated else ()
    if gained or mods:
        face.static.append(StaticAbility("self", keywords=gained, mods=mods, condition=MAX_SPEED, text=face.raw))
    face.static.extend(replace(s, condition=replace(MAX_SPEED, also=s.condition) if s.condition else MAX_SPEED)
                       for s in static)
    return True
