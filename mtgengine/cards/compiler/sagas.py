"""Chapter abilities of Sagas (CR 714.2): "I — [effect]", "I, II — [effect]".

A chapter symbol is a keyword ability standing for a triggered ability (CR 714.2): "{rN} —
[Effect]" means "When one or more lore counters are put onto this Saga, if the number of lore
counters on it was less than N and became at least N, [effect]" (714.2b), and "{rN1}, {rN2} —
[Effect]" is one such ability per number (714.2c). Each compiles to a TriggeredAbility whose
trigger is ``Trigger("chapter", number=N)``, matched by ``effects.sagas``.
"""
from __future__ import annotations

import re

from .clause import effect_rule
from .keywords import KEYWORD_PARAGRAPHS
from .script_builder import ScriptBuilder
from .sentences import parse_effects
from .targets import Parse
from .text import Span, SpanMatch, consume, fullmatch, match
from ..vocabulary import Effect, Exile, Ref, ReturnToBattlefield, SELF, Trigger, TriggeredAbility

#: The Roman numerals of chapter symbols (CR 714.2a), I to X.
NUMERALS = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}
_NUMERAL = r"(?:X|IX|VIII|VII|VI|V|IV|III|II|I)"
_DASH = r" [—-] "                  # (a few printings have a hyphen)


def chapter_numbers(text: str) -> tuple[int, ...]:
    """The chapter numbers of a paragraph's chapter symbols ("I, II — ..." is (1, 2)), or ()."""
    m = re.match(rf"({_NUMERAL}(?:, {_NUMERAL})*){_DASH}", text)
    return tuple(NUMERALS[n] for n in m.group(1).split(", ")) if m else ()


def read_chapter(para: Span, face: ScriptBuilder) -> bool:
    """ "I, II — Create a 2/2 white Knight creature token with vigilance.": the chapter abilities
    (CR 714.2b-c), one per number, with the same effect text."""
    m = fullmatch(rf"({_NUMERAL}(?:, {_NUMERAL})*){_DASH}(.+)", para)
    if m is None:
        return False
    numbers = [NUMERALS[n] for n in str(m.group(1)).split(", ")]
    body = m.group(2)
    optional = False
    if body.lower().startswith("you may ") and not match(r"you may [^.]+\. (?:when|if) you do, ", body, re.I):
        optional = True                 # "you may" (CR 603.5)
        consume(body[:len("you may ")])
        body = body[len("you may "):]
    abilities = []
    for n in numbers:
        st = Parse(it=SELF, link=face.link)
        effects = parse_effects(body, st)
        if effects is None:
            return face.not_implemented()
        abilities.append(TriggeredAbility(Trigger("chapter", number=n), tuple(effects), tuple(st.targets),
                                          face.raw, optional))
    m.consume()
    face.triggered.extend(abilities)
    return True


@KEYWORD_PARAGRAPHS.rule(r"read ahead")
def _read_ahead(m: SpanMatch, face: ScriptBuilder) -> bool:
    """CR 702.155: the Saga enters with a chosen number of lore counters (``effects.sagas``)."""
    face.keywords.add("read ahead")
    return True


@effect_rule(r"exile ~, then return (?:it|~) to the battlefield( tapped and)? transformed under "
             r"(your|its owner's) control")
def _exile_return_transformed(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Exile this Saga, then return it to the battlefield transformed under your control." (Fable
    of the Mirror-Breaker, the Kamigawa Sagas): the card returns with its back face up (CR 712.14a)
    as a new object (CR 400.7), without lore counters or chapter abilities (so not sacrificed,
    CR 714.4)."""
    return [Exile(SELF), ReturnToBattlefield(Ref("moved_self"), tapped=bool(m.group(1)),
                                             under_owner=m.group(2).lower() != "your", transformed=True)]
