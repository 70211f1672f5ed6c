"""The ``ai`` agent: information-set search over determinized worlds (docs/AI.md).

A decision is an information set: the player knows their view, not the world. The search
values each candidate answer (``agents.candidates``) in world after world dealt from the view
(``agents.determinize``, in the manner of Cowling, Ward and Powley 2012's ensemble
determinization) and averages, so no answer is chosen for what only one guessed world holds:

1. **Priors.** Each candidate's one-ply value in a first world (``policy.one_ply``, judged
   after the next turn's combat: ``policy.settle``'s ``beyond``).
2. **Worlds.** The best :data:`WIDTH` candidates by prior are valued in each world (the first
   one dealt anew: in the priors' world they would be valued much the same again): answered,
   the world played on through lone passes and forced answers to the next *real* question —
   anyone's: a response to a spell, blocks, a target — where up to :data:`REPLIES` candidate
   answers are each searched :data:`DEPTH` questions deeper, the best taken for the AI and the
   worst for its opponent (minimax within a world); at the depth or a quiet point the world is
   settled and evaluated (``agents.evaluation`` with the search's own weights,
   :data:`SEARCH_WEIGHTS`: life counts less than for greedy, docs/AI.md); beyond the horizon
   the main phases develop (``policy.develop``).
3. **Answer.** The best mean value over the worlds, the prior counting as :data:`PRIOR_VISITS`
   worlds. The search stops at the time budget (``seconds``, checked between worlds), after
   ``nodes`` valued candidates or ``worlds`` worlds.

Trivial decisions cost nothing: one candidate (a priority question with nothing to do but
pass, a forced choice) is answered at once. Mulligans follow the quick policy's rule. With
``seconds=None`` only the counts bound the search, and the same seed and view give the same
answer (the test of no peeking); with a time budget the count of worlds depends on speed.
"""
from __future__ import annotations

import random
import time
from typing import Any

from ..core.errors import IllegalActionError
from ..engine import Game
from .agents import first_option
from .candidates import candidates
from .decisions import Decision
from .determinize import determinize
from .evaluation import WEIGHTS, evaluate
from .policy import blocks, keep_hand, one_ply, quick_answer, quiet, settle, submit, with_policy
from .view import View

#: Default thinking budget per decision, in seconds (``mtg ... --ai-time``).
DEFAULT_SECONDS = 1.0
#: Default most candidates valued in worlds per decision (the node limit).
NODE_LIMIT = 4000
#: Default most worlds dealt per decision.
WORLD_LIMIT = 200
#: How many candidates, the best by their priors, are valued in the worlds.
WIDTH = 4
#: How many worlds the prior (the one-ply value in the first world) is worth.
PRIOR_VISITS = 1
#: The most candidate answers considered at each question below the root.
REPLIES = 4
#: How many questions below the root the search branches at.
DEPTH = 2
#: Whether leaves are judged after the next turn's combat (``policy.settle``'s ``beyond``).
BEYOND = True
#: The search's own weights, over ``evaluation.WEIGHTS``: life 0.4 a point (greedy's 1 made
#: the search give up board for life; measured against greedy in docs/AI.md).
SEARCH_WEIGHTS: dict[str, float] = {"life": 0.4}
#: The most decisions answered on the way to the next real question.
PLAYOUT_LIMIT = 200


