"""``mtg evaluate DECK``: a deck's matchups, goldfish speed and mana, as figures and a report.

    mtg evaluate DECK [--vs DECK2 ...] [--games N] [--agent greedy|ai] [--backend ray] [--report out.html] [--json]

Every game is seeded (game ``i`` of a matchup has seed ``--seed + i`` and is started by the
deck on even ``i``: half on the play, half on the draw), so the figures are the same for the
same arguments on any backend. The deck's player is Alice, its opponent Bob, both played by
``--agent``. Measured from the deck's side:

- **matchups**: the win rate against each ``--vs`` deck (the deck itself when none is given),
  on the play and on the draw, with Wilson 95 % intervals; a draw or a game stopped by the
  turn cap counts half;
- **goldfish**: the deck against an opponent that does nothing (keeps its hand, passes,
  never blocks; a library of Wastes): the distribution of the deck's own turn on which it
  wins (CR 104.3a; turn 3 on the play is game turn 5);
- **mana**, over all the deck's games: lands in the opening seven (before any mulligan,
  CR 103.5), the mulligan rate, the chance of having ``k`` lands on the battlefield at the end
  of one's ``k``-th turn for ``k`` = 1..6, each spell's castability on curve (at the end of
  one's turn equal to its mana value, the lands controlled can pay its cost, colours
  included: the question Karsten's tables answer) and colour screw (a turn 2-6 ending with a
  spell in hand the lands are enough for in number but not in colours).

Lands are the sources counted (a mana creature isn't). ``evaluate_report`` draws the plots
and writes the HTML file.
"""
from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence
from typing import Any

from .agents.agents import first_option
from .agents.registry import decider, make_agent
from .core.enums import Zone
from .core.errors import IllegalActionError
from .effects.layers import permanents, printed
from .simulate import DECISION_CAP, PLAYER_NAMES, _answer_refused, describe_error, resolve_cards

#: The goldfish's library: it never plays it (CR 305.9: Wastes, a basic land with no colour).
GOLDFISH_DECK: tuple[str, ...] = ("Wastes",) * 60
#: The land drops and castability turns measured (a deck's own turns).
CURVE_TURNS = 6
#: The own turns on which colour screw is looked for.
SCREW_TURNS = range(2, CURVE_TURNS + 1)


class Goldfish:
    """The opponent that does nothing: keeps, passes, attacks and blocks with nothing (the
    rules' default for anything else)."""

    def decide(self, decision: Any) -> Any:
        kind = decision.kind
        if kind == "priority":
            return {"action": "pass"}
        if kind == "mulligan":
            return True
        if kind in ("attackers", "blockers"):
            return list(decision.info.get("required", []))
        return first_option(decision)


# -- one game --------------------------------------------------------------------------------
def play_task(task: tuple[Any, ...]) -> dict[str, Any]:
    """One game of an evaluation (a backend task): ``(kind, deck, opponent, label, seed, on_play,
    turn_cap, agent, ai_time, allow_unimplemented)``; returns its figures from the deck's side."""
    from .engine import Game
    kind, deck, opponent, label, seed, on_play, turn_cap, agent, ai_time, allow = task
    game = Game.new_game([list(deck), list(opponent)], names=PLAYER_NAMES, seed=seed,
                         first_player=0 if on_play else 1, turn_cap=turn_cap, allow_unimplemented=allow)
    agents = [make_agent(agent, seed * 2 + 1, ai_time),
              Goldfish() if kind == "goldfish" else make_agent(agent, seed * 2 + 2, ai_time)]
    deciders = [decider(a, game, i) for i, a in enumerate(agents)]
    spells = _spells(deck)
    record: dict[str, Any] = {"kind": kind, "opponent": label, "seed": seed, "on_play": on_play,
                              "opening_lands": None, "lands_by_turn": [], "on_curve": {}, "screwed_turns": 0}
    own_turns = 0
    last_turn, last_active = game.state.turn, game.state.active
    decisions = 0
    try:
        while not game.state.over and decisions < DECISION_CAP:
            g = game.state
            if g.turn != last_turn:
                if last_active == 0:            # the deck's turn ended: its mana then
                    own_turns += 1
                    _end_of_own_turn(g, own_turns, spells, record)
                last_turn, last_active = g.turn, g.active
            decision = game.pending
            if decision.kind == "mulligan" and decision.player == 0 and record["opening_lands"] is None:
                record["opening_lands"] = _lands_in_hand(g, 0)                        # CR 103.5
            try:
                game.submit(deciders[decision.player](decision))
            except IllegalActionError:
                _answer_refused(game, decision)
            decisions += 1
    except Exception as exc:            # a bug: the game is reported, the evaluation goes on
        record["error"] = {"seed": seed, **describe_error(exc)}
        return record
    g = game.state
    record["winner"] = None if g.winner is None else ("deck" if g.winner == 0 else "opponent")
    record["turns"] = g.turn
    # the deck's own turn the game ended on (its turns are the odd ones on the play)
    record["own_turn"] = (g.turn + 1) // 2 if on_play else g.turn // 2
    record["mulligans"] = g.players[0].mulligans
    return record


