"""The ``ai`` agent: information-set Monte Carlo search over determinized worlds (docs/AI.md).

A decision is an information set: the player knows their view, not the world. The search
(determinized UCB at the root, in the manner of Cowling, Ward and Powley 2012) keeps one
statistic per candidate answer (``agents.candidates``) shared by every world, so no answer is
chosen for what only one guessed world holds:

1. Each candidate gets a prior: its greedy one-ply value in a first world (``policy.one_ply``).
2. Each iteration picks a candidate by UCB1 (exploration :data:`EXPLORATION`), takes a world —
   a new one dealt from the view (``determinize``) while fewer than ``worlds`` exist, else a
   copy of one made before, in turn — answers with the candidate and plays on with the quick
   policy (``policy.quick_answer``) for both players until the ``horizon``-th turn after this
   one begins or the game ends, and adds the world's evaluation (``agents.evaluation``) to the
   candidate's statistic.
3. It stops at the time budget (``seconds``) or after ``nodes`` iterations and answers with
   the candidate of the best mean value (the prior counts as :data:`PRIOR_VISITS` playouts).

Trivial decisions cost nothing: one candidate (a priority question with nothing to do but
pass, a forced choice) is answered at once. Mulligans follow the quick policy's rule. With
``seconds=None`` only ``nodes`` bounds the search, and the same seed and view give the same
answer (the test of no peeking); with a time budget the count of iterations depends on speed.
"""
from __future__ import annotations

import math
import random
import time
from typing import Any

from ..core.errors import IllegalActionError
from ..engine import Game
from .agents import first_option
from .candidates import candidates
from .decisions import Decision
from .determinize import determinize
from .evaluation import evaluate
from .policy import keep_hand, one_ply, quick_answer, submit
from .view import View

#: Default thinking budget per decision, in seconds (``mtg ... --ai-time``).
DEFAULT_SECONDS = 1.0
#: Default most iterations (playouts) per decision.
NODE_LIMIT = 4000
#: Default most worlds dealt per decision (later iterations reuse copies of them).
WORLD_LIMIT = 24
#: How many candidates, the best by their priors, the playouts compare.
WIDTH = 4
#: How many playouts the prior (the greedy one-ply value) is worth.
PRIOR_VISITS = 2
#: How many turns beyond the current one a playout plays (0: to the end of this turn).
HORIZON = 1
#: The most decisions one playout answers.
PLAYOUT_LIMIT = 400


class SearchAgent:
    """Information-set search (module docstring)."""

    name = "ai"

    def __init__(self, seed: int = 0, seconds: float | None = DEFAULT_SECONDS, nodes: int = NODE_LIMIT,
                 worlds: int = WORLD_LIMIT, horizon: int = HORIZON, width: int = WIDTH) -> None:
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.nodes = nodes
        self.worlds = worlds
        self.horizon = horizon
        self.width = width
        #: seconds spent on each decision that was searched (benchmarks read it)
        self.timings: list[float] = []
        #: iterations of the last search
        self.last_iterations = 0

    def decide(self, decision: Decision) -> Any:      # (the Agent protocol: without a view, the default)
        return first_option(decision)

    def decide_from_view(self, view: View) -> Any:
        d = view.decision
        assert d is not None, "not this player's decision"
        if d.kind == "mulligan":
            return keep_hand(view.state, d.player)
        rng = self.rng
        options = candidates(d, rng)
        if len(options) == 1:
            return options[0]
        start = time.perf_counter()
        try:
            return self._search(view, d, options, start)
        finally:
            self.timings.append(time.perf_counter() - start)

    def _search(self, view: View, d: Decision, options: list[Any], start: float) -> Any:
        rng = self.rng
        me = d.player
        first = determinize(view, rng)
        if first is None:
            return first_option(d)
        deadline = None if self.seconds is None else start + self.seconds
        # 1. priors: the greedy one-ply values; an answer the engine refuses is dropped
        prior: dict[int, float] = {}
        for i, answer in enumerate(options):
            value = one_ply(first, d, answer, me, rng, deep=True)
            if value is not None:
                prior[i] = value
        alive = list(prior)
        if not alive:
            return first_option(d)
        if len(alive) == 1:
            return options[alive[0]]
        # 2. the best few by their priors, compared in rounds of playouts: each round plays every
        #    one of them in the same world with the same random choices (common random numbers:
        #    the difference between two answers is then theirs, not the worlds')
        alive.sort(key=lambda i: (-prior[i], i))
        alive = alive[:self.width]
        worlds: list[Game] = [first]
        rounds = iterations = 0
        sums = dict.fromkeys(alive, 0.0)
        while iterations + len(alive) <= self.nodes and (deadline is None or time.perf_counter() < deadline):
            world = first if rounds == 0 else None
            if world is None and len(worlds) < self.worlds:
                world = determinize(view, rng)
                if world is not None:
                    worlds.append(world)
            if world is None:
                world = worlds[rounds % len(worlds)]
            seed = rng.getrandbits(64)
            for i in list(alive):
                value = self._playout(world, d, options[i], me, random.Random(seed))
                iterations += 1
                if value is None:           # refused in this world: the answer isn't legal
                    alive.remove(i)
                    continue
                sums[i] += value
            rounds += 1
            if len(alive) <= 1:
                break
        self.last_iterations = iterations
        if not alive:
            return first_option(d)
        weight = rounds + PRIOR_VISITS or 1
        best = max(alive, key=lambda i: ((sums[i] + PRIOR_VISITS * prior[i]) / weight, -i))
        self.last_report = [(options[i], round(prior[i], 3), round(sums[i] / max(rounds, 1), 3)) for i in alive]
        return options[best]

    def _playout(self, world: Game, d: Decision, answer: Any, me: int, rng: random.Random) -> float | None:
        """Answers in a copy of ``world`` and plays on with the quick policy (module docstring)."""
        game = world.clone()
        try:
            game.submit(answer)
        except IllegalActionError:
            return None
        end_turn = game.state.turn + self.horizon
        for _ in range(PLAYOUT_LIMIT):
            pending = game.pending
            if pending is None or game.state.turn > end_turn:
                break
            if pending.kind == "priority" and len(pending.options) == 1:
                reply: Any = pending.options[0]
            else:
                reply = quick_answer(game, pending, rng)
            if not submit(game, pending, reply):
                break
        return evaluate(game.state, me)


__all__ = ["DEFAULT_SECONDS", "NODE_LIMIT", "SearchAgent"]