class SearchAgent:
    """Information-set search (module docstring)."""

    name = "ai"

    def __init__(self, seed: int = 0, seconds: float | None = DEFAULT_SECONDS, nodes: int = NODE_LIMIT,
                 worlds: int = WORLD_LIMIT, width: int = WIDTH, replies: int = REPLIES, depth: int = DEPTH,
                 beyond: bool = BEYOND) -> None:
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.nodes = nodes
        self.worlds = worlds
        self.replies = replies
        self.depth = depth
        self.beyond = beyond
        self.width = width
        #: the evaluation's weights (``evaluation.WEIGHTS`` unless told)
        self.weights = dict(WEIGHTS, **SEARCH_WEIGHTS)
        #: seconds spent on each decision that was searched (benchmarks read it)
        self.timings: list[float] = []
        #: candidates valued in worlds by the last search, and (answer, prior, mean) for each
        self.last_iterations = 0
        self.last_report: list[tuple[Any, float, float]] = []

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
        options = with_policy(first, d, options)
        # 1. priors: the greedy one-ply values; an answer the engine refuses is dropped
        prior: dict[int, float] = {}
        for i, answer in enumerate(options):
            value = one_ply(first, d, answer, me, rng, deep=True, beyond=self.beyond, weights=self.weights)
            if value is not None:
                prior[i] = value
        alive = list(prior)
        if not alive:
            return first_option(d)
        if len(alive) == 1:
            return options[alive[0]]
        # 2. the best few by their priors, each valued in world after world dealt from the view:
        #    the opponent's best reply for them (``_replied``), averaged over the worlds
        alive.sort(key=lambda i: (-prior[i], i))
        alive = alive[:self.width]
        sums = dict.fromkeys(alive, 0.0)
        worlds = iterations = 0
        # a world of its own, not the priors' (which would value much the same again)
        world: Game | None = determinize(view, rng) or first
        while world is not None and iterations + len(alive) <= self.nodes:
            for i in list(alive):
                value = self._replied(world, d, options[i], me)
                iterations += 1
                if value is None:           # refused in this world: the answer isn't legal
                    alive.remove(i)
                    continue
                sums[i] += value
            worlds += 1
            if len(alive) <= 1 or worlds >= self.worlds or (deadline is not None and time.perf_counter() >= deadline):
                break
            world = determinize(view, rng)
        self.last_iterations = iterations
        if not alive:
            return first_option(d)
        weight = worlds + PRIOR_VISITS
        best = max(alive, key=lambda i: ((sums[i] + PRIOR_VISITS * prior[i]) / weight, -i))
        self.last_report = [(options[i], round(prior[i], 3), round(sums[i] / max(worlds, 1), 3)) for i in alive]
        return options[best]

    def _replied(self, world: Game, d: Decision, answer: Any, me: int) -> float | None:
        """The value of ``answer`` in a copy of ``world``, searched ``depth`` questions deep
        (:meth:`_value`); None if the engine refuses the answer there."""
        game = world.clone()
        try:
            game.submit(answer)
        except IllegalActionError:
            return None
        return self._value(game, me, self.depth, world.state.turn)

    def _value(self, game: Game, me: int, depth: int, start_turn: int) -> float:
        """The value of a world for ``me``: played on (lone passes, forced answers) to the next
        real question — anyone's: a response to a spell, blocks, a target — whose candidate
        answers are each searched ``depth - 1`` deep, the best taken for ``me`` and the worst for
        the opponent (minimax within the world); at depth 0 or a quiet point, settled and
        evaluated (``policy.settle``, ``evaluation.evaluate``)."""
        rng = self.rng
        for _ in range(PLAYOUT_LIMIT):
            if quiet(game, me, start_turn):
                break
            pending = game.pending
            assert pending is not None
            if _real_question(pending):
                if depth <= 0:
                    break
                replies = candidates(pending, rng, self.replies)
                if pending.kind == "blockers":
                    replies.insert(0, blocks(game.state, pending))
                values = []
                for reply in replies:
                    child = game.clone()
                    try:
                        child.submit(reply)
                    except IllegalActionError:
                        continue
                    values.append(self._value(child, me, depth - 1, start_turn))
                if values:
                    return max(values) if pending.player == me else min(values)
            reply = _PASS if pending.kind == "priority" else quick_answer(game, pending, rng, look=pending.player == me)
            if not submit(game, pending, reply):
                break
        settle(game, me, rng, deep=True, beyond=self.beyond, start_turn=start_turn)
        return evaluate(game.state, me, self.weights)


def _real_question(d: Decision) -> bool:
    """A decision with a choice worth replying with (not a lone pass, not a forced answer)."""
    if d.kind == "priority":
        return len(d.options) > 1
    return d.kind not in ("mulligan", "bottom") and (len(d.options) > 1 or d.multi)


_PASS = {"action": "pass"}


__all__ = ["DEFAULT_SECONDS", "NODE_LIMIT", "SearchAgent"]
