"""The ``mtg`` command.

    mtg simulate [--games N] [--seed S] [--players P] [--deck FILE]... [--deck2 FILE] [--turn-cap T] [--allow-unimplemented]
                 [--jobs J] [--json] [--agent NAME] [--agent2 NAME] [--ai-time SECONDS]
                 [--backend local|ray] [--address ADDR] [--records FILE]
    mtg play [--seed S] [--deck FILE] [--deck2 FILE] [--turn-cap T] [--allow-unimplemented]
    mtg play --vs ai|greedy|random|first [--seat 1|2] [--ai-time SECONDS] ...   (a person plays)

How subcommands are registered: each one is added by a function that takes the argparse
subparsers object, adds its parser and sets ``func`` with ``set_defaults(func=...)``, where
``func(args: argparse.Namespace) -> int`` returns the exit code. ``simulate`` and ``play``
live here. Commands owned by other modules (``run``; ``card`` and ``coverage``) are listed
in :data:`PLUGGED_COMMANDS` as (module, function) and imported lazily, inside
``try/except ImportError``, so the CLI keeps working while such a module or function is not
written yet; an import that fails inside an existing module still raises. To add a command,
write ``add_<name>_parser(subparsers)`` in its module and list it there.

Bad input (a deck file that cannot be read, a bad deck line, decks that make no game, a card
the engine does not implement) prints one line to stderr and exits with status 2, as argparse
does for bad options: a traceback is for bugs.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import importlib
import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeAlias

from .cards.lang import LANGUAGES, translate_log_line
from .core.errors import DeckError, MtgError

#: Subcommands whose code other modules own: (module, function registering the subparser).
PLUGGED_COMMANDS: tuple[tuple[str, str], ...] = (
    ("mtgengine.scenario.cli", "add_run_parser"),
    ("mtgengine.cards.card_command", "add_card_parser"),
    ("mtgengine.smoke", "add_smoke_parser"),
    ("mtgengine.deck_command", "add_deck_parser"),
    ("mtgengine.evaluate", "add_evaluate_parser"),
    ("mtgengine.web.cli", "add_serve_parser"),
)

#: argparse exposes no public name for the object that ``add_subparsers`` returns.
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
Progress = Callable[[int, int], None]


def main(argv: Sequence[str] | None = None) -> int:
    """Runs ``mtg`` with ``argv`` (default: the process arguments); returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except MtgError as exc:         # bad input: a deck list, decks or a game that can't start
        message = " ".join(str(exc).split())        # one line, whatever the message holds
        print(f"mtg: error: {message}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader stopped early (`mtg play | head`): not an error worth a traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


#: What ``mtg --help`` ends with: a first command of each kind, and where the rest is said.
_EPILOG = """\
examples:
  mtg run examples/                  the worked examples, one line per file (-v: each rule-cited log)
  mtg card Lightning Bolt            a card's characteristics and whether the engine implements it
  mtg deck burn.txt                  read a deck list and say what keeps it from play
  mtg simulate --games 10            random games with the built-in reference deck
  mtg play --vs ai                   play a game yourself in the terminal

'mtg COMMAND --help' gives a command's options; docs/cli.md (the documentation site,
'mkdocs serve') says more. Exit status: 0 done, 1 something failed or was found, 2 bad input."""


def build_parser() -> argparse.ArgumentParser:
    from . import __version__
    parser = argparse.ArgumentParser(
        prog="mtg", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="A Magic: The Gathering rules engine that plays by the Comprehensive Rules and cites "
                    "the rule of each step.",
        epilog=_EPILOG)
    parser.add_argument("--version", action="version", version=f"mtg (mtgengine) {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    add_simulate_parser(subparsers)
    add_play_parser(subparsers)
    add_fuzz_parser(subparsers)
    for module, function in PLUGGED_COMMANDS:
        _add_plugged_parser(subparsers, module, function)
    return parser


def _add_plugged_parser(subparsers: Subparsers, module: str, function: str) -> None:
    try:
        owner = importlib.import_module(module)
    except ImportError as exc:
        if exc.name == module:      # the module is not written yet
            return
        raise
    register = getattr(owner, function, None)
    if register is not None:        # None: the module does not offer the command yet
        register(subparsers)


# -- shared options --------------------------------------------------------------------------
def _count(minimum: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}: {value}")
        return value
    return parse


#: The largest seed of a game: the random agents of game S are seeded 2S+1 and 2S+2, and every
#: seed of the engine's generator fits in 64 bits (core.rng).
MAX_SEED = 2**63 - 2


def _players(text: str) -> int:
    value = _count(2)(text)
    if value > 6:
        raise argparse.ArgumentTypeError(f"a game has 2 to 6 players: {value}")
    return value


def _seed(text: str) -> int:
    value = _count(0)(text)
    if value > MAX_SEED:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_SEED}: {value}")
    return value


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=_seed, default=0, help="seed of the (first) game (default 0)")
    parser.add_argument("--deck", metavar="FILE", action="append",
                        help="Alice's deck list (default: the reference deck, see mtgengine.decklist); given "
                             "again, the next player's (Bob's, then Carol's, ...)")
    parser.add_argument("--deck2", metavar="FILE", help="Bob's deck list (default: the same as Alice's)")
    parser.add_argument("--turn-cap", type=_count(0), default=40,
                        help="stop a game after this turn, 0 for no cap (default 40)")
    parser.add_argument("--allow-unimplemented", action="store_true",
                        help="play cards with abilities the engine doesn't implement without them (the log "
                             "says each time one is skipped) instead of refusing the decks")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds: {value}")
    return value


