"""Combat restrictions and requirements written as a creature's own words (CR 508.1c, 509.1b):
how many creatures may block it, which creatures can't, how many it may block, whether it may
attack or block alone. Each compiles to a keyword-like string granted in layer 6 (as
``keywords.RESTRICTIONS``), carried out by ``rules.combat`` as attackers and blockers are
declared; ``combat_restriction`` reads one phrase ("can't be blocked by more than one
creature")."""
from __future__ import annotations

import re
from functools import lru_cache

from .filters import creature_type_filter, parse_filter
from .lexicon import NUMBERS
from ..vocabulary import Filter


#: "can't be blocked by more than N creatures" (Charging Rhino): N is the most blockers (CR 509.1b)
BLOCKED_BY_AT_MOST = "can't be blocked by more than {} creatures"
#: "can't be blocked except by N or more creatures" (Troll of Khazad-dum; menace's kin, CR 509.1b)
BLOCKED_BY_AT_LEAST = "can't be blocked except by {} or more creatures"
#: "can't be blocked by creatures with power N or greater" (Daxos of Meletis, CR 509.1b)
BLOCKED_BY_POWER_AT_LEAST = "can't be blocked by creatures with power {} or greater"
#: "can't block creatures with power N or greater" (Brassclaw Orcs, CR 509.1b)
BLOCKS_POWER_BELOW = "can't block creatures with power {} or greater"
#: "Creatures with power less than ~'s power can't block it" (Aura Gnarlid, CR 509.1b)
BLOCKED_BY_POWER_BELOW_OWN = "creatures with power less than its power can't block it"
#: "can block an additional creature each combat" (Foriysian Brigade, CR 509.1a)
BLOCKS_ONE_MORE = "can block an additional creature each combat"
#: "can block any number of creatures" (Palace Guard, CR 509.1a)
BLOCKS_ANY_NUMBER = "can block any number of creatures"
#: "must be blocked if able" (Goblin Fire Fiend): a blocking requirement (CR 509.1c)
MUST_BE_BLOCKED = "must be blocked if able"
#: "You may have ~ assign its combat damage as though it weren't blocked" (Thorn Elemental),
#: chosen by its controller as combat damage is assigned (CR 510.1b-c; the cards' rulings)
ASSIGNS_AS_UNBLOCKED = "may assign its combat damage as though it weren't blocked"
#: "can't attack alone" / "can't block alone" (Mogg Flunkies, CR 508.1c, 509.1b)
ATTACKS_NOT_ALONE = "can't attack alone"
BLOCKS_NOT_ALONE = "can't block alone"

#: "can't be blocked by Walls" / "can't be blocked except by creatures with flying" (CR 509.1b):
#: these prefixes, then the blockers' phrase, read by ``block_filter``
BLOCKED_BY = "can't be blocked by "
BLOCKED_EXCEPT_BY = "can't be blocked except by "

#: The prefixes of the numbered ones, as ``rules.combat`` reads them back.
NUMBERED = {pattern: pattern.split("{}")[0] for pattern in (
    BLOCKED_BY_AT_MOST, BLOCKED_BY_AT_LEAST, BLOCKED_BY_POWER_AT_LEAST, BLOCKS_POWER_BELOW)}

_NUMBER = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"can't be blocked by more than {_NUMBER} creatures?"), BLOCKED_BY_AT_MOST),
    (re.compile(rf"can't be blocked except by {_NUMBER} or more creatures"), BLOCKED_BY_AT_LEAST),
    (re.compile(rf"can't be blocked by creatures with power {_NUMBER} or greater"), BLOCKED_BY_POWER_AT_LEAST),
    (re.compile(rf"can't block creatures with power {_NUMBER} or greater"), BLOCKS_POWER_BELOW),
)
_PHRASES = {
    "can block an additional creature each combat": (BLOCKS_ONE_MORE,),
    "can block any number of creatures": (BLOCKS_ANY_NUMBER,),
    "can't attack alone": (ATTACKS_NOT_ALONE,),
    "can't block alone": (BLOCKS_NOT_ALONE,),
    "can't attack or block alone": (ATTACKS_NOT_ALONE, BLOCKS_NOT_ALONE),
    "must be blocked if able": (MUST_BE_BLOCKED,),
}


def _count(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS[word]


def combat_restriction(part: str) -> tuple[str, ...] | None:
    """The keyword strings one restriction phrase (lowercase, without its subject) stands for,
    or None if it isn't one of these."""
    found = _PHRASES.get(part)
    if found is not None:
        return found
    for pattern, template in _PATTERNS:
        if m := pattern.fullmatch(part):
            return (template.format(_count(m.group(1))),)
    for prefix in (BLOCKED_EXCEPT_BY, BLOCKED_BY):
        if part.startswith(prefix) and block_filter(str(part[len(prefix):])) is not None:
            return (prefix + str(part[len(prefix):]),)
    return None


@lru_cache(maxsize=None)
def block_filter(phrase: str) -> Filter | None:
    """The creatures a "can't be blocked (except) by [phrase]" restriction names ("Walls",
    "artifact creatures", "creatures with flying or reach", "white creatures"), or None when the
    phrase is not a plain quality of creatures (a controller, "other", several clauses)."""
    if " and/or " in phrase or "power" in phrase or "more than" in phrase or phrase[:1].isdigit():
        return None
    flt = parse_filter(phrase) or creature_type_filter(phrase.capitalize())
    if flt is None or flt.spells or flt.players or flt.controller or flt.other or flt.power_max_source \
            or flt.power_below_source or flt.in_combat is not None or flt.attacking is not None:
        return None
    return flt


def restriction_number(keywords: frozenset[str], template: str) -> int | None:
    """The N of a numbered restriction among ``keywords`` (the strictest, if several), or None."""
    prefix = NUMBERED[template]
    found = [int(word) for kw in keywords if kw.startswith(prefix) and (word := kw[len(prefix):].split()[0]).isdigit()]
    if not found:
        return None
    return max(found) if template == BLOCKED_BY_AT_LEAST else min(found)
