"""The check the offered-action tests share: every option the legal-action list offers is
accepted when taken (CR 117.1: what is offered can be done)."""
from __future__ import annotations

from typing import Callable

import pytest

from mtgengine.core.errors import IllegalActionError
from mtgengine.scenario.builder import Scenario


def _all_accepted(s: Scenario, player: int | None = None) -> None:
    game = s.game
    if player is not None:
        assert game.pending is not None and game.pending.kind == "priority" and game.pending.player == player
    for action in game.pending.options:
        trial = game.clone()
        try:
            trial.submit(action)
        except IllegalActionError as exc:       # pragma: no cover - the failure message
            pytest.fail(f"offered {action} was refused: {exc}")


@pytest.fixture
def all_accepted() -> Callable[..., None]:
    """``all_accepted(scenario, player=None)``: fails if an offered option is refused."""
    return _all_accepted
