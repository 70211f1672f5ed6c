#!/usr/bin/env python3
"""Speed of the engine on the reference workload, comparable with the phase.rs peer benchmark.

Measures, on the reference deck (mtgengine.decklist.REFERENCE_DECK, the peer's "mini" deck):

1. games/s and decisions/s of random games: random agents answer every decision, seeds
   0..N-1, the first player alternating, a turn cap of 40 (the peer's workload; its
   "policy_actions_per_s" counts the same thing as our decisions/s), in one process like the
   peer, then (``games_all_cores``) the same games on a worker process per CPU;
2. the cost of cloning a game in mid-game (about turn 8): ``Game.clone()`` (the committed
   state and the current one) and ``GameState.clone()`` alone, in µs per clone;
3. ``Game.save()`` and ``Game.load()`` of that game, in ms.

    python benchmarks/bench_engine.py --games 20 --json-out bench.json

The card database is loaded and the deck's cards compiled before any timing (``cards_load_ms``),
as the peer loads its engine and card data before it times games. Timings are medians over repeats
(the games: ``--repeats``, default 5, each run listed in ``runs_s``; the first run also warms
the engine's memos); machines are noisy, so compare ratios measured in one run (see
benchmarks/run_peer.sh), not figures from different runs.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from collections.abc import Callable
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # this checkout's mtgengine, not an installed one
from mtgengine.agents.agents import RandomAgent
from mtgengine.decklist import REFERENCE_DECK
from mtgengine.engine import Game
from mtgengine.simulate import answer_pending, resolve_cards, simulate

TURN_CAP = 40
CLONE_TURN = 8
REPEATS = 5


def median_seconds(action: Callable[[], object], iterations: int) -> float:
    """The median over REPEATS runs of the time ``action`` takes, per call."""
    runs = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        for _ in range(iterations):
            action()
        runs.append((time.perf_counter() - start) / iterations)
    return statistics.median(runs)


def game_at_turn(turn: int) -> Game:
    """A random game of the reference deck at its first decision of ``turn`` (the first seed
    whose game lasts that long), with the history a real mid-game state has."""
    for seed in range(100):
        game = Game.new_game([list(REFERENCE_DECK)] * 2, seed=seed, turn_cap=TURN_CAP)
        agents = (RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2))
        while not game.over and game.state.turn < turn:
            answer_pending(game, agents)
        if not game.over:
            return game
    raise RuntimeError(f"no game of the first 100 seeds reached turn {turn}")


def load_cards(deck: list[str]) -> float:
    """Loads the card database and compiles the deck's cards, in seconds: the one-time set-up
    that the peer benchmark also does before it times games (``phase.Engine.from_path``)."""
    start = time.perf_counter()
    resolve_cards([deck])           # what ``simulate`` does before its timer starts
    return time.perf_counter() - start


def bench_games(games: int, jobs: int = 1, repeats: int = 1) -> dict[str, Any]:
    """The games played ``repeats`` times (the same games each time: the figures but time are
    equal), timed by the median run: one run of a second or less is at the mercy of this
    machine's minute-to-minute drift, while the peer's run lasts about a minute."""
    results = [simulate(games, 0, REFERENCE_DECK, REFERENCE_DECK, turn_cap=TURN_CAP, jobs=jobs)
               for _ in range(repeats)]
    result = results[0]
    assert all(r["decisions"] == result["decisions"] and r["wins"] == result["wins"] for r in results)
    runs = [r["seconds"] for r in results]
    wall = statistics.median(runs)
    return {
        "games": games,
        "processes": jobs,
        "wall_s": round(wall, 3),
        "runs_s": runs,
        "games_per_s": round(games / wall, 3),
        "decisions": result["decisions"],
        "decisions_per_s": round(result["decisions"] / wall, 1),
        "mean_decisions_per_game": round(result["decisions"] / games, 1),
        "mean_turns_per_game": round(result["turns"] / games, 1),
        "outcomes": {"wins": result["wins"], "draws": result["draws"], "capped": result["capped"]},
    }


def bench_clone_and_save(iterations: int) -> dict[str, Any]:
    game = game_at_turn(CLONE_TURN)
    text = game.save()
    report: dict[str, Any] = {
        "turn": game.state.turn,
        "objects": len(game.state.objects),
        "answers_since_commit": len(game.answers),
        "game_clone_us": round(1e6 * median_seconds(game.clone, iterations), 2),
        "state_clone_us": round(1e6 * median_seconds(game.state.clone, iterations), 2),
        "save_ms": round(1e3 * median_seconds(game.save, 20), 3),
        "save_json_bytes": len(text),
    }
    # A load that fails or gives another game has no speed worth reporting: say why instead,
    # so the speed figures above still come out.
    try:
        restored = Game.load(text)
    except Exception as exc:  # noqa: BLE001 - any failure is reported, not timed
        report["load_error"] = f"{type(exc).__name__}: {exc}"
        return report
    if restored.state.log != game.state.log or restored.pending != game.pending:
        report["load_error"] = "the loaded game differs from the saved one"
        return report
    report["load_ms"] = round(1e3 * median_seconds(lambda: Game.load(text), 20), 3)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="random games to play (default 20)")
    parser.add_argument("--clone-iterations", type=int, default=2000, help="clones per timing run (default 2000)")
    parser.add_argument("--one-process", action="store_true", help="skip the run on every core")
    parser.add_argument("--repeats", type=int, default=REPEATS,
                        help=f"times the games are played in one process, timed by the median (default {REPEATS})")
    parser.add_argument("--json-out", metavar="FILE", help="also write the report as JSON to FILE")
    args = parser.parse_args(argv)

    report: dict[str, Any] = {
        "engine": "mtgengine",
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "workload": {"deck": "reference (mini)", "seeds": f"0..{args.games - 1}",
                     "first_player": "alternating", "turn_cap": TURN_CAP, "policy": "uniform random"},
    }
    report["cards_load_ms"] = round(1e3 * load_cards(list(REFERENCE_DECK)), 1)
    print("cards_load_ms:", report["cards_load_ms"], flush=True)
    report["games"] = bench_games(args.games, repeats=args.repeats)
    print("games:", json.dumps(report["games"]), flush=True)
    cpus = os.cpu_count() or 1
    if cpus > 1 and not args.one_process:
        # `mtg simulate --jobs 0`: the same games on every core (a product figure; the peer
        # comparison is the one-process figure above)
        report["games_all_cores"] = bench_games(args.games, cpus)
        print("games_all_cores:", json.dumps(report["games_all_cores"]), flush=True)
    report["clone"] = bench_clone_and_save(args.clone_iterations)
    print("clone:", json.dumps(report["clone"]), flush=True)
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
