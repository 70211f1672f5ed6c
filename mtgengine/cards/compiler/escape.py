"""Escape (CR 702.138): "Escape—[cost]" is an alternative cost with which the card is cast from
its owner's graveyard (702.138a), its cost mana and "Exile N other cards from your graveyard";
and what a permanent that escaped has (702.138b-c): "~ escapes with N +1/+1 counters on it" is
"If this permanent escaped, it enters with those counters". The cast itself is
``rules.alternative_casts.escape_cost``; "escaped" is the alternative cost the spell that became
the permanent was cast for (``effects.cast_keywords``'s "cost_paid" condition, CR 400.7d).
"""
from __future__ import annotations

from .conditions import ESCAPED
from .keywords import KEYWORD_PARAGRAPHS, counter_kind_ok
from .lexicon import num
from .script_builder import ScriptBuilder
from .text import SpanMatch
from ..vocabulary import AdditionalCost, AlternativeCost, Filter, ReplacementAbility

_keyword = KEYWORD_PARAGRAPHS.rule



@_keyword(r"escape ?[-—–] ?{MANA}, exile {NUM} other cards? from your graveyard\.?")
def _escape(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.138a: "You may cast this card from your graveyard by paying [cost] rather than
    # paying its mana cost." The other cards are exiled as the cost is paid (CR 601.2h); the card
    # itself is on the stack by then (CR 601.2a), so it is never one of them.
    count = num(m.group(2)).fixed
    if count < 1:
        return face.not_implemented()
    exile = AdditionalCost(exile=Filter(zone="graveyard"), count=count, text=face.raw)
    face.cost_abilities.append({"alternative_costs": (AlternativeCost(
        mana=m.group(1), name="escape", itself=True, zone="graveyard", objects=(exile,), text=face.raw),)})
    return True


@_keyword(r"~ escapes with {NUM} ([+-]\d+/[+-]\d+|[a-z]+) counters? on it\.?")
def _escapes_with(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.138c: "[This permanent] escapes with [counters]" means "If this permanent escaped,
    # it enters with [those counters]" (a replacement effect, CR 614.1c)
    kind = m.group(2).lower()
    if not counter_kind_ok(kind):
        return face.not_implemented()
    face.replacements.append(ReplacementAbility("enters", itself=True, enters_counters=kind, amount=num(m.group(1)),
                                                condition=ESCAPED, text=face.raw))
    return True
