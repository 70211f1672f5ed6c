"""Disturb (CR 702.146): "Disturb [cost]" on the front face of a double-faced card means "You may
cast this card transformed from your graveyard by paying [cost] rather than its mana cost"
(702.146a, 712.8c), and the spell cast so enters with its back face up (702.146b); the back faces
say "If ~ would be put into a graveyard from anywhere, exile it instead" (a replacement effect,
CR 614.1a, functioning wherever the object is, CR 113.6b). The cast itself is
``rules.alternative_casts.disturb_cost``; the replacement, ``effects.cast_keywords``.
"""
from __future__ import annotations

from .keywords import KEYWORD_PARAGRAPHS
from .script_builder import ScriptBuilder
from .text import SpanMatch
from ..vocabulary import AlternativeCost, ReplacementAbility

_keyword = KEYWORD_PARAGRAPHS.rule

#: The event of "If ~ would be put into a graveyard from anywhere" (``replacement.event_kind``
#: and ``effects.cast_keywords.keyword_replacements``: any zone change of it to a graveyard).
TO_GRAVEYARD = "to_graveyard"


@_keyword(r"disturb ((?:\{[^}]+\})+)")
def _disturb(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.146a: an alternative cost with which the card is cast from its owner's graveyard,
    # transformed (CR 712.11a); only the front face of a double-faced card has it
    if face.is_spell:
        return face.not_implemented()
    face.cost_abilities.append({"alternative_costs": (AlternativeCost(
        mana=m.group(1), name="disturb", itself=True, zone="graveyard", text=face.raw),)})
    return True


@_keyword(r"if ~ would be put into a graveyard from anywhere, exile it instead\.?")
def _exile_instead(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 614.1a: "instead"; it is exiled whatever zone it would go to a graveyard from
    face.replacements.append(ReplacementAbility(TO_GRAVEYARD, itself=True, exile=True, text=face.raw))
    return True
