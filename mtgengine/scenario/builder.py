"""A Python API for scenarios (issue 3): the same setup, verbs and checks as the YAML format,
run step by step so a test can look at the game between steps.

    >>> from mtgengine.scenario.builder import Scenario
    >>> s = Scenario("Bolt", Alice={"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]}, Bob={})
    >>> s.cast("Lightning Bolt", by="Alice", targets=["Bob"]).pass_("stack").expect(life={"Bob": 17})
    Scenario('Bolt')
    >>> s.game.state.players[1].life
    17
"""
from __future__ import annotations

from typing import Any

from ..engine import Game
from .loader import ScenarioDoc
from .runner import Runner, StepFailure


class ScenarioFailure(AssertionError):
    """A failed check or step, with the same message `mtg run` prints."""


class Scenario:
    """Builds a position from keyword arguments (players in turn order), then runs steps."""

    def __init__(self, name: str = "python scenario", *, seed: int = 0, strict: bool = True,
                 turn: dict[str, Any] | None = None, allow_unimplemented: bool = False,
                 **players: dict[str, Any]) -> None:
        data: dict[str, Any] = {"name": name, "seed": seed, "strict": strict, "players": players}
        if allow_unimplemented:
            data["allow_unimplemented"] = True      # SCENARIO-FORMAT: cards played without what they lack
        if turn is not None:
            data["turn"] = turn
        self._runner = Runner(ScenarioDoc("<python>", 0, data, 0))
        self._runner.interactive = True
        self._started = False
        self.name = name

    def __repr__(self) -> str:
        return f"Scenario({self.name!r})"

    @property
    def game(self) -> Game:
        self._ensure_started()
        return self._runner.game

    def _ensure_started(self) -> None:
        if not self._started:
            self._wrap(self._runner.start)
            self._started = True

    def _wrap(self, fn: Any, *args: Any) -> None:
        from ..core.errors import MtgError
        from .loader import ScenarioError
        runner = self._runner
        try:
            fn(*args)
        except (ScenarioError, StepFailure, MtgError) as exc:
            raise ScenarioFailure(str(exc)) from None
        if runner.failures:
            failures, runner.failures = runner.failures, []
            raise ScenarioFailure("\n".join(failures))

    def step(self, step: dict[str, Any]) -> Scenario:
        """Runs one step written as in YAML: ``s.step({"cast": "Shock", "targets": ["Bob"]})``."""
        self._ensure_started()
        runner = self._runner
        runner.script.append(step)
        self._wrap(runner._run_script)
        return self

    def cast(self, card: str, **options: Any) -> Scenario:
        return self.step({"cast": card, **options})

    def activate(self, card: str, **options: Any) -> Scenario:
        return self.step({"activate": card, **options})

    def play(self, card: str, **options: Any) -> Scenario:
        return self.step({"play": card, **options})

    def attack(self, attackers: Any, **options: Any) -> Scenario:
        return self.step({"attack": attackers, **options})

    def block(self, blocks: dict[str, str], **options: Any) -> Scenario:
        return self.step({"block": blocks, **options})

    def choose(self, answer: Any, **options: Any) -> Scenario:
        return self.step({"choose": answer, **options})

    def pass_(self, what: Any = 1) -> Scenario:
        return self.step({"pass": what})

    def expect(self, **checks: Any) -> Scenario:
        """The checks of ``expect``; raises ScenarioFailure naming what differed."""
        return self.step({"expect": checks})
