"""Random-card fuzzing: random decks of implemented cards, random agents, invariants checked.

    mtg fuzz --games 1000 --seed 0 --jobs 0

Game ``seed`` builds both decks from the seed alone (:func:`random_decks`: for each player two
colors, 12 + 12 basic lands — a few of them replaced by nonbasic lands in some games — and 36
different implemented nonland cards of those colors; in half the games a third of them come
from one card layout other than normal, so every layout the engine plays is exercised) and
plays them with the random agents of :func:`mtgengine.simulate.play_game`. Along the way it
checks, at decision points drawn from the seed:

- the state's invariants (:func:`mtgengine.state.invariants.violations`), and at priority
  that state-based actions were performed (CR 117.5: no creature with toughness 0 or less);
- that every option a decision lists is one the engine accepts and can complete: each
  option (a sample of them) is taken on a clone and the questions it brings are answered
  at random until a player has priority again (CR 117.1);
- that a save loads back to the same game and both continue alike, and that a clone is
  independent of its original;
- at the end of some games, that replaying the seed gives the same game, byte for byte.

A game that raises, breaks a check or runs past ``timeout`` seconds (a hang) is a failure;
an answer of the random agent that the engine refused (the simulator's fallback then
answers) is counted. The report groups failures by cause, each with the command that
replays it: the decks depend only on the seed and on the code (which cards it implements).
"""
from __future__ import annotations

import copy
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

from .agents.agents import RandomAgent
from .agents.decisions import Decision
from .cards.database import card_db
from .core.errors import IllegalActionError
from .core.rng import Rng
from .engine import Game
from .simulate import agent_seed, answer_pending, describe_error, in_workers
from .state.invariants import violations

COLORS = ("W", "U", "B", "R", "G")
BASIC_OF = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
#: Nonland cards per deck, all different, and basic lands per color (two colors).
SPELLS, BASICS_PER_COLOR = 36, 12
#: How many of the spells come from the game's layout theme, when it has one.
THEMED = 12
#: Card types that never go in a deck (CR 313, 314, 312, 311; dungeons are outside the game).
NOT_IN_DECKS = frozenset({"Conspiracy", "Plane", "Phenomenon", "Scheme", "Vanguard", "Dungeon"})
#: Decisions after which a fuzzed game stops: random agents can repeat a free action forever.
DECISION_CAP = 20_000
#: Decisions after which a game's checks thin out: one in ``check_rate × decisions / LONG_GAME``.
#: The dear checks (save/load, clones) cost as much as the state is big, and a state that long
#: has usually grown a pile of effects (a free ability activated again and again), so checking
#: at a fixed rate would make a long game's checks cost the square of its length.
LONG_GAME = 2_000
#: The decision kinds at which a player's turn goes on (the follow-up questions of an action
#: end when one of them is asked again).
TOP_LEVEL = frozenset({"priority", "attackers", "blockers", "mulligan", "bottom"})


# -- the card pool and the decks ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Pool:
    """The implemented cards a fuzzer deals from, by role; names sorted, so a seed always
    deals the same decks from the same pool."""

    spells: tuple[str, ...]            # nonland cards that can be in a deck
    lands: tuple[str, ...]             # nonbasic lands
    colors: dict[str, frozenset[str]]  # each card's colors
    layouts: dict[str, str]            # each card's layout


_POOL: Pool | None = None


def implemented_pool() -> Pool:
    """Every implemented card (``mtgengine.cards.coverage``), once per process."""
    global _POOL
    if _POOL is None:
        from .cards.coverage import implemented_names
        _POOL = pool_of(implemented_names())
    return _POOL


