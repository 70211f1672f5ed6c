"""The PettingZoo AEC environment: two agents taking turns at the engine's decisions.

``env(...)`` (wrapped in PettingZoo's order-enforcing wrapper) and ``raw_env(...)``. Agents
``player_0`` (Alice) and ``player_1`` (Bob); ``agent_selection`` is the player whose
sub-decision is pending. Observations are ``{"observation": float32 vector, "action_mask":
int8 vector}`` in the convention of PettingZoo's classic games, from the observing player's
view only (``encoding``); the mask of a player with nothing to decide is all zeros. Rewards:
1 to the winner and -1 to the loser when the game ends; a game stopped by the turn cap (or the
decision cap) is truncated with 0 each. docs/RL.md describes the encodings.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..simulate import DECISION_CAP
from .core import DEFAULT_ACTIONS, MtgCore
from .encoding import LIMIT


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name)
    """The AEC environment (module docstring). ``decks``: Alice's and Bob's card names (default
    the reference deck for both); ``seed``: of the first game (``reset(seed=...)`` sets another;
    a reset without one deals the next seed); ``turn_cap``; ``card_pool``: the card names the
    observation indexes (default: the decks' names, sorted); ``actions``: the action space's
    size; ``skip_forced``: take sub-decisions with one legal action without a step."""

    metadata = {"render_modes": ["ansi"], "name": "mtgengine_v0", "is_parallelizable": False}

    def __init__(self, decks: Sequence[Sequence[str]] | None = None, *, seed: int = 0, turn_cap: int = 40,
                 card_pool: Sequence[str] | None = None, actions: int = DEFAULT_ACTIONS, skip_forced: bool = True,
                 allow_unimplemented: bool = False, decision_cap: int = DECISION_CAP,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.core = MtgCore(decks, seed=seed, turn_cap=turn_cap, card_pool=card_pool, actions=actions,
                            skip_forced=skip_forced, allow_unimplemented=allow_unimplemented,
                            decision_cap=decision_cap)
        self.possible_agents = ["player_0", "player_1"]
        self.agents = list(self.possible_agents)
        size = self.core.encoder.size
        high = max(LIMIT, float(len(self.core.encoder.card_pool) + 3))
        space = spaces.Dict({
            "observation": spaces.Box(low=-high, high=high, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
        })
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.render_mode = render_mode
        self._next_seed = seed
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = self.possible_agents.index(agent)
        return {"observation": self.core.observation(player), "action_mask": self.core.mask(player)}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._next_seed = seed
        self.core.reset(self._next_seed)
        self._next_seed += 1
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._settle()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        legal = self.core.step(int(action))
        if not legal:
            self.infos[agent] = {**self.infos[agent], "illegal_action": True}
        self._settle()
        self._accumulate_rewards()

    def _settle(self) -> None:
        """After the game moved: whose turn it is, or the end of the game for both."""
        core = self.core
        if core.over:
            truncated = core.truncated
            for i, agent in enumerate(self.agents):
                self.rewards[agent] = core.reward(i)
                self.terminations[agent] = not truncated
                self.truncations[agent] = truncated
            return
        self.agent_selection = self.possible_agents[core.current]

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.core.game is None:
            return None
        g = self.core.game.state
        lines = [f"turn {g.turn}, {g.step.value}, " + ", ".join(f"{p.name} {p.life}" for p in g.players)]
        lines += g.log[-5:]
        return "\n".join(lines)

    def close(self) -> None:
        self.core.game = None


def env(**kwargs: Any) -> AECEnv:
    """The AEC environment (``raw_env``'s arguments) in PettingZoo's order-enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


__all__ = ["env", "raw_env"]
