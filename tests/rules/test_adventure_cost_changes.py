"""A cost change looks at the characteristics a card is cast with (CR 601.2f after 601.2a-b): an
adventurer card cast as its Adventure is a sorcery or instant on the stack (CR 715.3), so the
legal actions offer it only if the changed cost can be paid (fuzz seed 777271: Sand Augury was
offered under Thorn of Amethyst and its cast refused)."""
from __future__ import annotations

from mtgengine.scenario.builder import Scenario


def _stomp_offered(mountains: int) -> bool:
    s = Scenario("thorn", turn={"number": 2, "active": "Bob", "step": "precombat_main"},
                 Alice={"battlefield": ["Thorn of Amethyst"]},
                 Bob={"battlefield": [f"Mountain x{mountains}"], "hand": ["Bonecrusher Giant"]})
    return any(o.action == "cast" and o.value.get("face") == "Stomp" for o in s.game.options())


def test_the_adventure_is_offered_only_when_its_increased_cost_can_be_paid() -> None:
    assert not _stomp_offered(2)         # {1}{R} + {1}: three mana
    assert _stomp_offered(3)


def test_the_creature_half_is_not_taxed() -> None:
    s = Scenario("thorn", turn={"number": 2, "active": "Bob", "step": "precombat_main"},
                 Alice={"battlefield": ["Thorn of Amethyst"]},
                 Bob={"battlefield": ["Mountain x3"], "hand": ["Bonecrusher Giant"]})
    casts = [o for o in s.game.options() if o.action == "cast"]
    assert any("face" not in o.value for o in casts)      # the Giant itself for {2}{R}: a creature spell