def _add_ai_time(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ai-time", type=_seconds, default=None, metavar="SECONDS",
                        help="the ai agent's thinking budget per decision (default 1)")


def _seat_paths(args: argparse.Namespace, players: int) -> list[str | None]:
    """Each player's deck file (None: the reference deck): the ``--deck`` options in seat order,
    Bob's ``--deck2`` if given; a seat without one plays Alice's deck."""
    given = list(args.deck or [])
    if len(given) > players:
        raise MtgError(f"--deck given {len(given)} times for a game of {players} players")
    paths: list[str | None] = [given[i] if i < len(given) else (given[0] if given else None) for i in range(players)]
    if args.deck2:
        if len(given) > 1:
            raise MtgError("Bob's deck is given twice: by --deck2 and by a second --deck")
        paths[1] = args.deck2
    return paths


def _deck_lists(args: argparse.Namespace, players: int = 2) -> tuple[list[list[str]], dict[str, Any]]:
    """Each player's main deck (``_seat_paths``), and the sideboards and commanders of the deck
    files (CR 400.11a, 903.3) as keyword arguments for ``play_game``/``simulate`` (none given:
    none passed)."""
    from .decklist import REFERENCE_DECK, Deck, load_deck   # the engine loads only for commands that play
    from .simulate import seat_names
    paths = _seat_paths(args, players)
    loaded: dict[str | None, Deck] = {}
    for path in paths:
        if path not in loaded:
            loaded[path] = load_deck(path) if path else Deck(main=list(REFERENCE_DECK))
    seats = [loaded[path] for path in paths]
    for path, deck, player in zip(paths, seats, seat_names(players)):
        if deck.commander:
            # what Game.new_game checks (CR 903.3, 903.5c-d), said of the file
            from .rules.pregame import validate_commanders, validate_deck_colors
            try:
                validate_commanders(deck.commander, player)
                validate_deck_colors(deck.main, deck.commander, player)
            except ValueError as exc:
                raise DeckError(f"{path}, Commander section: {exc}") from None
    extra: dict[str, Any] = {}
    if any(deck.sideboard for deck in seats):
        extra["sideboards"] = [deck.sideboard for deck in seats]
    if any(deck.commander for deck in seats):
        extra["commanders"] = [deck.commander for deck in seats]
    if args.allow_unimplemented:
        extra["allow_unimplemented"] = True
    else:
        # the refusal Game.new_game would make, with the option of this command (issue 17)
        from .cards.database import card_db
        from .engine import refuse_unimplemented
        db = card_db()
        refuse_unimplemented([(f"{path or 'the reference deck'}", [db.get(n) for n in dict.fromkeys(
            deck.main + deck.sideboard + deck.commander)]) for path, deck in loaded.items()],
                             "add --allow-unimplemented")
    return [deck.main for deck in seats], extra


