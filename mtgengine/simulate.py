"""Play whole games between agents, one game or a seeded series, for statistics and benchmarks.

Every game is reproducible from its seed: the game's RNG and the default random agents are
all seeded from it, so :func:`simulate` returns the same counts for the same arguments and
only its timing fields vary between runs.
"""
from __future__ import annotations

import multiprocessing
import os
import time
import traceback
from contextlib import contextmanager
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .agents.agents import Agent, RandomAgent
from .agents.decisions import Decision
from .core.errors import IllegalActionError
from .agents.agents import first_option
from .agents.registry import decider, make_agent
from .cards.database import card_db
from .effects.layers import COMBINED, printed
from .engine import PLAYER_NAMES as SEAT_NAMES, Game

#: The players' names of a two-player game; ``wins`` in :func:`simulate` is keyed by the names
#: of its players (``seat_names``).
PLAYER_NAMES = SEAT_NAMES[:2]


def seat_names(players: int) -> tuple[str, ...]:
    """The names of a game's ``players`` players, in turn order (``engine.PLAYER_NAMES``)."""
    return SEAT_NAMES[:players]


def agent_seed(seed: int, players: int, seat: int) -> int:
    """The seed of seat ``seat``'s agent in game ``seed`` of ``players`` players: ``seed * 2 + 1``
    and ``seed * 2 + 2`` in a two-player game, as always; no two games of a series share one."""
    return seed * players + 1 + seat

