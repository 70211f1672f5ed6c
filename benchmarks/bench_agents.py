#!/usr/bin/env python3
"""Strength of the agents (issue 20): win rates with 95 % confidence intervals, and the seconds
the ``ai`` agent spends per decision. Not a test: run it by hand (docs/AI.md has the figures).

    python benchmarks/bench_agents.py                        # every match, 200 games each
    python benchmarks/bench_agents.py --match greedy-random --games 50 --pairs reference
    python benchmarks/bench_agents.py --match ai1-ai005 --games 40 --pairs reference --json-out ai.json

A match ``A-B`` plays each deck pair ``--games`` times: game ``i`` has seed ``--seed + i``, A sits
in seat ``i % 2`` (so A plays each deck of the pair half the time) and the first player is
``(i // 2) % 2`` (alternating within each seating). A's wins count 1, draws and games stopped at
the turn cap ½ (reported apart). The interval is Wilson's score interval at 95 %. Games run on
``--jobs`` worker processes (default: one per CPU), whole games in parallel: the search is
single-threaded, and on a loaded two-core machine parallel games use both cores best.

Matches: ``greedy-random``, ``ai005-random``, ``ai005-greedy`` (``ai`` at ``--ai-time 0.05``),
``ai1-ai005`` (``ai`` at its default budget against ``ai`` at 0.05 s). The issue's targets:
greedy-random ≥ 85 %, ai005-random ≥ 95 %, ai005-greedy ≥ 65 %, ai1-ai005 ≥ 60 %.
``aiw1-greedy``, ``aiw1-random`` and ``aiw4-greedy``: ``ai`` without a clock, bounded by its
count of worlds (1 or 4) alone — deterministic and independent of the machine's load (on a
loaded machine ``ai`` at 0.05 s values about one world a decision: ``aiw1`` stands for it).
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # this checkout's mtgengine
from mtgengine.agents.registry import make_agent
from mtgengine.cards.database import card_db
from mtgengine.decklist import REFERENCE_DECK
from mtgengine.simulate import play_game

AGGRO = (["Mountain"] * 11 + ["Plains"] * 9 + ["Savannah Lions"] * 4 + ["Elite Vanguard"] * 4
         + ["Raging Goblin"] * 4 + ["Goblin Guide"] * 4 + ["Monastery Swiftspear"] * 4 + ["Youthful Knight"] * 4
         + ["Lightning Bolt"] * 4 + ["Lava Spike"] * 4 + ["Searing Spear"] * 4 + ["Honor of the Pure"] * 4)
CONTROL = (["Island"] * 12 + ["Swamp"] * 12 + ["Counterspell"] * 4 + ["Essence Scatter"] * 3 + ["Doom Blade"] * 4
           + ["Murder"] * 3 + ["Divination"] * 3 + ["Sign in Blood"] * 2 + ["Unsummon"] * 2 + ["Air Elemental"] * 3
           + ["Sengir Vampire"] * 3 + ["Wind Drake"] * 4 + ["Gravedigger"] * 2 + ["Walking Corpse"] * 3)
TOKENS = (["Forest"] * 11 + ["Plains"] * 11 + ["Raise the Alarm"] * 4 + ["Spectral Procession"] * 4
          + ["Glorious Anthem"] * 4 + ["Honor of the Pure"] * 2 + ["Llanowar Elves"] * 4 + ["Savannah Lions"] * 4
          + ["Ajani's Pridemate"] * 4 + ["Healing Salve"] * 2 + ["Giant Growth"] * 4 + ["Pacifism"] * 2
          + ["Grizzly Bears"] * 4)
PAIRS: dict[str, tuple[list[str], list[str]]] = {
    "reference": (list(REFERENCE_DECK), list(REFERENCE_DECK)),
    "aggro-control": (AGGRO, CONTROL),
    "tokens-reference": (TOKENS, list(REFERENCE_DECK)),
    "control-tokens": (CONTROL, TOKENS),
}
#: Each match: (agent A, A's ai budget, agent B, B's ai budget); a budget is seconds (None:
#: the default) or ``"wN"``: no clock, at most N worlds.
MATCHES: dict[str, tuple[str, float | str | None, str, float | str | None]] = {
    "greedy-random": ("greedy", None, "random", None),
    "ai005-random": ("ai", 0.05, "random", None),
    "ai005-greedy": ("ai", 0.05, "greedy", None),
    "ai1-ai005": ("ai", None, "ai", 0.05),
    "aiw1-greedy": ("ai", "w1", "greedy", None),
    "aiw1-random": ("ai", "w1", "random", None),
    "aiw4-greedy": ("ai", "w4", "greedy", None),
}
TARGETS = {"greedy-random": 0.85, "ai005-random": 0.95, "ai005-greedy": 0.65, "ai1-ai005": 0.60,
           "aiw1-greedy": 0.65, "aiw1-random": 0.95, "aiw4-greedy": 0.65}
TURN_CAP = 40


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a proportion (95 % for z = 1.96)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def agent(name: str, seed: int, budget: float | str | None) -> Any:
    """A match's agent: ``make_agent``'s, or for a ``"wN"`` budget a clockless search of N worlds."""
    if isinstance(budget, str):
        from mtgengine.agents.search import SearchAgent
        return SearchAgent(seed, seconds=None, worlds=int(budget[1:]))
    return make_agent(name, seed, budget)


def one_game(task: tuple[str, str, int]) -> dict[str, Any]:
    """One game of a match: who won (from A's side) and the ai agents' seconds per decision."""
    match, pair, seed = task
    a_name, a_time, b_name, b_time = MATCHES[match]
    seat = seed % 2                       # A's seat
    first = (seed // 2) % 2
    a = agent(a_name, seed * 2 + 1, a_time)
    b = agent(b_name, seed * 2 + 2, b_time)
    agents = [a, b] if seat == 0 else [b, a]
    start = time.perf_counter()
    result = play_game(PAIRS[pair], seed, first, TURN_CAP, agents)
    return {
        "a_won": result.winner == seat, "b_won": result.winner is not None and result.winner != seat,
        "draw": result.draw, "capped": result.capped, "turns": result.turns,
        "seconds": time.perf_counter() - start,
        "a_times": list(getattr(a, "timings", [])), "b_times": list(getattr(b, "timings", [])),
    }


def run_match(match: str, pair: str, games: int, seed: int, pool: Any) -> dict[str, Any]:
    tasks = [(match, pair, seed + i) for i in range(games)]
    results = list(pool.imap(one_game, tasks)) if pool is not None else [one_game(t) for t in tasks]
    wins = sum(r["a_won"] for r in results)
    losses = sum(r["b_won"] for r in results)
    ties = games - wins - losses
    score = wins + 0.5 * ties
    low, high = wilson(score, games)
    a_times = [t for r in results for t in r["a_times"]]
    b_times = [t for r in results for t in r["b_times"]]
    out: dict[str, Any] = {
        "match": match, "pair": pair, "games": games, "seeds": [seed, seed + games - 1],
        "a_wins": wins, "b_wins": losses, "draws_or_capped": ties,
        "capped": sum(r["capped"] for r in results),
        "win_rate": round(score / games, 4), "ci95": [round(low, 4), round(high, 4)],
        "target": TARGETS[match], "turns_per_game": round(statistics.mean(r["turns"] for r in results), 1),
        "seconds_per_game": round(statistics.mean(r["seconds"] for r in results), 2),
    }
    for side, times in (("a", a_times), ("b", b_times)):
        if times:
            times.sort()
            out[f"{side}_searched_decisions"] = len(times)
            out[f"{side}_median_s"] = round(statistics.median(times), 4)
            out[f"{side}_p95_s"] = round(times[min(len(times) - 1, int(0.95 * len(times)))], 4)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--match", action="append", choices=sorted(MATCHES), help="matches to play (default all)")
    parser.add_argument("--pairs", action="append", choices=sorted(PAIRS), help="deck pairs (default all)")
    parser.add_argument("--games", type=int, default=200, help="games per match and deck pair (default 200)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=0, help="worker processes (default: one per CPU)")
    parser.add_argument("--json-out", metavar="FILE", help="also write the results as JSON lines to FILE")
    args = parser.parse_args(argv)
    jobs = args.jobs or os.cpu_count() or 1
    card_db()                                  # loaded once, shared by the forked workers
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    pool = context.Pool(jobs) if jobs > 1 else None
    try:
        for match in args.match or list(MATCHES):
            for pair in args.pairs or list(PAIRS):
                row = run_match(match, pair, args.games, args.seed, pool)
                times = "".join(f", {side} median {row[f'{side}_median_s']:.3f} s p95 {row[f'{side}_p95_s']:.3f} s "
                                f"({row[f'{side}_searched_decisions']} searched)"
                                for side in ("a", "b") if f"{side}_median_s" in row)
                print(f"{match:14} {pair:17} {row['games']} games: A {row['win_rate']:.1%} "
                      f"[{row['ci95'][0]:.1%}, {row['ci95'][1]:.1%}] (target {row['target']:.0%}), "
                      f"{row['a_wins']}-{row['b_wins']}-{row['draws_or_capped']}, "
                      f"{row['seconds_per_game']} s/game{times}", flush=True)
                if args.json_out:
                    with open(args.json_out, "a", encoding="utf-8") as fh:
                        fh.write(json.dumps(row, sort_keys=True) + "\n")
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
