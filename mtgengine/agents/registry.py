"""Agents by name, for the command line and the benchmarks: ``random``, ``first``, ``greedy``, ``ai``.

An agent answers decisions (the ``Agent`` protocol of ``agents.agents``: ``decide(decision)``).
One that plays from what its player may know defines ``decide_from_view(view)`` too; the game
loop (``simulate.play_game``, ``simulate.answer_pending``, the terminal seat) then calls it with
``Game.view(player)`` (``agents.view``) instead, and the agent never touches the game.
"""
from __future__ import annotations

from typing import Any, Callable

from .agents import Agent, FirstOptionAgent, RandomAgent
from .decisions import Decision

#: The agents' names, in the order the help lists them.
AGENT_NAMES = ("random", "first", "greedy", "ai")


def make_agent(name: str, seed: int, ai_time: float | None = None) -> Agent:
    """A new agent by name, seeded ``seed``; ``ai_time``: the ``ai`` agent's seconds a decision
    (None: its default, ``search.DEFAULT_SECONDS``). (The searching agents are imported here:
    the command line lists the names without loading the engine.)"""
    if name == "random":
        return RandomAgent(seed)
    if name == "first":
        return FirstOptionAgent()
    if name == "greedy":
        from .greedy import GreedyAgent
        return GreedyAgent(seed)
    if name == "ai":
        from .search import DEFAULT_SECONDS, SearchAgent
        return SearchAgent(seed, seconds=DEFAULT_SECONDS if ai_time is None else ai_time)
    raise ValueError(f"unknown agent {name!r}: choose one of {', '.join(AGENT_NAMES)}")


def decider(agent: Agent, game: Any, player: int) -> Callable[[Decision], Any]:
    """The function that answers ``player``'s decisions in ``game`` with ``agent``: its
    ``decide_from_view`` with the player's view when it has one, else its ``decide``."""
    from_view = getattr(agent, "decide_from_view", None)
    if from_view is None:
        return agent.decide
    return lambda decision: from_view(game.view(player))


__all__ = ["AGENT_NAMES", "decider", "make_agent"]