def pool_of(names: Sequence[str]) -> Pool:
    db = card_db()
    spells: list[str] = []
    lands: list[str] = []
    colors: dict[str, frozenset[str]] = {}
    layouts: dict[str, str] = {}
    for name in sorted(set(names)):
        card = db.get(name)
        front = card.front
        if NOT_IN_DECKS.intersection(front.types) or (card.meld or {}).get("role") == "result":
            continue
        if "Basic" in front.supertypes:
            continue
        colors[name] = frozenset(card.colors)
        layouts[name] = card.layout
        (lands if "Land" in front.types else spells).append(name)
    return Pool(tuple(spells), tuple(lands), colors, layouts)


def random_decks(seed: int, pool: Pool, players: int = 2) -> list[list[str]]:
    """The decks of game ``seed`` (see the module's docstring)."""
    rng = Rng(seed * 1_000_003 + 17)
    themes = sorted({layout for layout in pool.layouts.values() if layout != "normal"})
    decks = []
    for _ in range(players):
        pair = list(COLORS)
        rng.shuffle(pair)
        mine = frozenset(pair[:2])
        fits = [n for n in pool.spells if pool.colors[n] <= mine]
        chosen: list[str] = []
        if themes and rng.randrange(2):
            theme = themes[rng.randrange(len(themes))]
            themed = [n for n in fits if pool.layouts[n] == theme] or \
                [n for n in pool.spells if pool.layouts[n] == theme]
            chosen = _sample(rng, themed, THEMED)
        rest = [n for n in fits if n not in set(chosen)]
        chosen += _sample(rng, rest, SPELLS - len(chosen))
        basics = [BASIC_OF[c] for c in sorted(mine) for _ in range(BASICS_PER_COLOR)]
        if pool.lands and rng.randrange(2):
            nonbasic = _sample(rng, list(pool.lands), 4)
            for i, land in enumerate(nonbasic):
                basics[i * BASICS_PER_COLOR // 2] = land
        decks.append(chosen + basics)
    return decks


def _sample(rng: Rng, items: list[str], k: int) -> list[str]:
    items = list(items)
    rng.shuffle(items)
    return items[:k]


# -- one game ----------------------------------------------------------------------------------
@dataclass(slots=True)
class Failure:
    """Something wrong found in a game: ``kind`` is crash, hang, invariant, refused-option,
    save-load, clone or replay."""

    seed: int
    kind: str
    error: str
    where: str = ""
    turn: int = 0
    decision: int = 0
    detail: str = ""

    def cause(self) -> str:
        """What failures of the same bug share: the kind, the error's type and the place."""
        if self.kind in ("crash", "hang"):
            return f"{self.kind}: {self.error.split(':', 1)[0]} at {self.where or '?'}"
        if self.kind == "refused-option" and self.detail:
            return f"{self.kind}: {self.detail}"
        return f"{self.kind}: {self.error[:80]}"


@dataclass(slots=True)
class GameReport:
    seed: int
    decks: list[list[str]]
    decisions: int = 0
    turns: int = 0
    seconds: float = 0.0
    outcome: str = ""                   # won, draw, turn-cap, decision-cap or failed
    refusals: Counter[str] = field(default_factory=Counter)   # refused agent answers by decision kind
    checks: Counter[str] = field(default_factory=Counter)     # checks made, by name
    failures: list[Failure] = field(default_factory=list)


class Hang(BaseException):
    """The game ran past its time limit (a BaseException: no ``except Exception`` of the engine
    may swallow it)."""


@contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Raises :class:`Hang` in the running code after ``seconds`` of this process's CPU time
    (ITIMER_PROF, where it exists): other work on the machine doesn't turn a slow game into a
    hang, as a wall-clock alarm on a loaded machine did."""
    if seconds <= 0 or not hasattr(signal, "setitimer"):
        yield
        return

    def alarm(_signum: int, _frame: Any) -> None:
        raise Hang(f"the game ran for more than {seconds:g} s of CPU time")

    previous = signal.signal(signal.SIGPROF, alarm)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


@dataclass(frozen=True, slots=True)
class Settings:
    turn_cap: int = 30
    timeout: float = 60.0              # CPU seconds per game before it counts as a hang
    check_rate: int = 64               # about one decision in this many gets the cheap checks
    replay_every: int = 8              # every this-many-th game is replayed from its seed
    options_sampled: int = 6           # options of a decision taken on clones, at most
    every_option: bool = False         # take the options at every checked decision (a property test)
    players: int = 2                   # players in each game (more than two: free-for-all, CR 806)


def fuzz_game(seed: int, pool: Pool, settings: Settings = Settings()) -> GameReport:
    """Plays and checks game ``seed`` (see the module's docstring)."""
    decks = random_decks(seed, pool, settings.players)
    report = GameReport(seed, decks)
    start = time.perf_counter()
    game: Game | None = None
    try:
        with _time_limit(settings.timeout):
            game = _play_checked(seed, decks, settings, report)
            if not report.failures and settings.replay_every and seed % settings.replay_every == 0:
                report.checks["replay"] += 1
                again = _play_checked(seed, decks, Settings(settings.turn_cap, 0, 0, 0, 0, False, settings.players),
                                      GameReport(seed, decks))
                if again.save() != game.save() or again.log != game.log:
                    _fail(report, game, "replay", "replaying the seed gave a different game")
    except Hang as exc:
        _fail(report, game, "hang", str(exc))
    except Exception as exc:        # a bug of the engine: reported, the next game goes on
        described = describe_error(exc)
        report.failures.append(Failure(seed, "crash", described["error"], described["where"],
                                       report.turns, report.decisions))
    report.seconds = round(time.perf_counter() - start, 3)
    if report.failures:
        report.outcome = "failed"
    elif game is not None:
        state = game.state
        report.outcome = "won" if state.winner is not None else "draw" if state.draw else \
            "turn-cap" if state.over else "decision-cap"
    return report


def _play_checked(seed: int, decks: list[list[str]], settings: Settings, report: GameReport) -> Game:
    n = len(decks)
    game = Game.new_game(decks, seed=seed, first_player=seed % n, turn_cap=settings.turn_cap)
    agents = [RandomAgent(agent_seed(seed, n, i)) for i in range(n)]
    checks = Rng(seed * 7919 + 5)       # the checker's own stream: the agents' stay as in play_game
    while not game.over and report.decisions < DECISION_CAP:
        decision = game.pending
        assert decision is not None
        report.turns = game.state.turn
        if settings.check_rate and checks.randrange(settings.check_rate * max(1, report.decisions // LONG_GAME)) == 0:
            try:
                _check(game, agents, checks, settings, report)
            except IllegalActionError as exc:   # an answer chosen among the options, on a copy
                _fail(report, game, "refused-option", f"an answer was refused: {exc}", _where(exc))
            if report.failures:
                return game
        try:
            if answer_pending(game, agents):
                report.refusals[decision.kind] += 1
        except IllegalActionError as exc:   # an answer chosen among the options was refused
            _fail(report, game, "refused-option", f"the {decision.kind} answer was refused: {exc}",
                  _where(exc))
            return game
        report.decisions += 1
    report.turns = game.state.turn
    if settings.check_rate:
        _check_invariants(game, report)
    return game


def _check(game: Game, agents: list[RandomAgent], checks: Rng, settings: Settings, report: GameReport) -> None:
    """The checks of one decision point: invariants always, the dearer ones now and then."""
    _check_invariants(game, report)
    roll = checks.randrange(8)
    if roll == 0:
        _check_save_load(game, agents, report)
    elif roll == 1:
        _check_clone(game, agents, report)
    if (settings.every_option or 2 <= roll < 5) and settings.options_sampled:
        _check_options(game, checks, settings.options_sampled, report)


def _check_invariants(game: Game, report: GameReport) -> None:
    report.checks["invariants"] += 1
    found = violations(game.state)
    decision = game.pending
    if decision is not None and decision.kind == "priority":
        found += _unsettled(game)
    if found:
        _fail(report, game, "invariant", found[0], "; ".join(found[1:4]))


def _unsettled(game: Game) -> list[str]:
    """State-based actions left undone when a player receives priority (CR 117.5, 704.3)."""
    from .effects.layers import characteristics
    g = game.state
    out = []
    for oid in g.battlefield:
        ch = characteristics(g, oid)
        if "Creature" in ch.types and ch.toughness is not None and ch.toughness <= 0:
            out.append(f"{ch.name} has toughness {ch.toughness} at priority (CR 704.5f)")
    return out


CONTINUE = 20       # decisions played on after a save/load or a clone, to compare


def _check_save_load(game: Game, agents: list[RandomAgent], report: GameReport) -> None:
    report.checks["save-load"] += 1
    text = game.save()
    loaded = Game.load(text)
    if loaded.save() != text:
        _fail(report, game, "save-load", "a loaded save saves differently")
        return
    original = game.clone()
    _continue(original, copy.deepcopy(agents))
    _continue(loaded, copy.deepcopy(agents))
    if loaded.save() != original.save():
        _fail(report, game, "save-load", f"a loaded game and its original differ after {CONTINUE} decisions")


def _check_clone(game: Game, agents: list[RandomAgent], report: GameReport) -> None:
    report.checks["clone"] += 1
    before = game.save()
    _continue(game.clone(), copy.deepcopy(agents))
    if game.save() != before:
        _fail(report, game, "clone", "playing on a clone changed its original")


def _continue(game: Game, agents: list[RandomAgent]) -> None:
    for _ in range(CONTINUE):
        if game.over:
            return
        answer_pending(game, agents)


def _check_options(game: Game, checks: Rng, sampled: int, report: GameReport) -> None:
    """Each listed option (a sample) is accepted, and its follow-up questions can be answered
    until the game reaches a top-level decision again (CR 117.1, 601.2, 602.2)."""
    decision = game.pending
    assert decision is not None
    if decision.kind != "priority" or len(decision.options) < 2:
        return
    options = list(decision.options)
    checks.shuffle(options)
    for option in options[:sampled]:
        if option == {"action": "pass"}:
            continue
        report.checks["options"] += 1
        trial = game.clone()
        try:
            trial.submit(option)
        except IllegalActionError as exc:
            _fail(report, game, "refused-option", f"the offered {_describe(option)} was refused: {exc}",
                  _where(exc))
            return
        follow = RandomAgent(checks.next_u32())
        for _ in range(50):
            pending = trial.pending
            if pending is None or pending.kind in TOP_LEVEL:
                break
            if not _answerable(pending):
                _fail(report, game, "refused-option",
                      f"after the offered {_describe(option)}, a {pending.kind} question has no answer")
                return
            answer = follow.decide(pending)
            try:
                trial.submit(answer)
            except IllegalActionError as exc:
                _fail(report, game, "refused-option",
                      f"after the offered {_describe(option)}, the {pending.kind} answer {answer!r} "
                      f"was refused: {exc}", _where(exc))
                return


def _answerable(decision: Decision) -> bool:
    """Whether the decision has an answer at all (a question with nothing to choose from and a
    minimum of one can't be answered)."""
    return bool(decision.options) or decision.min <= 0 or bool(decision.info.get("suggestions")) \
        or decision.kind in ("x", "divide", "new_targets", "attackers", "blockers")


def _where(exc: BaseException) -> str:
    where = describe_error(exc)["where"]
    return f"raised at {where}" if where else ""


def _describe(option: Any) -> str:
    if isinstance(option, dict):
        return " ".join(f"{k}={v}" for k, v in option.items())
    return repr(option)


def _fail(report: GameReport, game: Game | None, kind: str, error: str, detail: str = "") -> None:
    decision = game.pending if game is not None else None
    where = f"at a {decision.kind} question" if decision is not None else ""
    report.failures.append(Failure(report.seed, kind, error, where, report.turns, report.decisions, detail))


# -- many games --------------------------------------------------------------------------------
def fuzz(games: int, seed: int = 0, jobs: int = 1, settings: Settings = Settings(),
         progress: Callable[[int, int], None] | None = None,
         record: Callable[[GameReport], None] | None = None) -> dict[str, Any]:
    """Fuzzes games ``seed`` .. ``seed + games - 1``; the report is :func:`summarize`'s.
    ``record`` is given each game's report as it ends (``mtg fuzz --log``: a long run's
    results survive it being stopped)."""
    implemented_pool()                  # (before the workers fork: they share it)
    tasks = [(s, settings) for s in range(seed, seed + games)]
    reports = []
    start = time.perf_counter()
    with in_workers(_fuzz_task, tasks, jobs) as results:
        for done, report in enumerate(results, 1):
            if record is not None:
                record(report)
            if not report.failures:
                report.decks = []       # (a run of 100,000 games keeps only what it reports)
            reports.append(report)
            if progress is not None:
                progress(done, games)
    return summarize(reports, seed, settings, time.perf_counter() - start)


def report_json(report: GameReport) -> dict[str, Any]:
    """One game's report as a JSON value (a line of ``mtg fuzz --log``)."""
    out: dict[str, Any] = {"seed": report.seed, "outcome": report.outcome, "decisions": report.decisions,
                           "turns": report.turns, "seconds": report.seconds,
                           "refusals": dict(report.refusals), "checks": dict(report.checks),
                           "failures": [asdict(f) for f in report.failures]}
    if report.failures:
        out["decks"] = report.decks
    return out


def _fuzz_task(task: tuple[int, Settings]) -> GameReport:
    seed, settings = task
    return fuzz_game(seed, implemented_pool(), settings)


def summarize(reports: Sequence[GameReport], seed: int, settings: Settings, seconds: float) -> dict[str, Any]:
    """Counts of outcomes, checks and refusals, and the failures grouped by cause (the most
    frequent first), each with the seeds it happened in and the command that replays one."""
    outcomes = Counter(r.outcome for r in reports)
    refusals: Counter[str] = Counter()
    checks: Counter[str] = Counter()
    causes: dict[str, list[Failure]] = {}
    for r in reports:
        refusals.update(r.refusals)
        checks.update(r.checks)
        for f in r.failures:
            causes.setdefault(f.cause(), []).append(f)
    groups = []
    for cause, failures in sorted(causes.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        first = failures[0]
        groups.append({"cause": cause, "games": len({f.seed for f in failures}),
                       "seeds": sorted({f.seed for f in failures})[:20], "example": asdict(first),
                       "replay": replay_command(first.seed, settings)})
    slowest = sorted(reports, key=lambda r: -r.seconds)[:3]
    return {
        "games": len(reports), "seed": seed, "turn_cap": settings.turn_cap,
        **({"players": settings.players} if settings.players != 2 else {}),
        "failed": outcomes.get("failed", 0), "outcomes": dict(sorted(outcomes.items())),
        "crashes": sum(f.kind == "crash" for r in reports for f in r.failures),
        "hangs": sum(f.kind == "hang" for r in reports for f in r.failures),
        "refusals": dict(sorted(refusals.items())), "checks": dict(sorted(checks.items())),
        "decisions": sum(r.decisions for r in reports),
        "failures": groups,
        "slowest": [{"seed": r.seed, "seconds": r.seconds, "decisions": r.decisions} for r in slowest],
        "seconds": round(seconds, 1),
    }


def replay_command(seed: int, settings: Settings) -> str:
    players = f" --players {settings.players}" if settings.players != 2 else ""
    return f"mtg fuzz --games 1 --seed {seed} --turn-cap {settings.turn_cap}{players} --show"

