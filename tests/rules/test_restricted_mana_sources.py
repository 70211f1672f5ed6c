"""Mana with a spending restriction that allows other uses ("This mana can't be spent to cast a
nonartifact spell") doesn't count toward a spell it can't pay for (CR 106.6): the cast isn't
offered (fuzz seed 4267 with three players: Sentinels of Glen Elendra offered, its cast refused)."""
from __future__ import annotations

from mtgengine.scenario.builder import Scenario


def _casts(islands: int) -> list[str]:
    s = Scenario("restricted", Alice={"battlefield": ["Hydraulic Helper", f"Island x{islands}"],
                                      "hand": ["Sentinels of Glen Elendra", "Ornithopter"]}, Bob={})
    return [o.label for o in s.game.options() if o.action == "cast"]


def test_restricted_mana_pays_only_what_it_may() -> None:
    assert _casts(3) == ["cast Ornithopter"]                 # {3}{U}: the Helper's {U} can't pay it
    assert "cast Sentinels of Glen Elendra" in _casts(4)
