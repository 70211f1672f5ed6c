"""The game behind both environments: decisions as sub-decisions, observations, rewards.

:class:`MtgCore` plays one game at a time. ``reset(seed)`` deals a new one; ``step(action)``
takes one action of the deciding player's sub-decision (``actions.Chooser``) and, when that
completes an answer, submits it and runs the game to the next question. With
``skip_forced`` (the default) a sub-decision with one legal action only (a priority question
where the only action is to pass, a lone blocker's only block) is taken at once, so every env
step is a real choice. ``players`` with an agent (``agents.registry``) answer their own
decisions inside :meth:`advance`: the Gymnasium wrapper's opponent.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..agents.agents import Agent, first_option
from ..agents.registry import decider
from ..core.errors import IllegalActionError
from ..decklist import REFERENCE_DECK
from ..engine import Game
from ..simulate import DECISION_CAP, PLAYER_NAMES, _answer_refused, resolve_cards
from .actions import Chooser
from .encoding import Encoder

#: The default size of the action space (docs/RL.md): 30 candidates a page, "more", "done".
DEFAULT_ACTIONS = 32


class MtgCore:
    """One two-player game driven by actions (module docstring)."""

    def __init__(self, decks: Sequence[Sequence[str]] | None = None, *, seed: int = 0, turn_cap: int = 40,
                 card_pool: Sequence[str] | None = None, actions: int = DEFAULT_ACTIONS, skip_forced: bool = True,
                 first_player: int | None = None, allow_unimplemented: bool = False,
                 decision_cap: int = DECISION_CAP) -> None:
        decks = [list(d) for d in decks] if decks is not None else [list(REFERENCE_DECK), list(REFERENCE_DECK)]
        if len(decks) != 2 or not all(decks):
            raise ValueError(f"decks: expected two non-empty deck lists, got {len(decks)}")
        self.decks = decks
        resolve_cards(decks)          # an unknown card is refused here, before any game
        pool = sorted({name for deck in decks for name in deck}) if card_pool is None else list(card_pool)
        self.encoder = Encoder(pool, actions)
        self.actions = actions
        self.turn_cap = turn_cap
        self.skip_forced = skip_forced
        self.first_player = first_player
        self.allow_unimplemented = allow_unimplemented
        self.decision_cap = decision_cap
        self.seed = seed
        self.agents: list[Agent | None] = [None, None]
        self._deciders: list[Any] = [None, None]
        self.game: Game | None = None
        self.chooser: Chooser | None = None
        self.decisions = self.refusals = self.illegal_actions = 0

    # -- a game --------------------------------------------------------------------------
    def set_agent(self, player: int, agent: Agent | None) -> None:
        """``agent`` answers ``player``'s decisions (None: the actions do)."""
        self.agents[player] = agent

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            self.seed = seed
        first = self.seed % 2 if self.first_player is None else self.first_player
        self.game = Game.new_game([list(d) for d in self.decks], names=PLAYER_NAMES, seed=self.seed,
                                  first_player=first, turn_cap=self.turn_cap,
                                  allow_unimplemented=self.allow_unimplemented)
        self._deciders = [None if a is None else decider(a, self.game, i) for i, a in enumerate(self.agents)]
        self.decisions = self.refusals = self.illegal_actions = 0
        self.chooser = None
        self.advance()

    @property
    def over(self) -> bool:
        """The game ended (or reached the decision cap)."""
        return self.game is None or self.game.state.over or self.decisions >= self.decision_cap

    @property
    def truncated(self) -> bool:
        """It ended with neither a winner nor a draw: the turn or decision cap stopped it."""
        g = self.game.state
        return self.over and g.winner is None and not g.draw

    @property
    def current(self) -> int | None:
        """The player whose sub-decision is pending (None: the game is over)."""
        return None if self.chooser is None else self.chooser.decision.player

    def reward(self, player: int) -> float:
        """1 won, -1 lost, 0 otherwise (a draw, capped, still going)."""
        winner = self.game.state.winner if self.game is not None else None
        return 0.0 if winner is None else (1.0 if winner == player else -1.0)

    # -- stepping ------------------------------------------------------------------------
    def advance(self) -> None:
        """Runs the game to the next sub-decision that needs an action: agents answer their
        players' decisions, forced sub-decisions are taken (``skip_forced``)."""
        game = self.game
        while True:
            chooser = self.chooser
            if chooser is None:
                if self.over:
                    return
                decision = game.pending
                agent = self._deciders[decision.player]
                if agent is not None:
                    self._submit(decision, agent(decision))
                    continue
                chooser = self.chooser = Chooser(decision, self.actions)
            if chooser.done:
                self.chooser = None
                self._submit(chooser.decision, chooser.answer)
                continue
            legal = chooser.mask()
            if not legal:                   # constraints no sub-decision can meet: the default answer
                chooser.answer = first_option(chooser.decision)
                continue
            if self.skip_forced and len(legal) == 1:
                chooser.apply(legal[0])
                continue
            return

    def _submit(self, decision: Any, answer: Any) -> None:
        game = self.game
        try:
            game.submit(answer)
        except IllegalActionError:
            # the rules refused it (menace, a target's extra cost, CR 509.1b, 601.2f): the fallback
            # ``simulate.answer_pending`` uses, then the first option
            self.refusals += 1
            try:
                _answer_refused(game, decision)
            except IllegalActionError:
                game.submit(first_option(decision))
        self.decisions += 1

    def legal_actions(self) -> list[int]:
        return [] if self.chooser is None else self.chooser.mask()

    def step(self, action: int) -> bool:
        """Takes ``action`` for the current player. An action the mask forbids is replaced by the
        legal action at position ``action % len(legal)`` (counted in ``illegal_actions``); returns
        whether the action was legal."""
        chooser = self.chooser
        if chooser is None:
            raise ValueError("the game is over: no action to take")
        legal = chooser.mask()
        action = int(action)
        ok = action in legal
        if not ok:
            self.illegal_actions += 1
            action = legal[action % len(legal)]
        chooser.apply(action)
        self.advance()
        return ok

    # -- observing -----------------------------------------------------------------------
    def observation(self, player: int) -> np.ndarray:
        chooser = self.chooser if self.chooser is not None and self.chooser.decision.player == player else None
        return self.encoder.encode(self.game.state, player, chooser)

    def mask(self, player: int) -> np.ndarray:
        out = np.zeros(self.actions, dtype=np.int8)
        if self.chooser is not None and self.chooser.decision.player == player:
            out[self.chooser.mask()] = 1
        return out


__all__ = ["DEFAULT_ACTIONS", "MtgCore"]
