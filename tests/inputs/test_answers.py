"""Malformed answers to the questions of combat, and actions with keys no player gives (issue
17): refused with IllegalActionError naming the decision and what is wrong, before the rules run;
the answer is not kept, the save is byte-identical and the game goes on (it used to raise
TypeError or ValueError, keep the answer, and fail even ``Game.load(game.save())``)."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from mtgengine.agents.decisions import Decision
from mtgengine.core.enums import Zone
from mtgengine.core.errors import IllegalActionError
from mtgengine.engine import Game
from mtgengine.scenario.builder import Scenario

ROOT = Path(__file__).resolve().parents[2]


def at(kind: str) -> tuple[Game, dict[str, int]]:
    """A game at an attackers, blockers or damage-assignment question: Alice's Craw Wurm (6/4)
    and Grizzly Bears against Bob's two Llanowar Elves and a Hill Giant that isn't attacking."""
    s = Scenario(kind, Alice={"battlefield": ["Craw Wurm", "Grizzly Bears", "Hill Giant"]},
                 Bob={"battlefield": ["Llanowar Elves", "Llanowar Elves", "Savannah Lions"]})
    game = s.game
    ids = {game.state.objects[o].card.name: o for o in game.state.battlefield}
    elves = [o for o in game.state.battlefield if game.state.objects[o].card.name == "Llanowar Elves"]
    ids["Elves 1"], ids["Elves 2"] = elves
    while game.pending.kind != "attackers":
        game.submit({"action": "pass"})
    if kind == "attackers":
        return game, ids
    game.submit([ids["Craw Wurm"], ids["Grizzly Bears"]])
    while game.pending.kind != "blockers":
        game.submit({"action": "pass"})
    if kind == "blockers":
        return game, ids
    game.submit([[ids["Elves 1"], ids["Craw Wurm"]], [ids["Elves 2"], ids["Craw Wurm"]]])
    while game.pending.kind != "damage_assignment":
        game.submit({"action": "pass"})
    return game, ids


MALFORMED = {
    "attackers": [None, "Craw Wurm", [[["nested"]]], [10**6], [True], [1.5], [[7, 8, 9]], {"a": 1},
                  ["CRAW"], [[1, 10**6]], [[1, 1.5]], [-1]],
    "blockers": [None, "x", [5], [[[1, 2]]], [[10**6, 1]], [[1, 10**6]], [[True, 1]], [[1.5, 1]], {"a": 1},
                 [[1, 2, 3]]],
    "damage_assignment": [None, "x", [[1]], [10**6], [True], {"1": 1.5}, {"1": True}, {"x": 1}, {"1": -1},
                          {str(10**6): 6}, 6.0],
}


@pytest.mark.parametrize("kind", list(MALFORMED))
def test_malformed_answers_are_refused_and_the_game_goes_on(kind: str) -> None:
    game, _ = at(kind)
    before, question, answers = game.save(), game.pending, list(game.answers)
    for answer in MALFORMED[kind]:
        with pytest.raises(IllegalActionError) as err:
            game.submit(answer)
        assert str(err.value).startswith(kind + " (") or "not one of the options" in str(err.value), str(err.value)
        assert game.save() == before and game.pending == question and game.answers == answers
    assert Game.load(game.save()).save() == before          # used to fail: the bad answer was kept
    game.submit([] if kind != "damage_assignment" else {k: v for k, v in zip(map(str, question.options), (3, 3))})
    assert game.pending is not None and game.pending != question


def test_the_message_names_the_decision_and_the_fault() -> None:
    game, ids = at("blockers")
    with pytest.raises(IllegalActionError, match=re.escape(
            "blockers (declare blockers (pairs [blocker, attacker])): a block is a pair [blocker, attacker], got 5")):
        game.submit([5])
    with pytest.raises(IllegalActionError, match=re.escape(
            "blockers (declare blockers (pairs [blocker, attacker])): a blocker: no object has id 1000000")):
        game.submit([[10**6, ids["Craw Wurm"]]])
    with pytest.raises(IllegalActionError, match=r"a blocker is an object id or a player \(-1, -2, \.\.\.\), got True"):
        game.submit([[True, ids["Craw Wurm"]]])


def test_a_creature_that_is_not_attacking_can_t_be_blocked() -> None:
    # used to be accepted: "Llanowar Elves blocks Hill Giant" with the Giant at home
    game, ids = at("blockers")
    before = game.save()
    with pytest.raises(IllegalActionError, match=r"^Llanowar Elves can't block Hill Giant \(CR 509.1a-b\)$"):
        game.submit([[ids["Elves 1"], ids["Hill Giant"]]])
    assert game.save() == before


def test_an_action_can_t_carry_the_keys_of_an_effect() -> None:
    # {"free": True} used to cast Shivan Dragon for {0}: a key for "cast it without paying", CR 118.9
    s = Scenario("cheat", Alice={"hand": ["Shivan Dragon"], "battlefield": ["Mountain"]}, Bob={})
    game = s.game
    dragon = game.state.zones[(0, Zone.HAND)][0]
    before = game.save()
    for extra in ({"free": True}, {"by_effect": True}, {"alt_mana": "{R}"}):
        with pytest.raises(IllegalActionError, match=f"'{next(iter(extra))}' is not something a player gives "
                                                     "with a cast action"):
            game.submit({"action": "cast", "object": dragon, **extra})
        assert game.save() == before
    with pytest.raises(IllegalActionError, match="object: no object has id 999"):
        game.submit({"action": "cast", "object": 999})
    with pytest.raises(IllegalActionError, match=r"^priority \(Alice has priority \(precombat_main\)\): an answer is "
                                                 "made of whole numbers, texts, true/false, lists and mappings, got 1.5$"):
        game.submit({"action": "cast", "object": dragon, "x": 1.5})
    with pytest.raises(IllegalActionError, match="x: expected a whole number 0 or more, got -1"):
        game.submit({"action": "cast", "object": dragon, "x": -1})
    assert game.save() == before


def test_a_bool_is_not_a_number_nor_a_number_a_bool() -> None:
    from mtgengine.agents.decisions import check_answer
    d = Decision(0, "targets", "choose target", [1, 2])
    with pytest.raises(IllegalActionError):
        check_answer(d, True)                 # True == 1, but it is no object
    assert check_answer(d, 1) == 1
    yn = Decision(0, "yesno", "pay?", [True, False])
    with pytest.raises(IllegalActionError, match=r"yesno \(pay\?\): the answer is true or false, got 1"):
        check_answer(yn, 1)


def _kinds_asked() -> set[str]:
    """The kinds written as the second argument of ``Decision(...)`` in the engine's source."""
    kinds = set()
    for path in (ROOT / "mtgengine").rglob("*.py"):
        for m in re.finditer(r"Decision\(\s*[^,()]+(?:\([^()]*\))?,\s*\"([a-z_]+)\"", path.read_text(encoding="utf-8")):
            kinds.add(m.group(1))
    return kinds


def test_every_decision_kind_has_its_validator() -> None:
    from mtgengine.agents.decisions import VALIDATORS
    kinds = _kinds_asked()
    assert {"priority", "attackers", "blockers", "damage_assignment", "mulligan", "x", "name"} <= kinds
    # the kinds named by a variable: the cost verbs (spell_costs.COST_VERBS, ability costs, "you may <cost>")
    # and resolve._choose_own's
    kinds |= {"sacrifice", "exile", "discard", "return", "linked_to_graveyard"}
    assert kinds <= set(VALIDATORS), sorted(kinds - set(VALIDATORS))
