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


def test_blocks_the_fewest_a_requirement_allows() -> None:
    # Taunting Elf: "All creatures able to block Taunting Elf do so" (CR 509.1c): declaring no
    # blocks is refused, and the agents' fallback is the block the requirement asks for
    import pytest

    from mtgengine.core.errors import IllegalActionError
    from mtgengine.scenario.builder import Scenario
    from mtgengine.simulate import answer_pending

    s = Scenario("Taunting Elf", turn={"number": 3, "active": "Alice", "step": "precombat_main"},
                 Alice={"battlefield": ["Taunting Elf"]}, Bob={"battlefield": ["Grizzly Bears"]})
    s.attack(["Taunting Elf"])
    game = s.game
    while game.pending is not None and game.pending.kind == "priority":
        game.submit({"action": "pass"})                  # on to the declare blockers step
    decision = game.pending
    assert decision is not None and decision.kind == "blockers"
    elf, bears = (next(o for o in game.state.battlefield if game.state.objects[o].card.name == n)
                  for n in ("Taunting Elf", "Grizzly Bears"))
    assert first_option(decision) == [[bears, elf]]
    with pytest.raises(IllegalActionError):
        game.clone().submit([])

    class NoBlocks:
        def decide(self, d: Decision) -> list:
            return []

    answer_pending(game, [NoBlocks(), NoBlocks()])        # refused, then the required block
    assert game.state.objects[bears].blocking == (elf,)


def test_attackers_that_must_attack_are_always_declared() -> None:
    # CR 508.1d: "attacks each combat if able": the random agent declares them and picks the rest
    d = Decision(0, "attackers", "declare attackers", [5, 6, 7], min=0, max=3, info={"required": [6]})
    answers = [RandomAgent(seed).decide(d) for seed in range(40)]
    assert all(6 in a for a in answers)
    assert {5 in a for a in answers} == {True, False}
    assert first_option(d) == [6]
