"""The action encoding (docs/RL.md): each decision kind as sub-decisions of a fixed action space,
the answers valid for the decision's validator (agents.decisions.check_answer)."""
from __future__ import annotations

import random

import pytest

from mtgengine.agents.decisions import Decision, check_answer
from mtgengine.env.actions import Chooser
from mtgengine.env.core import MtgCore

SIZE = 6                    # four candidates a page, "more" (4), "done" (5)
MORE, DONE = SIZE - 2, SIZE - 1


def _answer(decision: Decision, actions: list[int]) -> object:
    chooser = Chooser(decision, SIZE)
    for action in actions:
        assert not chooser.done
        assert action in chooser.mask(), (action, chooser.mask())
        chooser.apply(action)
    assert chooser.done
    check_answer(decision, chooser.answer)
    return chooser.answer


def test_a_priority_question_is_one_choice_with_pages_beyond_the_action_space() -> None:
    options = [{"action": "pass"}] + [{"action": "cast", "object": i} for i in range(10, 16)]
    d = Decision(0, "priority", "?", options)
    chooser = Chooser(d, SIZE)
    assert chooser.mask() == [0, 1, 2, 3, MORE]               # no "done" for one choice
    assert _answer(d, [2]) == options[2]
    assert _answer(d, [MORE, 1]) == options[5]                # the second page
    assert _answer(d, [MORE, MORE, 0]) == options[0]          # and back to the first
    with pytest.raises(ValueError):
        Chooser(d, SIZE).apply(DONE)


def test_attackers_one_at_a_time_with_the_required_ones_already_in() -> None:
    d = Decision(0, "attackers", "declare attackers", [11, 12, 13], min=0, max=3,
                 info={"defenders": [-2], "required": [12]})       # CR 508.1d
    chooser = Chooser(d, SIZE)
    assert chooser.chosen == [1] and chooser.mask() == [0, 1, DONE]
    assert _answer(d, [DONE]) == [12]
    assert _answer(d, [1, DONE]) == [12, 13]
    assert _answer(d, [0, 0]) == [11, 12, 13]                   # all in: answered without "done"


def test_attackers_with_several_defenders_choose_each_attacker_once_with_its_defender() -> None:
    d = Decision(0, "attackers", "declare attackers", [11, 12], min=0, max=2, info={"defenders": [-2, 30]})
    chooser = Chooser(d, SIZE)
    assert chooser.items == [[11, -2], [11, 30], [12, -2], [12, 30]]
    chooser.apply(1)                                            # 11 attacks the planeswalker 30
    assert [chooser.items[i] for i in chooser.legal_items()] == [[12, -2], [12, 30]]
    chooser.apply(0)
    assert chooser.done and chooser.answer == [[11, 30], [12, -2]]


def test_blockers_each_blocker_blocks_one_attacker() -> None:
    d = Decision(1, "blockers", "declare blockers", [[21, 11], [21, 12], [22, 11]], min=0, max=3)
    chooser = Chooser(d, SIZE)
    chooser.apply(0)                                            # 21 blocks 11: 21 can't block 12 too
    assert [chooser.items[i] for i in chooser.legal_items()] == [[22, 11]]
    assert _answer(d, [0, 0]) == [[21, 11], [22, 11]]
    assert _answer(d, [DONE]) == []


def test_a_subset_of_an_allowed_size_only() -> None:
    d = Decision(0, "discard", "you may discard two cards", [1, 2, 3], min=0, max=2, info={"sizes": [0, 2]})
    chooser = Chooser(d, SIZE)
    assert DONE in chooser.mask()                               # none: allowed
    chooser.apply(0)
    assert DONE not in chooser.mask()                           # one: not a size the card allows
    chooser.apply(1)
    assert chooser.done and chooser.answer == [1, 3]


def test_an_order_and_a_damage_assignment_order_are_sequences() -> None:
    d = Decision(0, "order", "order your triggers", [5, 6, 7], min=3, max=3)
    assert _answer(d, [2, 0]) == [7, 5, 6]                      # the last one placed by itself
    d = Decision(0, "damage_assignment", "divide", [8, 9, -2], min=2, max=3)   # CR 510.1c, with trample
    assert _answer(d, [1]) == [9, 8]


def test_a_division_is_one_each_then_one_point_at_a_time() -> None:
    d = Decision(0, "divide", "divide 4 damage", [31, 32], info={"total": 4})   # CR 601.2d
    assert _answer(d, [1, 1]) == {"31": 1, "32": 3}


def test_x_is_a_number_with_pages() -> None:
    d = Decision(0, "x", "choose X", [], info={"max": 9, "min": 1})
    assert _answer(d, [0]) == 1
    assert _answer(d, [MORE, MORE, 0]) == 9                      # 1-4, 5-8, 9


def test_piles_names_and_new_targets() -> None:
    piles = Decision(0, "choose", "choose the pile", [1, 2, 3], min=0, max=3, info={"groups": [[1, 3], []]})
    assert _answer(piles, [0]) == [1] and _answer(piles, [1]) == []
    name = Decision(0, "name", "name a card", [], info={"free_text": True, "suggestions": ["Forest", "Shock"]})
    assert _answer(name, [1]) == "Shock"
    copy = Decision(0, "new_targets", "new targets", [-1, -2, "keep"], min=1, max=1, info={"current": [-2]})
    assert _answer(copy, [0]) == "keep" and _answer(copy, [1]) == [-1]


def test_a_tiny_action_space_still_plays_whole_games() -> None:
    """Four actions (two candidates a page): every decision of random games goes through pages
    and sub-decisions, and the games end."""
    core = MtgCore(actions=4, skip_forced=False, turn_cap=20)
    for seed in range(3):
        core.reset(seed)
        rng = random.Random(seed)
        steps = 0
        while not core.over:
            legal = core.legal_actions()
            assert legal and all(0 <= a < 4 for a in legal)
            core.step(rng.choice(legal))
            steps += 1
        assert steps > 50
        assert core.illegal_actions == 0
