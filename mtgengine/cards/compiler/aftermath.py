"""Aftermath (CR 702.127a), a keyword of a split card's half: ``rules.aftermath`` casts it."""
from __future__ import annotations

from .keywords import KEYWORD_PARAGRAPHS
from .script_builder import ScriptBuilder
from .text import SpanMatch


@KEYWORD_PARAGRAPHS.rule(r"aftermath")
def _aftermath(m: SpanMatch, face: ScriptBuilder) -> bool:
    """ "Aftermath": cast from a graveyard only, then exiled (CR 702.127a)."""
    face.keywords.add("aftermath")
    return True
