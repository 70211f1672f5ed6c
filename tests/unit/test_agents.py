"""The agents answer within what a decision allows: the random agent is uniform over legal
answers only, so a decision whose answers have a shape (one pile, none or exactly two) says so
in ``info`` and both agents keep to it."""
from __future__ import annotations

from mtgengine.agents.agents import RandomAgent, first_option
from mtgengine.agents.decisions import Decision


def test_groups_an_answer_names_options_of_one_group() -> None:
    # Fact or Fiction's piles (CR 701.20a): a pile is chosen by one of its cards, or none if empty
    first, second = [11, 12], [13, 14, 15]
    d = Decision(0, "choose", "pile", first + second, min=0, max=5, info={"groups": [first, second]})
    seen = set()
    for seed in range(40):
        answer = RandomAgent(seed).decide(d)
        assert answer and (set(answer) <= set(first) or set(answer) <= set(second))
        seen.add(answer[0] in first)
    assert seen == {True, False}                       # both piles get chosen
    assert first_option(d) == [11]
    empty = Decision(0, "choose", "pile", second, min=0, max=3, info={"groups": [[], second]})
    assert {tuple(RandomAgent(seed).decide(empty)) for seed in range(40)} == {(), (13,)}


def test_sizes_an_answer_names_only_those_many() -> None:
    # "you may discard two cards": none or exactly two (CR 118.3)
    d = Decision(0, "discard", "you may discard two cards", [1, 2, 3], min=0, max=2, info={"sizes": [0, 2]})
    sizes = {len(RandomAgent(seed).decide(d)) for seed in range(40)}
    assert sizes == {0, 2}
    assert first_option(d) == []
