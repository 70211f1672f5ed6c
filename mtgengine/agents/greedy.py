"""The greedy agent: one ply, the best position after each candidate answer (docs/AI.md).

For each candidate answer (``agents.candidates``) it answers in one world dealt from its view
(``agents.determinize``: it never reads the real game), plays the world on to the next quiet
point (``policy.settle``: every priority passed, the other questions met on the way answered by
the quick policy, so an attack meets the defender's likely blocks and a spell resolves) and
evaluates it (``agents.evaluation``). It picks the best; ties go to the earlier candidate.
Mulligans follow the quick policy's rule (the evaluation can't tell two unseen hands apart).
"""
from __future__ import annotations

import random
from typing import Any

from .agents import first_option
from .candidates import candidates
from .determinize import determinize
from .policy import keep_hand, one_ply, with_policy
from .view import View


class GreedyAgent:
    """One-ply search over one determinized world (module docstring)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, decision: Any) -> Any:        # (the Agent protocol: without a view, the default)
        return first_option(decision)

    def decide_from_view(self, view: View) -> Any:
        d = view.decision
        assert d is not None, "not this player's decision"
        if d.kind == "mulligan":
            return keep_hand(view.state, d.player)
        options = candidates(d, self.rng)
        if len(options) == 1:
            return options[0]
        world = determinize(view, self.rng)
        if world is None:
            return first_option(d)
        best, best_value = first_option(d), -1.0
        for answer in with_policy(world, d, options):
            value = one_ply(world, d, answer, d.player, self.rng, deep=True)
            if value is not None and value > best_value:
                best, best_value = answer, value
        return best


__all__ = ["GreedyAgent"]
