"""The random agent's block declarations are legal ones (CR 509.1b-c, 702.111b), so the
simulator's fallback for a refused answer never has to fire on blocks (issue 17)."""
from __future__ import annotations

from mtgengine.agents.agents import RandomAgent
from mtgengine.core.errors import IllegalActionError
from mtgengine.effects.layers import characteristics
from mtgengine.scenario.builder import Scenario


def _to_blocks(s: Scenario) -> None:
    """Passes priority in the declare attackers step until Bob is asked for blockers."""
    while s.game.pending.kind != "blockers":
        assert s.game.pending.kind == "priority"
        s.game.submit({"action": "pass"})


def _blocks_accepted(s: Scenario, seeds: int = 40) -> set[int]:
    """Each seed's random answer to the pending blockers question is accepted; returns the
    numbers of blocks the answers declared (so a test sees the agent still blocks at all)."""
    d = s.game.pending
    assert d is not None and d.kind == "blockers"
    sizes = set()
    for seed in range(seeds):
        answer = RandomAgent(seed).decide(d)
        try:
            s.game.clone().submit(answer)
        except IllegalActionError as exc:       # pragma: no cover - the failure message
            raise AssertionError(f"seed {seed}: the random blocks {answer} were refused: {exc}") from exc
        sizes.add(len(answer))
    return sizes


def test_random_blocks_of_a_creature_with_menace_use_two_blockers_or_none() -> None:
    s = Scenario("menace", Alice={"battlefield": ["Boggart Brute"]},
                 Bob={"battlefield": ["Grizzly Bears", "Silvercoat Lion", "Savannah Lions"]},
                 turn={"number": 2, "active": "Alice", "step": "precombat_main"})
    s.attack(["Boggart Brute"])
    _to_blocks(s)
    g = s.game.state
    assert [characteristics(g, a).name for a in s.game.pending.info.get("menace", [])] == ["Boggart Brute"]
    sizes = _blocks_accepted(s)
    assert 1 not in sizes and sizes & {2, 3}


def test_random_blocks_obey_a_blocking_requirement() -> None:
    # Lure: "All creatures able to block enchanted creature do so" (CR 509.1c)
    s = Scenario("lure", Alice={"battlefield": ["Grizzly Bears", "Savannah Lions", "Forest", "Forest", "Forest"],
                                "hand": ["Lure"]},
                 Bob={"battlefield": ["Silvercoat Lion", "Llanowar Elves"]},
                 turn={"number": 2, "active": "Alice", "step": "precombat_main"})
    s.cast("Lure", by="Alice", targets=["Grizzly Bears"]).pass_("stack")
    s.attack(["Grizzly Bears", "Savannah Lions"])
    _to_blocks(s)
    assert len(s.game.pending.info["required"]) == 2
    assert _blocks_accepted(s) == {2}
