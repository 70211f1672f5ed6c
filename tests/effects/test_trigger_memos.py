"""The trigger check's memos (effects.triggers: the permanents watching each trigger event, and
those with state triggers) are kept with the characteristics (``GameState._chars``): a
permanent that has just entered must be seen watching at the next check."""
from __future__ import annotations

from mtgengine.effects.trigger_watchers import watchers_here
from mtgengine.scenario.builder import Scenario


def test_a_watcher_that_entered_sees_the_next_creature_enter() -> None:
    """Soul Warden (CR 603.2): no permanent watches "enters" before it does."""
    s = Scenario("memo", Alice={"battlefield": ["Plains", "Forest x2"], "hand": ["Soul Warden", "Grizzly Bears"]},
                 Bob={})
    assert "enters" not in watchers_here(s.game.state)
    s.cast("Soul Warden", by="Alice").pass_("stack")
    assert "enters" in watchers_here(s.game.state)
    s.cast("Grizzly Bears", by="Alice").pass_("stack")
    s.expect(life={"Alice": 21})


def test_a_state_trigger_of_a_permanent_that_entered() -> None:
    """Emperor Crocodile (CR 603.8) cast after the first checks: its state trigger is looked at."""
    s = Scenario("memo", Alice={"battlefield": ["Forest x4", "Grizzly Bears"], "hand": ["Emperor Crocodile"]},
                 Bob={"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]})
    s.cast("Emperor Crocodile", by="Alice").pass_("stack")
    s.cast("Lightning Bolt", by="Bob", targets=["Grizzly Bears"]).pass_(2)
    s.expect(stack=["ability:Emperor Crocodile"])


def test_an_upkeep_trigger_of_a_permanent_that_entered() -> None:
    """Ophiomancer (CR 603.2b) cast in a main phase triggers in the next upkeep."""
    s = Scenario("memo", Alice={"battlefield": ["Swamp x3"], "hand": ["Ophiomancer"]}, Bob={},
                 turn={"number": 1, "active": "Alice", "step": "precombat_main"})
    assert "upkeep" not in watchers_here(s.game.state)
    s.cast("Ophiomancer", by="Alice").pass_("stack")
    s.pass_("upkeep")
    s.expect(stack=["ability:Ophiomancer"])
