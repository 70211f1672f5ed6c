"""Rule-changing statics about attacking and blocking (CR 604.1, 508.1c, 509.1b) that read what
a layer-6 grant can't: "Creatures without flying can't attack" (Moat: flying is read after
layer 6, CR 613.1f), "Creatures with power greater than the number of cards in your hand can't
attack" (Ensnaring Bridge: power is read after layer 7). Each compiles to a
``CombatRestriction`` that ``effects.combat_restrictions`` checks as attackers and blockers are
declared; a subject an anthem reads ("Creatures your opponents control can't block") is granted
in layer 6 by ``statics`` instead, which tries it first."""
from __future__ import annotations

import re

from .amounts import count_phrase
from .filters import parse_filter
from .script_builder import ScriptBuilder
from .statics import STATIC_PARAGRAPHS
from .text import SpanMatch, fullmatch
from ..vocabulary import CombatRestriction

_WHAT = {"can't attack": (True, False), "can't block": (False, True), "can't attack or block": (True, True)}


@STATIC_PARAGRAPHS.rule(r"(creatures?.*?) (can't attack or block|can't attack|can't block)\.")
def _restriction(m: SpanMatch, face: ScriptBuilder) -> bool | None:
    subject = m.group(1)
    power_above = None
    if power := fullmatch(r"(creatures) with power greater than (.+)", subject, re.I):
        power_above = count_phrase(power.group(2))          # "... the number of cards in your hand"
        if power_above is None:
            return None
        power.consume()
        subject = power.group(1)
    flt = parse_filter(subject)
    if flt is None or flt.players or flt.spells or flt.zone:
        return None
    attack, block = _WHAT[m.group(2).lower()]
    face.cost_abilities.append({"combat_restrictions": (
        CombatRestriction(flt, attack=attack, block=block, power_above=power_above, text=face.raw),)})
    return True
