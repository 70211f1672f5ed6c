"""The Gymnasium single-agent wrapper: one seat against a built-in opponent.

``gym_env(opponent="random", seat=0, ...)``: the learner plays ``seat`` (0 Alice, 1 Bob);
the opponent is any agent of ``agents.registry`` by name and answers its decisions inside
``step`` (it sees its own view only, as in ``simulate``). Observations are the float32 vector
of ``encoding`` (a ``Box``); the legal actions are ``info["action_mask"]`` and
``action_masks()`` (what sb3-contrib's MaskablePPO reads). Reward 1 for a win, -1 for a
loss at the end; a game stopped by the turn or decision cap is truncated.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..agents.registry import make_agent
from ..simulate import DECISION_CAP
from .core import DEFAULT_ACTIONS, MtgCore
from .encoding import LIMIT


class MtgGymEnv(gymnasium.Env):
    """The single-agent environment (module docstring)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, opponent: str = "random", *, seat: int = 0, decks: Sequence[Sequence[str]] | None = None,
                 seed: int = 0, turn_cap: int = 40, card_pool: Sequence[str] | None = None,
                 actions: int = DEFAULT_ACTIONS, skip_forced: bool = True, ai_time: float | None = None,
                 allow_unimplemented: bool = False, decision_cap: int = DECISION_CAP,
                 render_mode: str | None = None) -> None:
        if seat not in (0, 1):
            raise ValueError(f"seat: 0 (Alice) or 1 (Bob), got {seat!r}")
        make_agent(opponent, 0, ai_time)             # an unknown name is refused here
        self.opponent, self.seat, self.ai_time = opponent, seat, ai_time
        self.core = MtgCore(decks, seed=seed, turn_cap=turn_cap, card_pool=card_pool, actions=actions,
                            skip_forced=skip_forced, allow_unimplemented=allow_unimplemented,
                            decision_cap=decision_cap)
        high = max(LIMIT, float(len(self.core.encoder.card_pool) + 3))
        self.observation_space = spaces.Box(low=-high, high=high, shape=(self.core.encoder.size,), dtype=np.float32)
        self.action_space = spaces.Discrete(actions)
        self.render_mode = render_mode
        self._next_seed = seed

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._next_seed = seed
        game_seed = self._next_seed
        self._next_seed += 1
        core = self.core
        # the opponent is seeded from the game's seed, as simulate seeds its agents
        core.set_agent(1 - self.seat, make_agent(self.opponent, game_seed * 2 + 2 - self.seat, self.ai_time))
        core.set_agent(self.seat, None)
        core.reset(game_seed)
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        core = self.core
        legal = core.step(int(action))
        info = self._info()
        if not legal:
            info["illegal_action"] = True
        over = core.over
        truncated = over and core.truncated
        return self._observe(), core.reward(self.seat) if over else 0.0, over and not truncated, truncated, info

    def action_masks(self) -> np.ndarray:
        return self.core.mask(self.seat)

    def _observe(self) -> np.ndarray:
        return self.core.observation(self.seat)

    def _info(self) -> dict[str, Any]:
        core = self.core
        info: dict[str, Any] = {"action_mask": core.mask(self.seat), "turn": core.game.state.turn}
        if core.over:
            info["winner"] = core.game.state.winner
        return info

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.core.game is None:
            return None
        g = self.core.game.state
        return "\n".join([f"turn {g.turn}, {g.step.value}, " + ", ".join(f"{p.name} {p.life}" for p in g.players),
                          *g.log[-5:]])


def gym_env(opponent: str = "random", **kwargs: Any) -> MtgGymEnv:
    """The single-agent environment against ``opponent`` (an agent name); see :class:`MtgGymEnv`."""
    return MtgGymEnv(opponent, **kwargs)


__all__ = ["MtgGymEnv", "gym_env"]