# -- mtg simulate ----------------------------------------------------------------------------
def add_simulate_parser(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "simulate", help="play many random games and count the results",
        description="Plays random games with seeds S..S+N-1, the first player alternating, "
                    "and reports wins, draws, capped games and speed.")
    parser.add_argument("--games", type=_count(1), default=10, help="number of games (default 10)")
    _add_game_options(parser)
    parser.add_argument("--players", type=_players, default=2,
                        help="players in each game, 2 to 6 (default 2; more: a free-for-all game, CR 806)")
    parser.add_argument("--jobs", type=_count(0), default=1,
                        help="worker processes playing the games, 0 for one per CPU (default 1); "
                             "the results are the same for any number")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a summary")
    from .agents.registry import AGENT_NAMES
    parser.add_argument("--agent", choices=AGENT_NAMES, default="random", help="Alice's agent (default random)")
    parser.add_argument("--agent2", choices=AGENT_NAMES, default="random", help="Bob's agent (default random)")
    _add_ai_time(parser)
    _add_backend_options(parser)
    parser.add_argument("--records", metavar="FILE",
                        help="write one JSON line per game to FILE (seed, decks, agents, winner, turns, decisions, "
                             "mulligans, the turn each player won or lost)")
    parser.set_defaults(func=run_simulate)


def _add_backend_options(parser: argparse.ArgumentParser) -> None:
    from .backends import BACKENDS
    parser.add_argument("--backend", choices=BACKENDS, default="local",
                        help="where the games are played: local (this machine, --jobs processes) or ray (a Ray "
                             "cluster: pip install -e '.[ray]'); the same results for the same seeds")
    parser.add_argument("--address", metavar="ADDR", default=None,
                        help="with --backend ray: the cluster's address (ray://HOST:10001, HOST:6379 or auto); "
                             "none: a local Ray started for the run with --jobs CPUs (0: all)")


def run_simulate(args: argparse.Namespace) -> int:
    if args.seed + args.games - 1 > MAX_SEED:
        raise MtgError(f"--seed {args.seed} --games {args.games}: the seeds of the games go up to "
                       f"{args.seed + args.games - 1}, above the largest seed {MAX_SEED}")
    if args.players > 2 and args.seed + args.games - 1 > (2**64 - 1 - args.players) // args.players:
        raise MtgError(f"--seed {args.seed} --games {args.games}: with {args.players} players the agents' seeds "
                       f"(S * {args.players} + 1 ...) of the last game pass 64 bits")
    decks, extra = _deck_lists(args, args.players)
    if args.address is not None and args.backend != "ray":
        raise MtgError("--address is for the ray backend: add --backend ray")
    labels = tuple(path or "reference" for path in _seat_paths(args, args.players))
    with _progress_bar(args.games) as progress, _records_file(args.records) as on_record:
        from .simulate import simulate
        result = simulate(args.games, args.seed, decks[0], decks[1], turn_cap=args.turn_cap, progress=progress,
                          jobs=args.jobs, agents=(args.agent, args.agent2), ai_time=args.ai_time,
                          backend=args.backend, address=args.address, on_record=on_record, deck_labels=labels,
                          more_decks=decks[2:], **extra)
    failed = 1 if result["failed"] else 0       # the exit status says some games failed
    if args.json:
        print(json.dumps(result, sort_keys=True))
        return failed
    games = result["games"]
    from .simulate import seat_names
    names = seat_names(args.players)
    agents = (args.agent, args.agent2, *["random"] * (args.players - 2))
    print(f"{games} game(s), seeds {args.seed}..{args.seed + games - 1}, turn cap {args.turn_cap or 'none'}, "
          + ", ".join(f"{name}: {agent}" for name, agent in zip(names, agents)))
    print(", ".join(f"{name} won {result['wins'][name]}" for name in names)
          + f", {result['draws']} draw(s), {result['capped']} stopped at the turn cap")
    print(f"{result['turns'] / games:.1f} turns and {result['decisions'] / games:.0f} decisions per game")
    print(f"{result['seconds']:.2f} s: {result['games_per_second']:.2f} games/s, "
          f"{result['decisions_per_second']:.0f} decisions/s")
    if result["failed"]:
        print(f"{result['failed']} game(s) failed (an engine bug; each replays with 'mtg play --seed S' "
              f"and the same decks):", file=sys.stderr)
        for failure in result["failures"]:
            print(f"  seed {failure['seed']}, turn {failure['turn']}: {failure['error']} "
                  f"(at {failure['where'] or '?'})", file=sys.stderr)
    return failed


