#!/usr/bin/env python3
"""Cost per decision against the size of the board (issue 17, "Hardened").

Random agents that never attack (``NoAttack``: every attackers question answered with only the
creatures that must attack, CR 508.1d), so both boards fill up, play three workloads:

- ``lords``: anthems and lords (Glorious Anthem, Crusade, Honor of the Pure, Lord of Atlantis,
  Elvish Champion, Goblin King, ...) with creatures of those types, in a mirror;
- ``tokens``: token makers and token doublers (Doubling Season, Parallel Lives, Anointed
  Procession, Raise the Alarm, Dragon Fodder, Krenko's Command, Secure the Wastes, ...), in a
  mirror;
- ``reference``: ``mtgengine.decklist.REFERENCE_DECK`` in a mirror (the boards stay small).

After a warm-up (every card compiled, a short game of each deck), each decision (the agent's answer and the engine's run to the next question) is timed and put
in a bucket by the number of permanents on the battlefield as it is asked: under 10, 10-39,
40-159 and 160+; "40+" is the last two together. The ``pump`` run sets up a board with lords
and anthems and activates Hyalopterous Lemure's "{0}: ~ gets -1/-0 and gains flying until end of
turn" again and again within one turn (activate, both pass, it resolves): µs per decision by the
number of continuous effects in the game (CR 611.2), in windows 0, 1, 2-3, 4-7, ... 128+.

    python benchmarks/bench_board.py                      # all four, 2 games per deck
    python benchmarks/bench_board.py --games 3 --only lords --json-out board.json

Each decision is timed in CPU time of the process (``time.process_time``: other jobs on the
machine change it less than wall time); everything is played ``--repeats`` times (the same games:
same seeds, same answers) and each decision counts its fastest run, which other jobs inflate
least. Figures are means over the decisions of a bucket; machines are noisy, so compare figures
from one run (or ratios) only.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # this checkout's mtgengine, not an installed one
from mtgengine.agents.agents import RandomAgent
from mtgengine.agents.decisions import Decision
from mtgengine.cards.database import card_db
from mtgengine.decklist import REFERENCE_DECK
from mtgengine.cards.scripts import face_script
from mtgengine.engine import Game
from mtgengine.scenario.builder import Scenario
from mtgengine.simulate import PLAYER_NAMES, answer_pending

TURN_CAP = 40

LORDS = (["Plains"] * 7 + ["Forest"] * 6 + ["Mountain"] * 6 + ["Island"] * 5
         + ["Glorious Anthem"] * 3 + ["Crusade"] * 2 + ["Honor of the Pure"] * 2 + ["Benalish Marshal"]
         + ["Spidersilk Armor"] + ["Elvish Champion"] * 2 + ["Llanowar Elves"] * 4 + ["Elvish Mystic"] * 3
         + ["Elvish Warrior"] * 2 + ["Goblin King"] * 2 + ["Goblin Chieftain"] + ["Raging Goblin"] * 3
         + ["Goblin Piker"] * 2 + ["Lord of Atlantis"] * 2 + ["Merfolk of the Pearl Trident"] * 3
         + ["Savannah Lions"] * 2 + ["Silvercoat Lion"])
TOKENS = (["Plains"] * 9 + ["Mountain"] * 9 + ["Forest"] * 6
          + ["Doubling Season"] * 3 + ["Parallel Lives"] * 3 + ["Anointed Procession"] * 3
          + ["Raise the Alarm"] * 4 + ["Dragon Fodder"] * 4 + ["Krenko's Command"] * 4
          + ["Secure the Wastes"] * 3 + ["Spectral Procession"] * 2 + ["Hordeling Outburst"] * 3
          + ["Goblin Rally"] * 2 + ["Captain's Call"] * 2 + ["Beetleback Chief"] * 3)
DECKS: dict[str, list[str]] = {"lords": LORDS, "tokens": TOKENS, "reference": list(REFERENCE_DECK)}

#: Buckets by permanents on the battlefield: (label, lowest, highest + 1).
BUCKETS = (("<10", 0, 10), ("10-39", 10, 40), ("40-159", 40, 160), ("160+", 160, 1 << 30))


class NoAttack:
    """A random agent that declares no attackers but those that must attack (CR 508.1d)."""

    def __init__(self, seed: int) -> None:
        self.agent = RandomAgent(seed)

    def decide(self, decision: Decision) -> Any:
        if decision.kind == "attackers":
            required = decision.info.get("required") or ()
            return [o for o in decision.options if o in required]
        return self.agent.decide(decision)


def _summary(times: dict[str, list[int]]) -> dict[str, Any]:
    """Decisions and mean µs per decision of each bucket, and "40+" for the last two together."""
    out: dict[str, Any] = {}
    for label, ns in times.items():
        out[label] = {"decisions": len(ns), "us": round(sum(ns) / len(ns) / 1000, 1) if ns else None}
    big = times["40-159"] + times["160+"]
    out["40+"] = {"decisions": len(big), "us": round(sum(big) / len(big) / 1000, 1) if big else None}
    small, large = out["<10"]["us"], out["40+"]["us"]
    out["ratio_40+_to_<10"] = round(large / small, 2) if small and large else None
    return out


def warm_up(decks: list[list[str]]) -> None:
    """Compiles every card of the decks and plays a short game of each, untimed: the first
    decisions of a process would otherwise pay for the card compiler and the module memos."""
    db = card_db()
    for name in sorted({n for deck in decks for n in deck} | {"Hyalopterous Lemure", "Grizzly Bears"}):
        for face in db.get(name).faces:
            face_script(face)
    for deck in decks:
        board_run(deck, 1, 4)


def _fastest(runs: list[list[tuple[int, int]]]) -> list[tuple[int, int]]:
    """The same decisions timed in several runs (the games are the same for the same seeds):
    each one's key (board size or effects) and its fastest time, which other jobs on the machine
    inflate least."""
    return [(same[0][0], min(ns for _, ns in same)) for same in zip(*runs)]


def _timed_game(deck: list[str], seed: int, turn_cap: int) -> tuple[list[tuple[int, int]], int]:
    """One mirror game of ``deck`` by agents that never attack: each decision's permanents on the
    battlefield and CPU time, and the most permanents."""
    game = Game.new_game([list(deck), list(deck)], names=PLAYER_NAMES, seed=seed, first_player=seed % 2,
                         turn_cap=turn_cap)
    agents = (NoAttack(seed * 2 + 1), NoAttack(seed * 2 + 2))
    out: list[tuple[int, int]] = []
    while not game.state.over:
        size = len(game.state.battlefield)
        start = time.process_time_ns()
        answer_pending(game, agents)
        out.append((size, time.process_time_ns() - start))
    return out, max(size for size, _ in out)


def board_run(deck: list[str], games: int, turn_cap: int, repeats: int = 1) -> dict[str, Any]:
    """Plays ``games`` mirror games of ``deck`` (seeds 0..games-1) ``repeats`` times, each
    decision timed (its fastest run) and bucketed by the permanents on the battlefield."""
    times: dict[str, list[int]] = {label: [] for label, _, _ in BUCKETS}
    most = 0
    for seed in range(games):
        runs = [_timed_game(deck, seed, turn_cap) for _ in range(repeats)]
        most = max(most, runs[0][1])
        for size, spent in _fastest([r[0] for r in runs]):
            for label, low, high in BUCKETS:
                if low <= size < high:
                    times[label].append(spent)
                    break
    return {"games": games, "most_permanents": most, **_summary(times)}


def _pumped(most: int) -> tuple[list[tuple[int, int]], int]:
    """One pump run (``pump_run``): each decision's continuous effects and CPU time, and the
    effects left after the turn."""
    scenario = Scenario(
        "pump", seed=1,
        Alice={"battlefield": ["Hyalopterous Lemure", "Glorious Anthem", "Crusade", "Lord of Atlantis",
                               "Elvish Champion", "Goblin King", "Merfolk of the Pearl Trident", "Llanowar Elves",
                               "Raging Goblin", "Savannah Lions", "Plains", "Island", "Forest", "Mountain"]},
        Bob={"battlefield": ["Honor of the Pure", "Grizzly Bears", "Savannah Lions", "Plains", "Forest"]})
    game = scenario.game
    lemure = next(oid for oid in game.state.battlefield if game.state.objects[oid].card.name == "Hyalopterous Lemure")
    stop = most + max(8, most // 16)
    out: list[tuple[int, int]] = []
    while len(game.state.effects) < stop:
        d = game.pending
        assert d.kind == "priority", d.describe(["Alice", "Bob"])
        activate = [o for o in d.options if o.get("action") == "activate" and o.get("object") == lemure]
        answer = activate[0] if d.player == 0 and activate and not game.state.stack else {"action": "pass"}
        count = len(game.state.effects)
        start = time.process_time_ns()
        game.submit(answer)
        out.append((count, time.process_time_ns() - start))
    # the turn ends: "until end of turn" effects end in the cleanup step (CR 514.2)
    turn = game.state.turn
    while game.state.turn == turn:
        game.submit({"action": "pass"} if game.pending.kind == "priority" else [])
    return out, len(game.state.effects)


def pump_run(most: int, repeats: int = 1) -> dict[str, Any]:
    """Activates Hyalopterous Lemure's {0} ability until ``most`` continuous effects exist (and
    a few more times, for the last window), on a board with lords and anthems, ``repeats``
    times; µs per decision (its fastest run) by the number of continuous effects as the
    decision is asked, in windows of powers of two."""
    runs = [_pumped(most) for _ in range(repeats)]
    windows: dict[int, list[int]] = {}
    for count, spent in _fastest([r[0] for r in runs]):
        window = 0 if count == 0 else 1 << (min(count, most).bit_length() - 1)
        windows.setdefault(window, []).append(spent)
    return {"decisions": len(runs[0][0]), "effects_after_the_turn": runs[0][1],
            "us_by_effects": {str(w): {"decisions": len(ns), "us": round(sum(ns) / len(ns) / 1000, 1)}
                              for w, ns in sorted(windows.items())}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2, help="games per deck (seeds 0..N-1, default 2)")
    parser.add_argument("--turn-cap", type=int, default=TURN_CAP)
    parser.add_argument("--pump", type=int, default=128, help="continuous effects to pile up (default 128)")
    parser.add_argument("--repeats", type=int, default=3,
                        help="play everything this many times, each decision timed by its fastest run (default 3)")
    parser.add_argument("--only", action="append", choices=[*DECKS, "pump"], help="only these runs (default: all)")
    parser.add_argument("--json-out", help="also write the report to this file")
    args = parser.parse_args(argv)
    runs = args.only or [*DECKS, "pump"]
    report: dict[str, Any] = {}
    warm_up([DECKS[name] for name in runs if name in DECKS] or [LORDS])
    for name in runs:
        start = time.perf_counter()
        report[name] = pump_run(args.pump, args.repeats) if name == "pump" \
            else board_run(DECKS[name], args.games, args.turn_cap, args.repeats)
        report[name]["seconds"] = round(time.perf_counter() - start, 1)
        print(f"{name}: {json.dumps(report[name])}", flush=True)
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