#: Decisions after which a game stops as capped even before the turn cap. Random agents can
#: repeat a legal action that costs nothing and changes nothing forever (an {X} ability
#: activated at X=0, Valki, God of Lies) and never reach the turn cap; a reference game takes
#: about 550 decisions.
DECISION_CAP = 50_000


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one game ended. ``capped``: the turn cap (or :data:`DECISION_CAP`) stopped it with
    neither a winner nor a draw."""

    winner: int | None
    draw: bool
    capped: bool
    turns: int
    decisions: int
    log: list[str]
    #: answers of the agents the engine refused, answered by the fallback instead (``answer_pending``)
    refusals: int = 0
    #: with ``play_game(catch=True)``: the exception that ended the game (:func:`describe_error`)
    error: dict[str, str] | None = None
    #: each player's mulligans (CR 103.5)
    mulligans: tuple[int, ...] = ()


def play_game(decks: Sequence[Sequence[str]], seed: int, first_player: int, turn_cap: int,
              agents: Sequence[Agent] | None = None, sideboards: Sequence[Sequence[str]] | None = None,
              commanders: Sequence[Sequence[str]] | None = None,
              decision_cap: int = DECISION_CAP, catch: bool = False,
              allow_unimplemented: bool = False) -> GameResult:
    """Plays a game to its end (or ``decision_cap`` decisions), each decision answered by the
    deciding player's agent.

    One deck per player, 2 to 6 (CR 806: more than two, a free-for-all game). The default
    agents are random, seeded ``agent_seed`` (``seed * 2 + 1`` and ``seed * 2 + 2`` with two
    players) so that no two games of a series share an agent stream. ``sideboards`` and ``commanders``: see
    :meth:`Game.new_game` (cards outside the game; a Commander game), and
    ``allow_unimplemented`` (cards played without the abilities the engine doesn't implement).
    ``catch``: an exception raised by the engine ends the game and is returned in ``error``
    (with the log up to it) instead of being raised.
    """
    n = len(decks)
    game = Game.new_game([list(deck) for deck in decks], names=seat_names(n), seed=seed,
                         first_player=first_player, turn_cap=turn_cap,
                         sideboards=[list(b) for b in sideboards] if sideboards else None,
                         commanders=[list(c) for c in commanders] if commanders else None,
                         allow_unimplemented=allow_unimplemented)
    players = agents if agents is not None else [RandomAgent(agent_seed(seed, n, i)) for i in range(n)]
    deciders = [decider(agent, game, i) for i, agent in enumerate(players)]    # (an agent that plays
    decisions = refusals = 0                                                  # from a view gets it)
    error = None
    try:
        while not game.state.over and decisions < decision_cap:     # (``game.over``, without a call)
            decision = game.pending         # ``answer_pending``, written out: one call less a decision
            try:
                game.submit(deciders[decision.player](decision))
            except IllegalActionError:
                _answer_refused(game, decision)
                refusals += 1
            decisions += 1
    except Exception as exc:
        if not catch:
            raise
        error = describe_error(exc)
    state = game.state
    return GameResult(winner=state.winner, draw=state.draw,
                      capped=state.winner is None and not state.draw and error is None,
                      turns=state.turn, decisions=decisions, log=list(state.log), refusals=refusals,
                      error=error, mulligans=tuple(p.mulligans for p in state.players))


def answer_pending(game: Game, agents: Sequence[Agent]) -> bool:
    """Has the deciding player's agent answer the pending decision.

    The random agent does not check menace or blocking requirements, so a blockers answer it
    gives may be illegal; the engine refuses it and the fewest blocks the requirements allow
    (none, mostly) are declared instead (CR 509.1c). Nor does it know what each extra target
    costs (strive, CR 601.2f): a number of targets its controller then can't pay for is
    refused, and the fewest targets are chosen instead. Any other illegal answer is a bug of
    the agent and is raised. Returns whether the agent's answer was refused (the fallback
    answered instead).
    """
    decision = game.pending
    assert decision is not None, "the game is over"
    try:
        game.submit(decider(agents[decision.player], game, decision.player)(decision))
    except IllegalActionError:
        _answer_refused(game, decision)
        return True
    return False


def _answer_refused(game: Game, decision: Decision) -> None:
    """After the agent's answer to ``decision`` was refused (raised IllegalActionError, being
    handled): the fallback answer ``answer_pending`` describes, or the error again."""
    if decision.kind == "targets" and decision.min < decision.max and game.pending == decision:
        game.submit(first_option(decision))
        return
    if decision.kind != "blockers":
        raise
    game.submit(decision.info.get("required", []))      # the fewest blocks the rules allow


def simulate(games: int, seed: int, deck1: Sequence[str], deck2: Sequence[str], turn_cap: int = 40,
             progress: Callable[[int, int], None] | None = None,
             sideboards: Sequence[Sequence[str]] | None = None,
             commanders: Sequence[Sequence[str]] | None = None, jobs: int = 1,
             allow_unimplemented: bool = False, agents: Sequence[str] = ("random", "random"),
             ai_time: float | None = None, backend: str = "local", address: str | None = None,
             on_record: Callable[[dict[str, Any]], None] | None = None,
             deck_labels: Sequence[str] = ("deck1", "deck2"),
             more_decks: Sequence[Sequence[str]] = ()) -> dict[str, Any]:
    """Plays ``games`` games with seeds ``seed`` .. ``seed + games - 1``.

    Alice always plays ``deck1``, Bob ``deck2`` and the players after them (Carol, Dave, ...:
    a free-for-all game of up to 6, CR 806) ``more_decks``; game ``i`` is started by player
    ``i % players`` so no deck gets the first-turn edge every time. ``agents`` and
    ``deck_labels`` name one per player (missing agents: random). ``progress(done, total)`` is called
    after each game. ``jobs``: worker processes playing the games (0: one per CPU); the games
    are independent and counted in seed order, so the result is the same for any ``jobs``.
    Everything but ``seconds`` and the per-second rates depends only on the other arguments
    (and, with an ``ai`` agent given a time budget, on the machine's speed). ``agents``:
    Alice's and Bob's agents by name (``agents.registry``), seeded ``seed * 2 + 1`` and
    ``seed * 2 + 2`` for each game; ``ai_time``: the ``ai`` agent's seconds a decision.
    A game that raises is not counted but listed in ``failures`` (its seed, the error and
    where it was raised: :func:`describe_error`), and the others go on; ``refusals`` counts the
    agents' answers the engine refused (``answer_pending``'s fallback). ``backend``: where the
    games are played, ``local`` or ``ray`` (``backends.ordered_map``; ``address``: a Ray
    cluster's, else a local Ray of ``jobs`` CPUs) — the same results on both. ``on_record``:
    called with each game's record (:func:`game_record`, ``deck_labels`` naming the decks), in
    seed order.
    """
    decks = (deck1, deck2, *more_decks)
    n = len(decks)
    names = seat_names(n)
    agents = (*agents, *["random"] * (n - len(agents)))[:n]
    wins = dict.fromkeys(names, 0)
    draws = capped = turns = decisions = refusals = 0
    failures: list[dict[str, Any]] = []
    named = None if all(a == "random" for a in agents) else (tuple(agents), ai_time)
    tasks = [(decks, seed + i, i % n, turn_cap, sideboards, commanders, allow_unimplemented, named)
             for i in range(games)]
    # The timer times the games: the cards are looked up and compiled before it starts (and
    # before workers fork, which then share them), as the phase.rs peer loads its cards first.
    resolve_cards([*decks, *(sideboards or ()), *(commanders or ())])
    start = time.perf_counter()
    with _summaries(tasks, jobs, backend, address) as summaries:
        for done, summary in enumerate(summaries, 1):
            if on_record is not None:
                on_record(game_record(tasks[done - 1], summary, agents, deck_labels))
            if isinstance(summary, dict):       # the game failed: reported, and the run goes on
                failures.append(summary)
            else:
                winner, draw, was_capped, game_turns, game_decisions, game_refusals, _mulligans = summary
                if winner is not None:
                    wins[names[winner]] += 1
                draws += draw
                capped += was_capped
                turns += game_turns
                decisions += game_decisions
                refusals += game_refusals
            if progress is not None:
                progress(done, games)
    seconds = time.perf_counter() - start
    return {
        "games": games,
        "seed": seed,
        "turn_cap": turn_cap,
        "wins": wins,
        "draws": draws,
        "capped": capped,
        "failed": len(failures),
        "failures": failures,
        "refusals": refusals,
        "turns": turns,
        "decisions": decisions,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 3) if seconds else 0.0,
        "decisions_per_second": round(decisions / seconds, 1) if seconds else 0.0,
    }


def resolve_cards(decks: Sequence[Sequence[str]]) -> None:
    """Looks up every card the decks name and compiles each face's printed characteristics
    (``layers.printed``), the one-time work a game would otherwise do at its first use of a
    card. An unknown name raises ``UnknownCardError`` here, as the first game would."""
    db = card_db()
    for name in sorted({name for deck in decks for name in deck}):
        card = db.get(name)
        for index in range(len(card.faces)):
            printed(card, index)
        if card.is_split:
            printed(card, COMBINED)          # a split card off the stack (CR 709.4)


Summary = tuple[int | None, bool, bool, int, int, int, tuple[int, ...]]


def game_record(task: tuple[Any, ...], summary: Summary | dict[str, Any], agents: Sequence[str],
                deck_labels: Sequence[str]) -> dict[str, Any]:
    """One game of :func:`simulate` as a JSON record (``mtg simulate --records``): its seed, who
    started, the decks and agents, the winner, turns, decisions, each player's mulligans and
    result with the turn it came (won or lost, CR 104.2-104.3; drew, CR 104.4), or the error of a
    failed game. Nothing in it depends on the machine."""
    seed, first_player = task[1], task[2]
    names = seat_names(len(task[0]))
    record: dict[str, Any] = {
        "seed": seed, "first_player": names[first_player],
        "decks": dict(zip(names, deck_labels)), "agents": dict(zip(names, agents)),
    }
    if isinstance(summary, dict):
        return {**record, "failed": True, "error": summary["error"], "where": summary["where"],
                "turn": summary["turn"], "decisions": summary["decision"]}
    winner, draw, capped, turns, decisions, refusals, mulligans = summary
    if winner is not None:
        results = ["won" if i == winner else "lost" for i in range(len(names))]
    else:
        results = ["drew" if draw else "capped"] * len(names)
    return {**record, "winner": None if winner is None else names[winner], "draw": draw, "capped": capped,
            "turns": turns, "decisions": decisions, "refusals": refusals,
            "mulligans": dict(zip(names, mulligans)),
            "players": {name: {"result": result, "turn": None if result == "capped" else turns}
                        for name, result in zip(names, results)}}


def _summary(task: tuple[Any, ...]) -> Summary | dict[str, Any]:
    """One game of :func:`simulate`, reduced to what it counts (a worker sends back no log), or
    what went wrong when the game raised: its seed, the error and where it was raised."""
    decks, seed, first_player, turn_cap, sideboards, commanders, allow, *rest = task
    named = rest[0] if rest else None       # the agents by name and the ai's seconds, or random ones
    players = None if named is None else \
        [make_agent(name, agent_seed(seed, len(decks), i), named[1]) for i, name in enumerate(named[0])]
    result = play_game(decks, seed, first_player, turn_cap, players, sideboards=sideboards, commanders=commanders,
                       catch=True, allow_unimplemented=allow)
    if result.error is not None:    # a bug: reported with the seed that replays it (``mtg play --seed``)
        return {"seed": seed, "turn": result.turns, "decision": result.decisions, **result.error}
    return (result.winner, result.draw, result.capped, result.turns, result.decisions, result.refusals,
            result.mulligans)


def describe_error(exc: BaseException) -> dict[str, str]:
    """An exception as a report shows it: ``error`` (its type and the start of its message) and
    ``where`` (the innermost frame of the engine's own code, ``rules/casting.py:123 in cast``)."""
    message = str(exc).replace("\n", " ")
    if len(message) > 300:
        message = message[:300] + "..."
    where = ""
    for frame in traceback.extract_tb(exc.__traceback__):
        path = frame.filename.replace("\\", "/")
        if "/mtgengine/" in path:
            where = f"{path.rsplit('/mtgengine/', 1)[1]}:{frame.lineno} in {frame.name}"
    return {"error": f"{type(exc).__name__}: {message}" if message else type(exc).__name__, "where": where}


@contextmanager
def _summaries(tasks: list[tuple[Any, ...]], jobs: int, backend: str = "local",
               address: str | None = None) -> Iterator[Iterator[Summary | dict[str, Any]]]:
    """The games' summaries in task order, played here, by ``jobs`` worker processes or on Ray."""
    from .backends import ordered_map
    with ordered_map(_summary, tasks, jobs, backend, address) as results:
        yield results


@contextmanager
def in_workers(function: Callable[[Any], Any], tasks: Sequence[Any], jobs: int) -> Iterator[Iterator[Any]]:
    """``function`` of each task, in task order, computed here or by ``jobs`` worker processes
    (0: one per CPU)."""
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1 or len(tasks) < 2:
        yield map(function, tasks)
        return
    # Workers forked after the cards are resolved (``simulate``) share them instead of each reading them.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with context.Pool(min(jobs, len(tasks))) as pool:
        yield pool.imap(function, tasks)


#: The fields of :func:`simulate`'s result that depend on the machine, not on the arguments.
TIMING_FIELDS = frozenset({"seconds", "games_per_second", "decisions_per_second"})
