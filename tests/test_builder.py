"""The Python scenario builder (issue 3) and the modules' doctests."""
from __future__ import annotations

import doctest

import pytest

import mtgengine.engine
import mtgengine.scenario.builder
from mtgengine.scenario.builder import Scenario, ScenarioFailure


@pytest.mark.parametrize("module", [mtgengine.engine, mtgengine.scenario.builder])
def test_doctests(module) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_builder_answers_a_pending_decision_with_choose() -> None:
    s = Scenario("Shock asks its target", Alice={"battlefield": ["Mountain"], "hand": ["Shock"]},
                 Bob={"battlefield": ["Llanowar Elves"]})
    s.cast("Shock", by="Alice")
    assert s.game.pending.kind == "targets"
    s.choose("Llanowar Elves").pass_("stack")
    s.expect(zones={"Bob": {"graveyard": ["Llanowar Elves"]}})


def test_builder_failed_check_names_the_difference() -> None:
    s = Scenario("wrong", Alice={"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]}, Bob={})
    s.cast("Lightning Bolt", by="Alice", targets=["Bob"]).pass_("stack")
    with pytest.raises(ScenarioFailure, match="expected Bob life 18, got 17"):
        s.expect(life={"Bob": 18})


def test_builder_illegal_action_keeps_the_game() -> None:
    s = Scenario("two lands", Alice={"hand": ["Forest", "Mountain"]}, Bob={})
    s.play("Forest", by="Alice")
    before = s.game.save()
    s.play("Mountain", by="Alice", illegal="already played a land")
    assert s.game.save() == before
    with pytest.raises(ScenarioFailure, match="already played a land"):
        s.play("Mountain", by="Alice")