def _spells(deck: Sequence[str]) -> dict[str, tuple[int, list[frozenset[str]], int]]:
    """Each non-land card of the deck: (mana value, its coloured symbols' colours, generic)."""
    from .cards.database import card_db
    db = card_db()
    out: dict[str, tuple[int, list[frozenset[str]], int]] = {}
    for name in dict.fromkeys(deck):
        ch = printed(db.get(name), 0)
        if "Land" in ch.types or ch.mana_cost is None:
            continue
        colored = [frozenset(s.colors) for s in ch.mana_cost.symbols if s.colors and s.kind != "phyrexian"]
        mv = ch.mana_cost.mana_value()
        out[name] = (mv, colored, mv - len(colored))
    return out


def _lands_in_hand(g: Any, player: int) -> int:
    return sum("Land" in printed(g.objects[oid].card, 0).types for oid in g.zones[(player, Zone.HAND)])


def _land_sources(g: Any, player: int) -> list[frozenset[str]]:
    """The colours each land ``player`` controls can make (its mana abilities, CR 605)."""
    out = []
    for ch in permanents(g).values():
        if ch.controller != player or "Land" not in ch.types:
            continue
        colors: set[str] = set()
        for ability in ch.script.activated:
            if ability.is_mana:
                for effect in ability.effects:
                    colors.update(getattr(effect, "mana", ()))
                    colors.update(getattr(effect, "choice", ()))
        out.append(frozenset(colors))
    return out


def castable(sources: list[frozenset[str]], colored: list[frozenset[str]], mana_value: int) -> bool:
    """Whether lands making ``sources`` pay a cost of ``colored`` symbols (each one mana of one of
    its colours) and ``mana_value`` mana in all: as many lands as the mana value, and a land of
    its own for each coloured symbol (a matching, found by augmenting paths)."""
    if len(sources) < mana_value:
        return False
    match: dict[int, int] = {}          # land -> symbol

    def place(symbol: int, seen: set[int]) -> bool:
        for land, makes in enumerate(sources):
            if land in seen or not makes & colored[symbol]:
                continue
            seen.add(land)
            if land not in match or place(match[land], seen):
                match[land] = symbol
                return True
        return False

    return all(place(i, set()) for i in range(len(colored)))


def _end_of_own_turn(g: Any, turn: int, spells: dict[str, tuple[int, list[frozenset[str]], int]],
                     record: dict[str, Any]) -> None:
    sources = _land_sources(g, 0)
    if turn <= CURVE_TURNS:
        record["lands_by_turn"].append(len(sources))
        for name, (mv, colored, _generic) in spells.items():
            if mv == turn:
                record["on_curve"][name] = castable(sources, colored, mv)
    if turn in SCREW_TURNS:
        hand = {g.objects[oid].card.name for oid in g.zones[(0, Zone.HAND)]}
        if any(name in spells and spells[name][0] <= len(sources)
               and not castable(sources, spells[name][1], spells[name][0]) for name in hand):
            record["screwed_turns"] += 1
            record.setdefault("screwed", True)


# -- the figures ------------------------------------------------------------------------------
def wilson(score: float, games: int) -> tuple[float, float]:
    """The Wilson 95 % interval of a rate ``score / games``."""
    if games == 0:
        return 0.0, 1.0
    z, p = 1.96, score / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def _rate(records: list[dict[str, Any]]) -> dict[str, Any]:
    score = sum(1.0 if r["winner"] == "deck" else 0.0 if r["winner"] == "opponent" else 0.5 for r in records)
    n = len(records)
    low, high = wilson(score, n)
    return {"games": n, "wins": sum(r["winner"] == "deck" for r in records),
            "losses": sum(r["winner"] == "opponent" for r in records),
            "win_rate": round(score / n, 4) if n else None, "ci95": [round(low, 4), round(high, 4)]}