@contextmanager
def _records_file(path: str | None) -> Iterator[Callable[[dict[str, Any]], None] | None]:
    """A callback writing each record as a JSON line to ``path`` (None: no records)."""
    if path is None:
        yield None
        return
    try:
        out = open(path, "w", encoding="utf-8")
    except OSError as exc:
        raise MtgError(f"--records {path}: can't write it ({exc.strerror})") from None
    with out:
        yield lambda record: out.write(json.dumps(record, sort_keys=True) + "\n")


@contextmanager
def _progress_bar(total: int) -> Iterator[Progress | None]:
    """A progress callback drawing on stderr, or None when nobody watches stderr.

    Uses ``rich`` when it is installed (it is not a dependency), else a plain text bar.
    """
    if total < 2 or not sys.stderr.isatty():
        yield None
        return
    try:
        from rich.console import Console
        from rich.progress import Progress as RichProgress
    except ImportError:
        yield _TextBar(total)
        return
    with RichProgress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=total)
        yield lambda done, _total: bar.update(task, completed=done)


def _progress_lines(total: int) -> Progress | None:
    """For a long run nobody watches on a terminal (a log file): a line on stderr at each
    tenth of the run, or None for a short one."""
    if total < 100:
        return None
    start = time.perf_counter()

    def line(done: int, _total: int) -> None:
        if done * 10 // total != (done - 1) * 10 // total:
            print(f"{done}/{total} games, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    return line


class _TextBar:
    """``[#######.......] 5/10 games, 4.9 s`` redrawn in place on stderr."""

    WIDTH = 30

    def __init__(self, total: int) -> None:
        self.start = time.perf_counter()
        self(0, total)

    def __call__(self, done: int, total: int) -> None:
        filled = self.WIDTH * done // total
        elapsed = time.perf_counter() - self.start
        end = "\n" if done == total else ""
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done}/{total} games, {elapsed:.1f} s{end}")
        sys.stderr.flush()


# -- mtg play --------------------------------------------------------------------------------
def add_play_parser(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "play", help="play a game in the terminal against an agent, or print a random game's log",
        description="With --vs, you play one game in the terminal against that agent (type "
                    "'help' at any question). Without it, plays one game between random agents "
                    "and prints the whole log; the first player is seed % 2, so 'play --seed I' "
                    "is game I of 'simulate --seed 0'.")
    _add_game_options(parser)
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="card names in the log: en, or ja (Japanese where known)")
    from .agents.registry import AGENT_NAMES
    parser.add_argument("--vs", choices=AGENT_NAMES, default=None,
                        help="play yourself against this agent (ai, greedy, random, first)")
    parser.add_argument("--seat", type=int, choices=(1, 2), default=1,
                        help="with --vs: play first (1, Alice, --deck) or second (2, Bob, --deck2)")
    _add_ai_time(parser)
    parser.set_defaults(func=run_play)


def run_play(args: argparse.Namespace) -> int:
    if args.vs is not None:
        from .terminal import play_in_terminal
        decks, extra = _deck_lists(args)
        return play_in_terminal(decks, seat=args.seat - 1, opponent=args.vs, seed=args.seed,
                                turn_cap=args.turn_cap, ai_time=args.ai_time, lang=args.lang, **extra)
    decks, extra = _deck_lists(args)
    from .simulate import PLAYER_NAMES, play_game
    result = play_game(decks, args.seed, args.seed % 2, args.turn_cap, catch=True, **extra)
    for line in result.log:
        print(translate_log_line(line, args.lang))
    if result.error is not None:
        print(f"\nThe game stopped on an engine error after {result.decisions} decisions (a bug): "
              f"{result.error['error']} (at {result.error['where'] or '?'})", file=sys.stderr)
        return 1
    if result.winner is not None:
        outcome = f"{PLAYER_NAMES[result.winner]} wins on turn {result.turns}"
    elif result.draw:
        outcome = f"a draw on turn {result.turns}"
    else:
        outcome = f"no winner when the turn cap stopped the game (turn {result.turns})"
    print(f"\nResult: {outcome}, after {result.decisions} decisions")
    return 0


