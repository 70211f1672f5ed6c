"""Activation instructions (CR 602.1: "[Cost]: [Effect.] [Activation instructions.]"): the
sentences after an activated ability's effect that limit when and how often it may be
activated (CR 602.5): "Activate only as a sorcery." (602.5d), "... as an instant." (602.5e),
"Activate only once each turn.", "Activate only once.", "Activate only during your upkeep.", "Activate only during
your turn, before attackers are declared.", "Activate only if <condition>.", or several
joined by "and only" ("Activate only during your turn and only once each turn.").

Timing limits are conditions checked as the ability would be activated (``Condition`` kinds
"turn" and "step", read by ``effects.triggers.condition_holds``), joined to an "if" condition
with ``Condition.also``."""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .conditions import parse_condition
from .text import consume, finditer, fullmatch, search, split
from ..vocabulary import Condition

_PER_TURN = {"only once": 1, "no more than twice": 2, "no more than three times": 3}
#: "Activate only during ...": the condition each timing stands for (CR 602.5).
_TIMINGS: dict[str, Condition] = {
    "during your turn": Condition("turn", value="you"),
    "during an opponent's turn": Condition("turn", value="opponent"),
    "during your turn, before attackers are declared": Condition("step", value="before_attackers"),
    "during your upkeep": Condition("step", value="upkeep", also=Condition("turn", value="you")),
    "during any upkeep step": Condition("step", value="upkeep"),
    "during an upkeep step": Condition("step", value="upkeep"),
    "during combat": Condition("step", value="combat"),
    "during the declare blockers step": Condition("step", value="declare_blockers"),
    "during the declare attackers step": Condition("step", value="declare_attackers"),
    "during your end step": Condition("step", value="end", also=Condition("turn", value="you")),
}


@dataclass(frozen=True)
class ActivationLimits:
    """What an ability's activation instructions say."""

    sorcery: bool = False              # CR 602.5d
    per_turn: int = 0                  # "Activate only once each turn": 1
    condition: Condition | None = None
    once: bool = False                 # "Activate only once" (this object, CR 602.5b)


def split_activation_limits(text: str) -> tuple[str, ActivationLimits] | None:
    """The effect text without its activation instructions, and what they say; the text
    unchanged if it has none; None if it has one this doesn't understand (the ability is not
    implemented rather than activated when it shouldn't be)."""
    m = search(r"(?:^|(?<=\. ))Activate (?:only|no more than) [^.]+\.$", text)
    if m is None:
        return text, ActivationLimits()
    limits = _limits(m.group(0))
    if limits is None:
        return None
    m.consume()
    return text[: m.start()].rstrip(), limits


def _limits(sentence: str) -> ActivationLimits | None:
    body = fullmatch(r"Activate (.+)\.", sentence)
    assert body is not None
    parts = split(r" and (?=only |no more than )", body.group(1))
    sorcery, per_turn, once, conditions = False, 0, False, []
    for part in parts:
        p = part.strip()
        low = p.lower()
        if low == "only as a sorcery":
            sorcery = True
        elif low == "only as an instant":
            pass                                    # CR 602.5e: the timing of an instant, any time
        elif (turn := fullmatch(r"(only once|no more than twice|no more than three times) each turn", p, re.I)):
            per_turn = _PER_TURN[turn.group(1).lower()]
        elif low == "only once":
            once = True
        elif (when := fullmatch(r"only (during .+)", p, re.I)) and when.group(1).lower() in _TIMINGS:
            conditions.append(_TIMINGS[when.group(1).lower()])
        elif (cond := fullmatch(r"only if (.+)", p, re.I)) and (c := parse_condition(cond.group(1))) is not None:
            conditions.append(c)
            cond.consume()
            continue
        else:
            return None
        consume(p)
    consume(sentence[: len("Activate ")], sentence[-1:])
    for joint in finditer(r" and (?=only |no more than )", sentence):
        joint.consume()
    return ActivationLimits(sorcery, per_turn, _all_of(conditions), once)


def _all_of(conditions: list[Condition]) -> Condition | None:
    """The conditions joined: each must hold (``Condition.also``, nested)."""
    out: Condition | None = None
    for cond in reversed(conditions):
        out = cond if out is None else _with_last(cond, out)
    return out


def _with_last(cond: Condition, last: Condition) -> Condition:
    """``cond`` with ``last`` joined at the end of its chain of ``also``."""
    if cond.also is None:
        return replace(cond, also=last)
    return replace(cond, also=_with_last(cond.also, last))
