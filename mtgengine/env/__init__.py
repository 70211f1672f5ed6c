"""Reinforcement-learning environments over the engine (``pip install -e '.[rl]'``).

- :func:`env` / :func:`raw_env`: a PettingZoo AEC environment, two agents (``aec``);
- :func:`gym_env`: a Gymnasium single-agent environment against a built-in opponent (``gym``);
- ``actions``: the action encoding (sub-decisions), ``encoding``: the observation encoding.

docs/RL.md describes both encodings and how to use them.
"""
from __future__ import annotations

from typing import Any


def env(**kwargs: Any) -> Any:
    from .aec import env as make
    return make(**kwargs)


def raw_env(**kwargs: Any) -> Any:
    from .aec import raw_env as make
    return make(**kwargs)


def gym_env(opponent: str = "random", **kwargs: Any) -> Any:
    from .gym import gym_env as make
    return make(opponent, **kwargs)


__all__ = ["env", "gym_env", "raw_env"]
