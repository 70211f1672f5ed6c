"""The smoke test of one card (issue 19, "how implemented is proven"): the card is put where it
can be used in a constructed position, and the engine must not crash nor refuse an action it
offered while the card is cast or played (CR 601.2, 305.1), resolves (608.2), has its
activated abilities activated (602.2) and plays on for a turn cycle with random answers (its
triggers, 603.2, and statics, 604.1, observed on the way).

Positions: Alice, the active player in her precombat main phase (CR 505.1), has five of each
basic land and two Wastes untapped (any X up to 27), a creature and an artifact creature, cards
in hand and in her graveyard; Bob has creatures, an artifact, a white enchantment, a planeswalker and lands, cards
in hand and in his graveyard, so that most target phrases have a legal choice (CR 115.1). The
card is tried from Alice's hand and, if it is a permanent card, from her battlefield.

    >>> from mtgengine.smoke import smoke_card
    >>> smoke_card("Lightning Bolt").problems
    []
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .agents.agents import RandomAgent
from .cards.database import UnknownCardError, card_db
from .core.enums import Zone
from .core.errors import IllegalActionError
from .engine import Game
from .rules.alternative_casts import has_graveyard_options_of
from .scenario.builder import Scenario
from .simulate import describe_error, in_workers
from .state.invariants import violations

LANDS = [land for land in ("Plains", "Island", "Swamp", "Mountain", "Forest") for _ in range(5)] + ["Wastes"] * 2
ALICE = {"battlefield": LANDS + ["Grizzly Bears", "Ornithopter"],
         "hand": ["Island", "Grizzly Bears", "Lightning Bolt"],
         "graveyard": ["Grizzly Bears", "Lightning Bolt", "Forest"]}
BOB = {"battlefield": ["Grizzly Bears", "Ornithopter", "Darksteel Relic", "Glorious Anthem",
                      "Garruk Wildspeaker", "Plains", "Island"],
       "hand": ["Grizzly Bears", "Lightning Bolt", "Swamp"],
       "graveyard": ["Grizzly Bears", "Shock"]}
TURN = {"number": 3, "active": "Alice", "step": "precombat_main"}

#: Decisions at which a follow-up sequence (costs, targets, choices) has ended.
TOP_LEVEL = frozenset({"priority", "attackers", "blockers", "mulligan", "bottom"})
#: Bounds: answers after one action, priority passes to empty the stack, decisions of the
#: turn cycle played on afterwards, offered actions of the card tried from each position.
FOLLOW_UPS, PASSES, PLAY_ON, ACTIONS = 60, 40, 400, 6


@dataclass
class SmokeReport:
    """What happened to one card: the actions tried and the problems found (empty: it passed)."""

    name: str
    tried: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def exercised(self) -> bool:
        """Whether any action of the card itself was offered and taken."""
        return bool(self.tried)


def smoke_card(name: str, seed: int = 0) -> SmokeReport:
    """Smoke-tests ``name`` (see the module docstring); deterministic for a seed."""
    report = SmokeReport(name)
    front = card_db().get(name).front
    permanent = bool(set(front.types) & {"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})
    hand = {**ALICE, "hand": [name, *ALICE["hand"]]}
    _try_position(report, "hand", hand, seed)
    if "Instant" in front.types or "Flash" in front.oracle_text:
        # at instant speed: with a spell on the stack to respond to (CR 117.3c: Alice holds
        # priority after casting Lightning Bolt), and with creatures attacking (CR 508.1)
        _try_position(report, "response", hand, seed + 2,
                      lambda s: s.cast("Grizzly Bears", by="Alice").cast("Lightning Bolt", by="Alice", targets=["Bob"]))
        _try_position(report, "combat", hand, seed + 3,
                      lambda s: s.attack(["Alice:Grizzly Bears", "Alice:Ornithopter"]))
    if has_graveyard_options_of(front.name):
        # cast from the graveyard (flashback, retrace, CR 702.34a, 702.81a) or an ability that
        # functions there (unearth, CR 702.84a)
        _try_position(report, "graveyard", {**ALICE, "graveyard": [name, *ALICE["graveyard"]]}, seed + 4)
    if permanent and "Aura" not in front.subtypes:      # (an Aura is tried as it's cast: CR 303.4)
        battlefield = {**ALICE, "battlefield": [name, *ALICE["battlefield"]]}
        _try_position(report, "battlefield", battlefield, seed + 1)
    return report


def _try_position(report: SmokeReport, where: str, alice: dict[str, Any], seed: int,
                  script: Callable[[Scenario], Any] | None = None) -> None:
    try:
        scenario = Scenario(f"smoke {report.name}", seed=seed, turn=TURN, Alice=alice, Bob=BOB)
        if script is not None:
            script(scenario)
        game = scenario.game
    except Exception as exc:            # a crash setting the position up: the card's own doing
        report.problems.append(f"{where}: the position could not be set up: {_error(exc)}")
        return
    g = game.state
    zone = g.battlefield if where == "battlefield" else g.zone_list(Zone.GRAVEYARD if where == "graveyard" else Zone.HAND, 0)
    card = next((oid for oid in zone if _is(g.objects[oid].card, report.name)), None)
    if card is None:         # a permanent that can't stay there (Clone copying nothing is 0/0, CR 704.5f)
        return
    decision = game.pending
    if decision is None or decision.kind != "priority":
        return
    own = [a for a in decision.options if isinstance(a, dict) and a.get("object") == card]
    rng = RandomAgent(seed * 7 + 3)
    for action in own[:ACTIONS]:
        label = f"{where}: {_describe(action)}"
        report.tried.append(label)
        trial = game.clone()
        problem = _take(trial, action, rng) or _settle(trial, rng) or _play_on(trial, seed)
        if problem:
            report.problems.append(f"{label}: {problem}")


def _take(game: Game, action: Any, rng: RandomAgent) -> str | None:
    """Submits an offered action and answers its follow-up questions at random until a
    top-level decision; the problem, if any."""
    try:
        game.submit(action)
    except IllegalActionError as exc:
        return f"the offered action was refused: {exc}"
    except Exception as exc:
        return f"crashed: {_error(exc)}"
    return _answer_follow_ups(game, rng)


def _answer_follow_ups(game: Game, rng: RandomAgent) -> str | None:
    for _ in range(FOLLOW_UPS):
        pending = game.pending
        if pending is None or game.over or pending.kind in TOP_LEVEL:
            return None
        answer = rng.decide(pending)
        try:
            game.submit(answer)
        except IllegalActionError as exc:
            return f"the {pending.kind} answer {answer!r}, chosen among the options, was refused: {exc}"
        except Exception as exc:
            return f"crashed answering {pending.kind}: {_error(exc)}"
    return f"more than {FOLLOW_UPS} questions followed one action"


def _settle(game: Game, rng: RandomAgent) -> str | None:
    """Both players pass until the stack is empty (each object resolves, CR 608.1), answering
    what resolving asks at random."""
    for _ in range(PASSES):
        if game.over or not game.state.stack:
            break
        pending = game.pending
        if pending is not None and pending.kind == "priority":
            try:
                game.submit({"action": "pass"})
            except Exception as exc:
                return f"crashed as the stack resolved: {_error(exc)}"
        problem = _answer_follow_ups(game, rng)
        if problem:
            return problem
    found = violations(game.state)
    return f"an invariant broke: {found[0]}" if found else None


def _play_on(game: Game, seed: int) -> str | None:
    """Random agents play on for about a turn cycle (the card's triggers and statics)."""
    agents = (RandomAgent(seed * 2 + 11), RandomAgent(seed * 2 + 12))
    start = game.state.turn
    for _ in range(PLAY_ON):
        if game.over or game.state.turn > start + 2:
            break
        pending = game.pending
        try:
            game.submit(agents[pending.player].decide(pending))
        except IllegalActionError as exc:
            if pending.kind == "priority" or pending.kind in ("attackers", "blockers"):
                return f"the random {pending.kind} answer, chosen among the options, was refused: {exc}"
            return f"the {pending.kind} answer was refused: {exc}"
        except Exception as exc:
            return f"crashed playing on (turn {game.state.turn}): {_error(exc)}"
    found = violations(game.state)
    return f"an invariant broke playing on: {found[0]}" if found else None


def _is(card: Any, name: str) -> bool:
    return card is not None and (card.name == name or name in (face.name for face in card.faces))


def _describe(action: dict[str, Any]) -> str:
    return " ".join(f"{k}={v}" for k, v in action.items() if k != "object")


def _error(exc: BaseException) -> str:
    described = describe_error(exc)
    return f"{described['error']} ({described['where']})" if described["where"] else described["error"]


def smoke(names: Sequence[str], jobs: int = 1,
          progress: Callable[[int, int], None] | None = None) -> list[SmokeReport]:
    """Smoke-tests each card of ``names`` (``jobs`` worker processes; 0: one per CPU)."""
    reports = []
    with in_workers(smoke_card, list(names), jobs) as results:
        for i, report in enumerate(results):
            reports.append(report)
            if progress is not None:
                progress(i + 1, len(names))
    return reports


# -- mtg smoke ---------------------------------------------------------------------------------
def add_smoke_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "smoke", help="use each card in a constructed position and report crashes and refusals",
        description="Puts each named card (or, with --all, every implemented card) where it can be "
                    "used: cast or played from Alice's hand, at instant speed in response to a spell "
                    "and in combat, its abilities activated from her battlefield, then a turn cycle "
                    "played on at random (see mtgengine.smoke). Exit status 1 if any had a problem.")
    parser.add_argument("names", nargs="*", metavar="NAME", help="card names")
    parser.add_argument("--all", action="store_true", help="every card `mtg coverage` counts as implemented")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes, 0 for one per CPU (default 1)")
    parser.add_argument("--json", action="store_true", help="one JSON object: each card's actions and problems")
    parser.set_defaults(func=run_smoke)


def run_smoke(args: Any) -> int:
    import json
    from .cards.coverage import implemented_names
    from .core.errors import MtgError
    names = sorted(implemented_names()) if args.all else list(args.names)
    if not names:
        raise MtgError("mtg smoke: name one or more cards, or give --all")
    db = card_db()
    for name in names:                  # an unknown name is refused before anything runs
        try:
            db.get(name)
        except UnknownCardError as exc:
            raise MtgError(f"mtg smoke: {exc}") from None
    reports = smoke(names, args.jobs)
    failed = [r for r in reports if r.problems]
    if args.json:
        print(json.dumps({r.name: {"tried": r.tried, "problems": r.problems} for r in reports}, sort_keys=True))
        return 1 if failed else 0
    for r in failed:
        for problem in r.problems:
            print(f"{r.name}: {problem}")
    unused = sum(1 for r in reports if not r.exercised)
    print(f"{len(reports)} card(s): {len(failed)} with problems, {unused} never offered an action here")
    return 1 if failed else 0
