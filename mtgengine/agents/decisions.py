"""Decisions: every choice the rules give a player is one of these (ARCHITECTURE principle 5).

A decision lists its legal options in a canonical, deterministic order. Options and
answers are JSON values: object ids are ints, a player is ``player_ref(i)`` (a negative
int), words are strings, and actions are small dicts.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def player_ref(index: int) -> int:
    """A player as a target or option value: players are -1, -2, ... (objects are >= 1)."""
    return -(index + 1)


def player_of(ref: int) -> int | None:
    """The player index a value refers to, or None for an object id."""
    return -ref - 1 if isinstance(ref, int) and ref < 0 else None


#: Decisions whose answer is always a list.
MULTI_KINDS = frozenset({"attackers", "blockers", "order", "damage_assignment", "bottom", "discard"})


@dataclass(slots=True, init=False)
class Decision:
    """A question to one player.

    kind: "priority" (options are actions), "mulligan" (yes = keep), "bottom", "targets",
    "x", "mode", "yesno", "attackers", "blockers", "order", "discard", "legend", "color",
    "damage_assignment" (a mapping {target: amount} or an order of the blockers), "divide"
    (a mapping {target: amount}, CR 601.2d), "face" (which half or face to cast). For multi-select kinds (``max`` > 1) the answer is a list.
    ``info["groups"]``: the options fall into groups and an answer names options of one group
    only (a pile of Fact or Fiction, by one or more of its cards; [] for an empty group).
    ``info["sizes"]``: the only numbers of options an answer may name ("you may discard two
    cards": none or two).
    """

    player: int
    kind: str
    prompt: str
    options: list[Any]
    min: int = 1
    max: int = 1
    info: dict[str, Any] = field(default_factory=dict)

    def __init__(self, player: int, kind: str, prompt: str, options: list[Any], min: int = 1, max: int = 1,
                 info: dict[str, Any] | None = None) -> None:
        # (written out: the generated one calls a factory for ``info``; a decision is made for
        # every question, most of them priority questions without info)
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.options = options
        self.min = min
        self.max = max
        self.info = {} if info is None else info

    @property
    def multi(self) -> bool:
        return self.max != 1 or self.min != 1 or self.kind in MULTI_KINDS

    def describe(self, names: list[str]) -> str:
        opts = ", ".join(str(o) for o in self.options[:12])
        more = "" if len(self.options) <= 12 else f", ... ({len(self.options)} options)"
        return f"{names[self.player]} is asked ({self.kind}): {self.prompt} [options: {opts}{more}]"


class NeedDecision(Exception):
    """Raised inside the rules procedure when an unanswered decision is reached."""

    def __init__(self, decision: Decision) -> None:
        Exception.__init__(self, decision.prompt)    # (not super(): raised for every decision)
        self.decision = decision
