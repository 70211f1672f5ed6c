#!/usr/bin/env python3
"""A/B speed of two checkouts of the engine on the reference workload, run alternately.

    python benchmarks/ab_cpu.py OLD_DIR NEW_DIR [--rounds 5] [--games 10]

Each directory holds a ``mtgengine`` package (a worktree, or ``git archive REV mtgengine |
tar -x -C DIR``). Every round runs ``simulate(GAMES, 0, REFERENCE_DECK, REFERENCE_DECK)`` once
with each, in fresh processes, alternating which goes first, and takes its CPU time
(``time.process_time``): on a machine shared with other jobs only figures taken in the same
minutes compare. It prints the medians, their ratio, and each side's Python calls under
cProfile, the noise-free proxy (same games: the same number on every machine).
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

PROBE = r"""
import cProfile, json, pstats, sys, time
sys.path.insert(0, sys.argv[1])
from mtgengine.decklist import REFERENCE_DECK
from mtgengine.simulate import simulate
games, profile = int(sys.argv[2]), sys.argv[3] == "calls"
simulate(1, 1000, REFERENCE_DECK, REFERENCE_DECK)          # warm: card data loaded, imports done
if profile:
    prof = cProfile.Profile()
    prof.enable()
    result = simulate(games, 0, REFERENCE_DECK, REFERENCE_DECK)
    prof.disable()
    print(json.dumps({"calls": pstats.Stats(prof).total_calls, "decisions": result["decisions"]}))
else:
    start = time.process_time()
    result = simulate(games, 0, REFERENCE_DECK, REFERENCE_DECK)
    print(json.dumps({"cpu": time.process_time() - start, "decisions": result["decisions"]}))
"""


def probe(directory: str, games: int, what: str) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", PROBE, directory, str(games), what],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args(argv)
    times: dict[str, list[float]] = {args.old: [], args.new: []}
    for i in range(args.rounds):
        order = (args.old, args.new) if i % 2 == 0 else (args.new, args.old)
        for directory in order:
            times[directory].append(probe(directory, args.games, "cpu")["cpu"])
    old, new = statistics.median(times[args.old]), statistics.median(times[args.new])
    calls = {d: probe(d, args.games, "calls") for d in (args.old, args.new)}
    print(f"CPU s, medians of {args.rounds}: {old:.3f} -> {new:.3f} ({old / new:.2f}x)")
    print(f"calls: {calls[args.old]['calls']:,} -> {calls[args.new]['calls']:,}; decisions "
          f"{calls[args.old]['decisions']:,} and {calls[args.new]['decisions']:,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