# -- mtg fuzz --------------------------------------------------------------------------------
def add_fuzz_parser(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "fuzz", help="play random games of random implemented cards and check the engine",
        description="Plays games S..S+N-1, each between two random decks of implemented cards "
                    "built from its seed, checking invariants, the options offered, save/load, "
                    "clones and replays (see mtgengine.fuzz), and reports the failures grouped by "
                    "cause, each with the command that replays it. Exit status 1 if any failed.")
    parser.add_argument("--games", type=_count(1), default=100, help="number of games (default 100)")
    parser.add_argument("--seed", type=_count(0), default=0, help="seed of the first game (default 0)")
    parser.add_argument("--jobs", type=_count(0), default=1,
                        help="worker processes, 0 for one per CPU (default 1); same report for any number")
    parser.add_argument("--turn-cap", type=_count(1), default=30, help="stop a game after this turn (default 30)")
    parser.add_argument("--players", type=_players, default=2,
                        help="players in each game, 2 to 6 (default 2; more: a free-for-all game, CR 806)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="CPU seconds a game may take before it counts as a hang (default 60)")
    parser.add_argument("--show", action="store_true",
                        help="print each game's decks and result (with --games 1: the whole log)")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    parser.add_argument("--log", metavar="FILE",
                        help="append each game's report to FILE as a JSON line as the game ends")
    parser.set_defaults(func=run_fuzz)


def run_fuzz(args: argparse.Namespace) -> int:
    from .fuzz import Settings, fuzz, fuzz_game, implemented_pool, random_decks
    settings = Settings(turn_cap=args.turn_cap, timeout=args.timeout, players=args.players)
    if args.show and args.games == 1:
        report = fuzz_game(args.seed, implemented_pool(), settings)
        for p, deck in enumerate(random_decks(args.seed, implemented_pool(), args.players)):
            print(f"deck {p + 1}: {', '.join(deck)}")
        from .simulate import play_game
        result = play_game(report.decks, args.seed, args.seed % args.players, args.turn_cap, catch=True)
        for line in result.log:
            print(line)
        for failure in report.failures:
            print(f"FAILED ({failure.kind}) on turn {failure.turn}, decision {failure.decision}: "
                  f"{failure.error} {failure.where} {failure.detail}".rstrip())
        return 1 if report.failures else 0
    from .fuzz import report_json
    with contextlib.ExitStack() as stack:
        log = stack.enter_context(open(args.log, "a", encoding="utf-8")) if args.log else None

        def record(report: Any) -> None:
            assert log is not None
            log.write(json.dumps(report_json(report), sort_keys=True) + "\n")
            log.flush()

        progress = stack.enter_context(_progress_bar(args.games)) or _progress_lines(args.games)
        result = fuzz(args.games, args.seed, args.jobs, settings, progress, record if log else None)
    if args.json:
        print(json.dumps(result, sort_keys=True))
        return 1 if result["failed"] else 0
    players = f"{args.players} players, " if args.players != 2 else ""
    print(f"{result['games']} game(s), {players}seeds {args.seed}..{args.seed + result['games'] - 1}, "
          f"turn cap {args.turn_cap}, {result['seconds']} s")
    print("outcomes: " + ", ".join(f"{k} {v}" for k, v in result["outcomes"].items()))
    print(f"failed: {result['failed']} (crashes {result['crashes']}, hangs {result['hangs']})")
    print("checks: " + ", ".join(f"{k} {v}" for k, v in result["checks"].items()))
    if result["refusals"]:
        print("refused agent answers (the simulator's fallback answered): "
              + ", ".join(f"{k} {v}" for k, v in result["refusals"].items()))
    for group in result["failures"]:
        example = group["example"]
        print(f"\n{group['games']} game(s): {group['cause']}")
        print(f"  {example['error']}")
        if example["detail"]:
            print(f"  {example['detail']}")
        print(f"  seeds {', '.join(map(str, group['seeds']))}; replay: {group['replay']}")
    return 1 if result["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
