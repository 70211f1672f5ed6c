"""A creature that "can block an additional creature each combat" or "any number of creatures"
(CR 509.1a): the declaration may name it with two (or more) attackers, it blocks each, and its
damage is divided among them (CR 510.1d). (The scenario format names one attacker per blocker,
so the declaration is submitted here.)"""
from __future__ import annotations

import pytest

from mtgengine.core.errors import IllegalActionError
from mtgengine.engine import Game
from mtgengine.scenario.builder import Scenario


def _declare(blocker: str, attackers: list[str]) -> tuple[Game, dict[str, int]]:
    s = Scenario("block additional", turn={"number": 2, "active": "Alice", "step": "precombat_main"},
                 Alice={"battlefield": attackers}, Bob={"battlefield": [blocker]})
    s.attack(attackers)
    game = s.game
    g = game.state
    ids = {g.objects[o].card.name: o for o in g.battlefield}
    while game.pending is not None and game.pending.kind == "priority":
        game.submit({"action": "pass"})                            # to the declare blockers step
    assert game.pending is not None and game.pending.kind == "blockers"
    return game, ids


def test_night_market_guard_blocks_two_attackers_and_divides_its_damage() -> None:
    game, ids = _declare("Night Market Guard", ["Grizzly Bears", "Llanowar Elves"])
    guard, bears, elves = ids["Night Market Guard"], ids["Grizzly Bears"], ids["Llanowar Elves"]
    game.submit([[guard, bears], [guard, elves]])
    g = game.state
    assert g.objects[guard].blocking == (bears, elves)
    assert g.objects[bears].blocked and g.objects[elves].blocked
    game.submit({"action": "pass"})
    game.submit({"action": "pass"})
    d = game.pending
    assert d.kind == "damage_assignment" and d.player == 1          # CR 510.1d: Bob divides its 3
    game.submit({str(bears): 2, str(elves): 1})
    g = game.state
    assert bears not in g.battlefield and elves not in g.battlefield
    assert guard not in g.battlefield                               # 2 + 1 damage to a 3/1
    assert g.players[1].life == 20


def test_night_market_guard_cant_block_three_attackers() -> None:
    game, ids = _declare("Night Market Guard", ["Grizzly Bears", "Llanowar Elves", "Savannah Lions"])
    guard = ids["Night Market Guard"]
    with pytest.raises(IllegalActionError, match="only 2"):
        game.submit([[guard, ids["Grizzly Bears"]], [guard, ids["Llanowar Elves"]], [guard, ids["Savannah Lions"]]])


def test_palace_guard_blocks_any_number() -> None:
    game, ids = _declare("Palace Guard", ["Grizzly Bears", "Llanowar Elves", "Savannah Lions"])
    guard = ids["Palace Guard"]
    game.submit([[guard, ids[n]] for n in ("Grizzly Bears", "Llanowar Elves", "Savannah Lions")])
    assert len(game.state.objects[guard].blocking) == 3


def test_an_ordinary_creature_blocks_one_attacker() -> None:
    game, ids = _declare("Hill Giant", ["Grizzly Bears", "Llanowar Elves"])
    giant = ids["Hill Giant"]
    with pytest.raises(IllegalActionError, match="only 1"):
        game.submit([[giant, ids["Grizzly Bears"]], [giant, ids["Llanowar Elves"]]])
