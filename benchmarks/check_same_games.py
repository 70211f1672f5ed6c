#!/usr/bin/env python3
"""Determinism oracle for speed work: the same seeds must play exactly the same games.

Plays seeds 0..N-1 (default 30) of four workloads with the random agents of
``mtgengine.simulate`` (the code behind ``mtg simulate`` and ``bench_engine.py``) and hashes,
per game, every decision asked (player, kind, prompt, options, bounds), every answer given,
the full log and the final state as saved JSON. The workloads:

- ``reference``: both players play ``REFERENCE_DECK`` (the benchmark workload);
- ``counters``: counters, tokens and doublers (Doubling Season, Hardened Scales, anthems);
- ``copies``: copies of permanents and spells (Clone, Phantasmal Image, Twincast, Fork);
- ``removal``: replacement and exile effects, linked abilities, ETB triggers (Oblivion Ring,
  Panharmonicon, Cloudshift, Boon Reflection) against the counters deck.

    python benchmarks/check_same_games.py            # compare with benchmarks/same_games.json
    python benchmarks/check_same_games.py --write    # record the hashes (from unmodified code!)

An optimisation must not change any hash: exit status 1 and the differing games otherwise.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # this checkout's mtgengine, not an installed one
from mtgengine.agents.agents import RandomAgent
from mtgengine.decklist import REFERENCE_DECK
from mtgengine.engine import Game
from mtgengine.simulate import PLAYER_NAMES, answer_pending
from mtgengine.state.serialize import state_to_json

BASELINE = Path(__file__).with_name("same_games.json")
TURN_CAP = 40


COUNTERS = (["Forest"] * 12 + ["Plains"] * 12 + ["Doubling Season"] * 3 + ["Hardened Scales"] * 3
            + ["Solidarity of Heroes"] * 3 + ["Ajani's Pridemate"] * 4 + ["Raise the Alarm"] * 4
            + ["Glorious Anthem"] * 3 + ["Honor of the Pure"] * 2 + ["Savannah Lions"] * 4
            + ["Llanowar Elves"] * 4 + ["Beacon of Immortality"] * 2 + ["Rhys the Redeemed"] * 2
            + ["Healing Salve"] * 2)
COPIES = (["Island"] * 12 + ["Mountain"] * 12 + ["Clone"] * 4 + ["Phantasmal Image"] * 3
          + ["Twincast"] * 3 + ["Fork"] * 3 + ["Lightning Bolt"] * 4 + ["Shivan Dragon"] * 2
          + ["Counterspell"] * 3 + ["Rite of Replication"] * 2 + ["Cancel"] * 2 + ["Unsummon"] * 3
          + ["Divination"] * 3 + ["Body Double"] * 2 + ["Blaze"] * 2)
REMOVAL = (["Swamp"] * 12 + ["Plains"] * 12 + ["Sol Ring"] * 2 + ["Boon Reflection"] * 2
           + ["Oblivion Ring"] * 4 + ["Doom Blade"] * 3 + ["Murder"] * 3 + ["Walking Corpse"] * 4
           + ["Serra Angel"] * 3 + ["Mind Rot"] * 3 + ["Panharmonicon"] * 2 + ["Cloudshift"] * 3
           + ["Wound Reflection"] * 1 + ["Benalish Marshal"] * 2 + ["Savannah Lions"] * 4)
WORKLOADS: dict[str, tuple[list[str], list[str]]] = {
    "reference": (list(REFERENCE_DECK), list(REFERENCE_DECK)),
    "counters": (COUNTERS, list(REFERENCE_DECK)),
    "copies": (COPIES, COUNTERS),
    "removal": (REMOVAL, COUNTERS),
}


class _Recording:
    """An agent that notes each answer it gives (a refused one too: the engine's fallback then
    shows in the log and the final state)."""

    def __init__(self, agent: RandomAgent, given: list[Any]) -> None:
        self.agent, self.given = agent, given

    def decide(self, decision: Any) -> Any:
        answer = self.agent.decide(decision)
        self.given.append(answer)
        return answer


def game_hash(decks: tuple[list[str], list[str]], seed: int) -> tuple[str, int]:
    """The hash of one game played as ``simulate`` plays it, and its number of decisions."""
    game = Game.new_game([list(d) for d in decks], names=PLAYER_NAMES, seed=seed,
                         first_player=seed % 2, turn_cap=TURN_CAP)
    given: list[Any] = []
    agents = (_Recording(RandomAgent(seed * 2 + 1), given), _Recording(RandomAgent(seed * 2 + 2), given))
    h = hashlib.sha256()
    decisions = 0
    while not game.over:
        d = game.pending
        h.update(repr((d.player, d.kind, d.prompt, d.options, d.min, d.max, d.multi)).encode())
        answer_pending(game, agents)
        h.update(repr(given[-1]).encode())      # the answer given (not the engine's answers since a commit)
        decisions += 1
    h.update("\n".join(game.state.log).encode())
    h.update(json.dumps(state_to_json(game.state), sort_keys=True).encode())
    return h.hexdigest()[:16], decisions


def run(seeds: int, workloads: list[str]) -> dict[str, Any]:
    import mtgengine
    print(f"mtgengine from {Path(mtgengine.__file__).parent}", file=sys.stderr)
    out: dict[str, Any] = {}
    for name in workloads:
        start = time.perf_counter()
        games = [game_hash(WORKLOADS[name], seed) for seed in range(seeds)]
        out[name] = [g[0] for g in games]
        print(f"{name}: {seeds} games, {sum(g[1] for g in games)} decisions, "
              f"{time.perf_counter() - start:.1f} s", file=sys.stderr)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=30, help="seeds 0..N-1 (default 30)")
    parser.add_argument("--workload", action="append", choices=sorted(WORKLOADS),
                        help="only these workloads (default: all)")
    parser.add_argument("--write", action="store_true", help=f"record the hashes in {BASELINE.name}")
    args = parser.parse_args(argv)
    names = args.workload or list(WORKLOADS)
    hashes = run(args.seeds, names)
    if args.write:
        BASELINE.write_text(json.dumps({"seeds": args.seeds, "hashes": hashes}, indent=1) + "\n")
        print(f"wrote {BASELINE}")
        return 0
    baseline = json.loads(BASELINE.read_text())
    bad = [(name, seed) for name in names for seed, h in enumerate(hashes[name])
           if seed >= len(baseline["hashes"][name]) or baseline["hashes"][name][seed] != h]
    if bad:
        print("DIFFERENT games: " + ", ".join(f"{n} seed {s}" for n, s in bad))
        return 1
    print(f"same games: {sum(len(v) for v in hashes.values())} games identical to {BASELINE.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
