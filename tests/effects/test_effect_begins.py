"""A continuous effect that begins drops an identical earlier one it makes redundant
(``effects.effect_begins``, CR 611.2, 613.7; issue 17: Chimeric Idol's "{0}: ... becomes a 3/3
Turtle artifact creature until end of turn" activated thousands of times stalled a game): the
pile stays bounded, and games play exactly as they would with every effect kept. A switch of
power and toughness cancels the identical one before it (Wandering Fumarole's "{0}", CR 613.4d)."""
from __future__ import annotations

from typing import Any

import pytest

from mtgengine.agents.agents import RandomAgent
from mtgengine.cards.vocabulary import ChangeAbilities, ChangeTypes, ModifyPT, Quantity, SetPT, SwitchPT
from mtgengine.effects import effect_begins
from mtgengine.effects.effect_begins import begin
from mtgengine.effects.layers import ContinuousEffect, characteristics, permanents
from mtgengine.scenario.builder import Scenario
from mtgengine.simulate import answer_pending

#: Free and cheap "becomes" abilities, pumps and an anthem that may enter between activations.
SIDE = {"battlefield": ["Chimeric Idol", "Mishra's Factory", "Faerie Conclave", "Wandering Fumarole", "Mountain x3", "Island x3",
                        "Grizzly Bears"],
        "hand": ["Glorious Anthem", "Giant Growth", "Plains x2", "Forest"],
        "library": ["Giant Growth x3", "Glorious Anthem", "Plains x6", "Forest x4", "Grizzly Bears x2"]}


def _play(seed: int, decisions: int) -> tuple[list[Any], list[str], int]:
    game = Scenario("pile", seed=seed, Alice=dict(SIDE), Bob=dict(SIDE)).game
    agents = (RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2))
    seen = []
    most = 0
    for _ in range(decisions):
        if game.over:
            break
        g = game.state
        most = max(most, len(g.effects))
        seen.append(sorted((oid, ch.name, ch.power, ch.toughness, tuple(sorted(ch.types)),
                            tuple(sorted(ch.subtypes)), tuple(sorted(ch.colors)), tuple(sorted(ch.keywords)))
                           for oid, ch in permanents(g).items()))
        answer_pending(game, agents)
    return seen, list(game.log), most


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_games_play_the_same_with_every_effect_kept(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    dropped, log, most = _play(seed, 700)
    monkeypatch.setattr(effect_begins, "_superseded", lambda g, new, kind: None)
    kept, kept_log, kept_most = _play(seed, 700)
    assert dropped == kept and log == kept_log          # the same characteristics at every decision
    assert kept_most > most                             # and the kept pile was larger


def _idol() -> Any:
    return Scenario("idol", Alice={"battlefield": ["Chimeric Idol", "Grizzly Bears"]}, Bob={}).game.state


def _becomes(g: Any, oid: int, *mods: Any) -> ContinuousEffect:
    e = ContinuousEffect(g.new_timestamp(), mods, frozenset({oid}), "end_of_turn", oid, 0)
    begin(g, e)
    g.changed()
    return e


TURTLE = (ChangeTypes(add_types=frozenset({"Artifact", "Creature"}), add_subtypes=frozenset({"Turtle"})),
          SetPT(Quantity(3), Quantity(3)))


def test_an_identical_effect_replaces_the_earlier_one() -> None:
    g = _idol()
    idol = g.battlefield[0]
    for _ in range(100):
        last = _becomes(g, idol, *TURTLE)
    assert g.effects == [last]                          # CR 613.7a: the new timestamp is kept
    ch = characteristics(g, idol)
    assert (ch.power, ch.toughness, "Turtle" in ch.subtypes) == (3, 3, True)


def test_an_effect_in_between_keeps_both() -> None:
    # becomes 3/3, then 1/1 (another effect in layer 7b), then 3/3 again: the last applies, and
    # the first can't be dropped without the second's timestamp order changing (CR 613.7)
    g = _idol()
    idol = g.battlefield[0]
    _becomes(g, idol, *TURTLE)
    _becomes(g, idol, SetPT(Quantity(1), Quantity(1)))
    _becomes(g, idol, *TURTLE)
    assert len(g.effects) == 3
    assert characteristics(g, idol).power == 3


def test_effects_that_add_up_are_all_kept() -> None:
    # +1/+1 twice is +2/+2 (CR 613.4c): one effect adding both; prowess twice triggers twice
    # (CR 702.108b): both kept
    g = _idol()
    bears = g.battlefield[1]
    for _ in range(2):
        _becomes(g, bears, ModifyPT(1, 1))
        _becomes(g, bears, ChangeAbilities(add_keywords=frozenset({"prowess"})))
    assert characteristics(g, bears).power == 4 and characteristics(g, bears).toughness == 4
    assert sum(1 for e in g.effects if ChangeAbilities(add_keywords=frozenset({"prowess"})) in e.mods) == 2
    assert [e.mods for e in g.effects if any(m.__class__ is ModifyPT for m in e.mods)] == [(ModifyPT(2, 2),)]


def test_a_fixed_pump_again_and_again_is_one_effect() -> None:
    # Viscid Lemures' "{0}: gets -1/-0 and gains swampwalk until end of turn" (CR 613.4c, 702.14e)
    g = _idol()
    bears = g.battlefield[1]
    for _ in range(50):
        _becomes(g, bears, ModifyPT(-1, 0), ChangeAbilities(add_keywords=frozenset({"swampwalk"})))
    ch = characteristics(g, bears)
    assert (ch.power, ch.toughness) == (-48, 2) and "swampwalk" in ch.keywords and len(g.effects) == 1


def test_redundant_keywords_are_read_from_the_rules() -> None:
    assert all(map(effect_begins._redundant, ["flying", "first strike", "protection from red", "islandwalk",
                                              "hexproof", "hexproof from black", "trample"]))
    assert not any(map(effect_begins._redundant, ["prowess", "exalted", "bushido 2", "flanking", "afflict 2"]))


def test_a_switch_cancels_the_identical_switch_before_it() -> None:
    """CR 613.4d: switching power and toughness twice in a row is no switch; an odd number is one."""
    g = Scenario("switch", Alice={"battlefield": ["Goblin Piker"]}, Bob={}).game.state
    piker = next(oid for oid, ch in permanents(g).items() if ch.name == "Goblin Piker")
    for times in range(1, 8):
        _becomes(g, piker, SwitchPT())
        ch = characteristics(g, piker)
        assert (ch.power, ch.toughness) == ((1, 2) if times % 2 else (2, 1))
        assert len(g.effects) == times % 2          # the pair cancelled, nothing piled up
