"""The abilities that modify Commander's deck construction rules and function before the game
(CR 113.6n): the partner abilities (CR 702.124a: partner—[text], partner with [name], choose a
Background, Doctor's companion; plain "Partner" is a keyword, ``keywords``) and "~ can be your
commander" (CR 903.3a). Each compiles to a ``Pregame`` ability that ``rules.partner`` reads when a
deck's commanders are designated; in the game they do nothing.

"A deck can have any number of cards named ~" (Relentless Rats) and "up to seven" (Seven Dwarves)
change the deck construction rules the same way (CR 101.1: the card takes precedence).

"Partner with [name]" is two abilities (CR 702.124j): the partner ability, and "When this
permanent enters, target player may search their library for a card named [name], reveal it, put
it into their hand, then shuffle", compiled here as the triggered ability it means.
"""
from __future__ import annotations

from .keywords import KEYWORD_PARAGRAPHS
from .lexicon import num
from .script_builder import ScriptBuilder
from .text import SpanMatch, consume
from ..vocabulary import Filter, Pregame, Ref, Search, TargetSpec, Trigger, TriggeredAbility

#: The ``Pregame.kind`` of a partner ability; its ``link`` names the variant (CR 702.124a).
PARTNER = "partner"
#: The ``Pregame.kind`` of "~ can be your commander" (CR 903.3a).
CAN_BE_COMMANDER = "can_be_commander"
#: The ``Pregame.kind`` of "A deck can have any number of / up to seven cards named ~" (CR 100.2a,
#: 903.5b modified by the card, CR 101.1); its ``link``: "any" or the number.
DECK_COPIES = "deck_copies"


def _pregame(face: ScriptBuilder, kind: str, variant: str) -> bool:
    face.cost_abilities.append({"pregame": (Pregame(kind, link=variant, text=face.raw),)})
    return True


@KEYWORD_PARAGRAPHS.rule(r"choose a background")
def _choose_a_background(m: SpanMatch, face: ScriptBuilder) -> bool:
    """CR 702.124k: a second commander that is a legendary Background enchantment card."""
    return _pregame(face, PARTNER, "choose a background")


@KEYWORD_PARAGRAPHS.rule(r"doctor['’]s companion")
def _doctors_companion(m: SpanMatch, face: ScriptBuilder) -> bool:
    """CR 702.124m: a second commander that is a legendary Time Lord Doctor creature card."""
    return _pregame(face, PARTNER, "doctor's companion")


@KEYWORD_PARAGRAPHS.rule(r"friends forever")
def _friends_forever(m: SpanMatch, face: ScriptBuilder) -> bool:
    """CR 702.124i: "Friends forever" is the partner—[text] ability "partner—Friends forever"."""
    return _pregame(face, PARTNER, "partner—friends forever")


@KEYWORD_PARAGRAPHS.rule(r"partner ?[—–-] ?([a-z][a-z &']*)")
def _partner_text(m: SpanMatch, face: ScriptBuilder) -> bool:
    """CR 702.124i: "Partner—[text]": two commanders that have the same partner—[text] ability."""
    return _pregame(face, PARTNER, "partner—" + " ".join(m.group(1).lower().split()))


@KEYWORD_PARAGRAPHS.rule(r"~ can be your commander\.?")
def _can_be_commander(m: SpanMatch, face: ScriptBuilder) -> bool:
    """CR 903.3a: this card may be a commander though it is no legendary creature or Vehicle."""
    return _pregame(face, CAN_BE_COMMANDER, "")


@KEYWORD_PARAGRAPHS.rule(r"partner with ([^()~.]+?)\.?")
def _partner_with(m: SpanMatch, face: ScriptBuilder) -> bool:
    """CR 702.124j: "Partner with [name]": two commanders each partnered with the other's name,
    and the search for [name] when this permanent enters."""
    name = m.group(1)
    consume(name)                       # (the name is free text the pattern leaves to the rule)
    other = name.strip()
    face.triggered.append(TriggeredAbility(
        Trigger("enters"),
        (Search(Ref("target", 0), Filter(), to="hand", optional=True, named=other),),
        targets=(TargetSpec(Filter(players=True, objects=False), text="target player"),),
        text=f"Partner with {other}: when this permanent enters, target player may search their library "
             f"for a card named {other}, reveal it, put it into their hand, then shuffle (CR 702.124j)"))
    return _pregame(face, PARTNER, f"partner with {other}")


@KEYWORD_PARAGRAPHS.rule(r"a deck can have (any number|up to (\w+)) (?:of )?cards named ~\.?")
def _deck_copies(m: SpanMatch, face: ScriptBuilder) -> bool:
    """CR 100.2a, 903.5b as the card changes them (CR 101.1): how many cards of its name a deck may hold."""
    if m.group(2) is None:
        m.group(1)                      # "any number": read (a group never looked at is dropped)
        return _pregame(face, DECK_COPIES, "any")
    count = num(m.group(2))
    if count.fixed is None or count.fixed < 2:
        return face.not_implemented()
    return _pregame(face, DECK_COPIES, str(count.fixed))
