"""Blocking restrictions an attacker's own ability states (CR 509.1b), compiled into the
restriction strings ``rules.combat`` reads: how many creatures may block it and which may."""
from __future__ import annotations

import re

from .lexicon import NUMBERS

#: "can't be blocked by more than N creatures": at most N blockers (CR 509.1b, Bristling Boar)
MAX_BLOCKERS = "can't be blocked by more than {} creatures"
#: "can't be blocked except by N or more creatures": at least N (CR 509.1b, Troll of Khazad-dûm)
MIN_BLOCKERS = "can't be blocked except by {} or more creatures"
#: "can't be blocked by creatures with power N or greater" (CR 509.1b, Daxos of Meletis)
BLOCKED_BY_POWER_OR_GREATER = "can't be blocked by creatures with power {} or greater"
#: "creatures with power less than ~'s power can't block it" (CR 509.1b, Aura Gnarlid)
LESS_POWER_CANT_BLOCK = "can't be blocked by creatures with power less than its power"

#: "can block an additional creature each combat": two attackers (CR 509.1a, Night Market Guard)
BLOCKS_ADDITIONAL = "can block an additional creature each combat"
#: "can block any number of creatures": every attacker it can (CR 509.1a, Palace Guard)
BLOCKS_ANY_NUMBER = "can block any number of creatures"
#: "you may have ~ assign its combat damage as though it weren't blocked" (Thorn Elemental): its
#: controller may have it assign all its combat damage to what it attacks (CR 510.1c)
AS_THOUGH_UNBLOCKED = "may assign its combat damage as though it weren't blocked"
_PHRASES = {BLOCKS_ADDITIONAL: (BLOCKS_ADDITIONAL,), BLOCKS_ANY_NUMBER: (BLOCKS_ANY_NUMBER,)}

_NUM = r"(" + "|".join(w for w in NUMBERS if w not in ("a", "an", "x")) + r"|\d+)"
_PATTERNS = (
    (re.compile(rf"can't be blocked by more than {_NUM} creatures?"), MAX_BLOCKERS),
    (re.compile(rf"can't be blocked except by {_NUM} or more creatures"), MIN_BLOCKERS),
    (re.compile(rf"can't be blocked by creatures with power {_NUM} or greater"), BLOCKED_BY_POWER_OR_GREATER),
)


def _count(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS[word]


def blocking_restriction(part: str) -> tuple[str, ...] | None:
    """The restriction a lowercase "can't be blocked ..." phrase states, its number normalized
    to digits (CR 509.1b), or the rule change "can block an additional creature" (CR 509.1a)."""
    if part in _PHRASES:
        return _PHRASES[part]
    for pattern, template in _PATTERNS:
        if m := pattern.fullmatch(part):
            return (template.format(_count(m.group(1))),)
    return None


def restriction_number(keywords: frozenset[str] | set[str], template: str) -> int | None:
    """The N of the restriction ``template`` among ``keywords`` (the smallest), or None."""
    head, _, tail = template.partition("{}")
    found = [int(kw[len(head):len(kw) - len(tail)]) for kw in keywords
             if kw.startswith(head) and kw.endswith(tail) and kw[len(head):len(kw) - len(tail)].isdigit()]
    return min(found) if found else None
