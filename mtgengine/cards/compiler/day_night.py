"""Day and night (CR 730) in rules text besides daybound and nightbound (plain keywords,
``keywords.KEYWORDS``, CR 702.145): "If it's neither day nor night, it becomes day as ~
enters" (a replacement effect of the permanent entering, CR 614.1c) and "Whenever day becomes
night or night becomes day" (CR 730.1a). "It becomes day / night" is an effect
(``designations``). What they do: ``effects.day_night``."""
from __future__ import annotations

from .keywords import KEYWORD_PARAGRAPHS
from .script_builder import ScriptBuilder
from .text import SpanMatch
from .triggers import TRIGGERS
from ..vocabulary import BecomeDayNight, Condition, ReplacementAbility, Trigger

#: CR 730.1: the game has neither designation yet.
NEITHER = Condition("day_night", value="neither")


@KEYWORD_PARAGRAPHS.rule(r"if it's neither day nor night, it becomes day as ~ enters(?: the battlefield)?\.?")
def _day_as_enters(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 614.1c: "As [this permanent] enters ..." is a replacement effect of its entering; it
    # becomes day as part of that event (CR 730.1)
    face.replacements.append(ReplacementAbility("enters", itself=True, condition=NEITHER,
                                                also=(BecomeDayNight("day"),), text=face.raw))
    return True


# CR 730.1a: "day becomes night" / "night becomes day": the game loses one designation and gains
# the other (``effects.day_night.become``), never from neither
TRIGGERS.add(r"whenever day becomes night or night becomes day", lambda m: [Trigger("day_night_changes", "any")])
