"""Combat damage divided as its controller chooses (CR 510.1c-d, 702.19b): a creature blocking
two attackers divides its damage between them, and lethal damage counts the damage other
creatures assign in the same step. (No implemented card lets a creature block two attackers
yet, so the block is set on the state.)"""
from __future__ import annotations

from mtgengine.engine import Game
from mtgengine.scenario.builder import Scenario


def _two_attackers_one_blocker() -> tuple[Game, int, int, int]:
    """War Mammoth and Colossal Dreadmaw (trample) attack, Hill Giant blocks both (saved and
    loaded, so that the game's committed state holds the block)."""
    s = Scenario("division", turn={"number": 2, "active": "Alice", "step": "precombat_main"},
                 Alice={"battlefield": ["War Mammoth", "Colossal Dreadmaw"]}, Bob={"battlefield": ["Hill Giant"]})
    s.attack(["War Mammoth", "Colossal Dreadmaw"]).block({"Hill Giant": "War Mammoth"})
    g = s.game.state
    mammoth, dreadmaw, giant = (next(o for o in g.battlefield if g.objects[o].card.name == n)
                                for n in ("War Mammoth", "Colossal Dreadmaw", "Hill Giant"))
    g.obj(giant).blocking = (mammoth, dreadmaw)        # as if it could block any number (CR 509.1a)
    g.obj(dreadmaw).blocked = True
    g.changed()
    return Game.load(s.game.save()), mammoth, dreadmaw, giant


def test_a_blocker_of_two_attackers_divides_its_damage_as_its_controller_chooses() -> None:
    game, mammoth, dreadmaw, giant = _two_attackers_one_blocker()
    game.submit({"action": "pass"})
    game.submit({"action": "pass"})
    # the Mammoth's 3 go to the Giant, its one blocker (CR 510.1c); the Dreadmaw (trample)
    # divides its 6 between the Giant and Bob
    d = game.pending
    assert d.kind == "damage_assignment" and d.player == 0 and d.options[0] == giant and len(d.options) == 2
    bob = d.options[1]
    game.submit({str(giant): 3, str(bob): 3})
    d = game.pending
    assert d.kind == "damage_assignment" and d.player == 1 and sorted(d.options) == sorted([mammoth, dreadmaw])
    game.submit({str(mammoth): 1, str(dreadmaw): 2})       # CR 510.1d
    g = game.state
    assert g.players[1].life == 17
    assert g.objects[mammoth].damage == 1 and g.objects[dreadmaw].damage == 2
    assert giant not in g.battlefield                      # 6 damage


def test_lethal_damage_counts_what_other_attackers_assign_this_step() -> None:
    """CR 702.19b: "take into account ... damage from other creatures that's being assigned
    during the same combat damage step": the Mammoth (first in turn order of attackers) assigns
    its 3 to the Giant, its one blocker, unasked (CR 510.1c); the Giant then has lethal damage,
    so the Dreadmaw may trample all 6 over it."""
    game, mammoth, dreadmaw, giant = _two_attackers_one_blocker()
    game.submit({"action": "pass"})
    game.submit({"action": "pass"})
    d = game.pending
    bob = d.options[1]
    game.submit({str(giant): 0, str(bob): 6})
    d = game.pending
    assert d.kind == "damage_assignment" and d.player == 1
    game.submit([mammoth, dreadmaw])                      # an order: lethal to the Mammoth, the rest last
    g = game.state
    assert g.players[1].life == 14
    assert mammoth not in g.battlefield and g.objects[dreadmaw].damage == 0   # 3 lethal to the Mammoth