def figures(records: list[dict[str, Any]], deck: Sequence[str]) -> dict[str, Any]:
    """The evaluation's figures (module docstring) from its games' records."""
    played = [r for r in records if "error" not in r]
    matchups: dict[str, Any] = {}
    for label in dict.fromkeys(r["opponent"] for r in played if r["kind"] == "match"):
        games = [r for r in played if r["kind"] == "match" and r["opponent"] == label]
        matchups[label] = {"overall": _rate(games), "on_the_play": _rate([r for r in games if r["on_play"]]),
                           "on_the_draw": _rate([r for r in games if not r["on_play"]])}
    goldfish: dict[str, Any] = {}
    for side, on_play in (("on_the_play", True), ("on_the_draw", False)):
        games = [r for r in played if r["kind"] == "goldfish" and r["on_play"] == on_play]
        kills = sorted(r["own_turn"] for r in games if r["winner"] == "deck")
        distribution: dict[str, int] = {}
        for turn in kills:
            distribution[str(turn)] = distribution.get(str(turn), 0) + 1
        goldfish[side] = {"games": len(games), "kills": len(kills), "kill_turns": distribution,
                          "mean_kill_turn": round(sum(kills) / len(kills), 2) if kills else None,
                          "median_kill_turn": kills[len(kills) // 2] if kills else None}
    opening = [r["opening_lands"] for r in played if r["opening_lands"] is not None]
    hands: dict[str, int] = {}
    for lands in opening:
        hands[str(lands)] = hands.get(str(lands), 0) + 1
    drops = []
    for k in range(1, CURVE_TURNS + 1):
        reached = [r["lands_by_turn"][k - 1] for r in played if len(r["lands_by_turn"]) >= k]
        drops.append({"turn": k, "games": len(reached),
                      "on_time": round(sum(n >= k for n in reached) / len(reached), 4) if reached else None})
    curve: dict[str, Any] = {}
    for name, (mv, colored, _generic) in _spells(deck).items():
        seen = [r["on_curve"][name] for r in played if name in r["on_curve"]]
        curve[name] = {"mana_value": mv, "colors": "".join(sorted({c for s in colored for c in s})),
                       "games": len(seen), "castable": round(sum(seen) / len(seen), 4) if seen else None}
    screwed = [r for r in played if len(r["lands_by_turn"]) >= 2]
    return {
        "matchups": matchups, "goldfish": goldfish,
        "mana": {"opening_hand_lands": dict(sorted(hands.items(), key=lambda kv: int(kv[0]))),
                 "mean_opening_lands": round(sum(opening) / len(opening), 3) if opening else None,
                 "mulligan_rate": round(sum(r["mulligans"] > 0 for r in played) / len(played), 4) if played else None,
                 "land_drops": drops, "castable_on_curve": curve,
                 "color_screw_rate": round(sum(bool(r.get("screwed")) for r in screwed) / len(screwed), 4)
                 if screwed else None,
                 "color_screwed_turns_per_game": round(sum(r["screwed_turns"] for r in screwed) / len(screwed), 3)
                 if screwed else None},
        "failures": [r["error"] for r in records if "error" in r],
    }


def evaluate(deck: Sequence[str], opponents: Sequence[tuple[str, Sequence[str]]], *, games: int = 50, seed: int = 0,
             agent: str = "greedy", ai_time: float | None = None, turn_cap: int = 40, jobs: int = 1,
             backend: str = "local", address: str | None = None, allow_unimplemented: bool = False,
             progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """Plays the evaluation's games (``games`` per matchup and ``games`` goldfish games) and
    returns their records in task order."""
    from .backends import ordered_map
    tasks: list[tuple[Any, ...]] = []
    for label, other in opponents:
        tasks += [("match", tuple(deck), tuple(other), label, seed + i, i % 2 == 0, turn_cap, agent, ai_time,
                   allow_unimplemented) for i in range(games)]
    tasks += [("goldfish", tuple(deck), GOLDFISH_DECK, "goldfish", seed + i, i % 2 == 0, turn_cap, agent, ai_time,
               allow_unimplemented) for i in range(games)]
    resolve_cards([deck, GOLDFISH_DECK, *(other for _label, other in opponents)])
    out = []
    with ordered_map(play_task, tasks, jobs, backend, address) as results:
        for done, record in enumerate(results, 1):
            out.append(record)
            if progress is not None:
                progress(done, len(tasks))
    return out


# -- mtg evaluate -----------------------------------------------------------------------------
def add_evaluate_parser(subparsers: Any) -> None:
    from .cli import _add_ai_time, _add_backend_options, _count, _seed
    parser = subparsers.add_parser(
        "evaluate", help="a deck's matchups, goldfish kill turn and mana figures, as a report",
        description="Plays a deck against each --vs deck (itself when none) on the play and on the draw, and "
                    "against an opponent that does nothing (goldfish), and reports win rates with 95 % intervals, "
                    "the kill-turn distribution and mana figures (opening hands, mulligans, land drops, "
                    "castability on curve, colour screw).")
    parser.add_argument("deck", metavar="DECK", help="the deck list to evaluate")
    parser.add_argument("--vs", metavar="DECK2", nargs="+", default=None, help="the opposing deck lists")
    parser.add_argument("--games", type=_count(1), default=50,
                        help="games per matchup, and goldfish games (default 50)")
    parser.add_argument("--agent", choices=("greedy", "ai", "random", "first"), default="greedy",
                        help="who plays both decks (default greedy)")
    _add_ai_time(parser)
    parser.add_argument("--seed", type=_seed, default=0, help="seed of each matchup's first game (default 0)")
    parser.add_argument("--turn-cap", type=_count(0), default=40, help="stop a game after this turn (default 40)")
    parser.add_argument("--jobs", type=_count(0), default=1, help="worker processes (0: one per CPU; default 1)")
    _add_backend_options(parser)
    parser.add_argument("--report", metavar="FILE", help="write a self-contained HTML report with plots to FILE")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.add_argument("--allow-unimplemented", action="store_true",
                        help="play cards with abilities the engine doesn't implement without them (the report "
                             "says so) instead of refusing the decks")
    parser.set_defaults(func=run_evaluate)


def run_evaluate(args: argparse.Namespace) -> int:
    import json
    import sys
    from .cards.database import card_db
    from .cli import _progress_bar
    from .core.errors import MtgError
    from .decklist import load_deck
    from .engine import refuse_unimplemented, unimplemented
    if args.address is not None and args.backend != "ray":
        raise MtgError("--address is for the ray backend: add --backend ray")
    deck = load_deck(args.deck).main
    opponents = [(path, load_deck(path).main) for path in (args.vs or [args.deck])]
    db = card_db()
    groups = [(args.deck, [db.get(n) for n in dict.fromkeys(deck)])] + \
        [(path, [db.get(n) for n in dict.fromkeys(cards)]) for path, cards in opponents]
    missing = unimplemented(groups)
    if not args.allow_unimplemented:
        refuse_unimplemented(groups, "add --allow-unimplemented")
    total = args.games * (len(opponents) + 1)
    with _progress_bar(total) as progress:
        records = evaluate(deck, opponents, games=args.games, seed=args.seed, agent=args.agent, ai_time=args.ai_time,
                           turn_cap=args.turn_cap, jobs=args.jobs, backend=args.backend, address=args.address,
                           allow_unimplemented=args.allow_unimplemented, progress=progress)
    result = {"deck": args.deck, "games": args.games, "agent": args.agent, "seed": args.seed,
              "turn_cap": args.turn_cap,
              "unimplemented": [{"card": name, "where": where, "missing": gaps} for name, where, gaps in missing]
              if args.allow_unimplemented else [],
              **figures(records, deck)}
    if args.report:
        from .evaluate_report import write_report
        write_report(result, args.report)
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print(summary_text(result))
        if args.report:
            print(f"report: {args.report}")
    if result["failures"]:
        print(f"{len(result['failures'])} game(s) failed (an engine bug):", file=sys.stderr)
        for failure in result["failures"]:
            print(f"  seed {failure['seed']}: {failure['error']} (at {failure['where'] or '?'})", file=sys.stderr)
        return 1
    return 0


def summary_text(result: dict[str, Any]) -> str:
    """The figures as a few lines for the terminal."""
    lines = [f"{result['deck']}: {result['games']} games a matchup, agent {result['agent']}"]
    for label, m in result["matchups"].items():
        o, p, d = m["overall"], m["on_the_play"], m["on_the_draw"]
        lines.append(f"  vs {label}: {_pct(o)}  (play {_pct(p)}, draw {_pct(d)})")
    for side, gf in result["goldfish"].items():
        lines.append(f"  goldfish {side.replace('_', ' ')}: {gf['kills']}/{gf['games']} kills, "
                     f"mean kill turn {gf['mean_kill_turn']}, median {gf['median_kill_turn']}")
    mana = result["mana"]
    drops = ", ".join(f"{d['turn']}: {d['on_time']:.0%}" for d in mana["land_drops"] if d["on_time"] is not None)
    lines.append(f"  mana: {mana['mean_opening_lands']} lands in the opening hand, mulligan rate "
                 f"{mana['mulligan_rate']:.1%}, land drops on time {drops}")
    lines.append(f"  colour screw: {mana['color_screw_rate']:.1%} of games" if mana["color_screw_rate"] is not None
                 else "  colour screw: -")
    if result["unimplemented"]:
        lines.append(f"  played without unimplemented abilities: {', '.join(u['card'] for u in result['unimplemented'])}")
    return "\n".join(lines)


def _pct(rate: dict[str, Any]) -> str:
    if not rate["games"]:
        return "-"
    low, high = rate["ci95"]
    return f"{rate['win_rate']:.1%} [{low:.1%}, {high:.1%}] of {rate['games']}"


__all__ = ["Goldfish", "castable", "evaluate", "figures", "play_task", "wilson"]
