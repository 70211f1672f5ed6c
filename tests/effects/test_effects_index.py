"""The index of the resolved effects (``effects_index.effects_index``) is kept across changes and only
extended when effects are added (issue 17: a pile of "until end of turn" effects made every
decision slower): at every use it equals the index made from scratch, in random games with
pumps, copies, auras and "for as long as" effects, and an added effect is the only one read."""
from __future__ import annotations

from typing import Any

import pytest

from mtgengine.agents.agents import RandomAgent
from mtgengine.cards.vocabulary import ModifyPT
from mtgengine.effects import copiable, effect_begins, effects_index, layers
from mtgengine.effects.effects_index import ContinuousEffect
from mtgengine.scenario.builder import Scenario
from mtgengine.simulate import answer_pending
from mtgengine.state.game_state import EFFECTS_INDEX


#: Pumps (Hyalopterous Lemure's free one again and again), copies, blinks.
SIDE = {"battlefield": ["Swamp x4", "Forest x3", "Island x3", "Hyalopterous Lemure", "Grizzly Bears"],
        "hand": ["Giant Growth x2", "Clone", "Phantasmal Image", "Cloudshift", "Hyalopterous Lemure"],
        "library": ["Giant Growth x4", "Clone x2", "Swamp x10", "Cloudshift x2"]}


def _scratch(state: Any) -> tuple[Any, ...]:
    effects = state.effects
    return (frozenset().union(*(e.affected for e in effects)),
            tuple(e for e in effects if effects_index._copies(e.mods)), tuple(e for e in effects if e.lasts))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_kept_index_equals_the_index_made_from_scratch(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    index_of = effects_index.effects_index
    uses = {"calls": 0, "effects": 0}

    def checked(state: Any) -> Any:
        got = index_of(state)
        assert got == _scratch(state)
        uses["calls"] += bool(state.effects)
        uses["effects"] = max(uses["effects"], len(state.effects))
        return got

    # (effects piled up, as a game without effect_begins' merging would keep them: the index is tested)
    monkeypatch.setattr(effect_begins, "_superseded", lambda g, new, kind, matching=None: None)
    monkeypatch.setattr(layers, "_effects_index", checked)          # (each module that reads it)
    monkeypatch.setattr(copiable, "effects_index", checked)
    game = Scenario("pile", seed=seed, Alice=dict(SIDE), Bob=dict(SIDE)).game
    agents = (RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2))
    for _ in range(600):                # (random agents can activate the free pump for ever)
        if game.over:
            break
        answer_pending(game, agents)
    assert uses["calls"] >= 50 and uses["effects"] >= 20     # the games did have effects to index


def test_an_added_effect_is_the_only_one_read(monkeypatch: pytest.MonkeyPatch) -> None:
    g = Scenario("pile", Alice={"battlefield": ["Grizzly Bears", "Hyalopterous Lemure"]}, Bob={}).game.state
    bears, lemure = g.battlefield
    for _ in range(50):                  # a pile of "until end of turn" effects (CR 611.2a)
        g.effects.append(ContinuousEffect(g.new_timestamp(), (ModifyPT(-1, 0),), frozenset({lemure}),
                                          until="end_of_turn"))
    g.changed()
    assert effects_index.effects_index(g)[0] == {lemure}
    read: list[int] = []
    index_of = effects_index._index_of

    def counting(effects: Any, before: Any) -> Any:
        read.append(len(effects))
        return index_of(effects, before)

    monkeypatch.setattr(effects_index, "_index_of", counting)
    g.effects.append(ContinuousEffect(g.new_timestamp(), (ModifyPT(1, 1),), frozenset({bears}), until="end_of_turn"))
    g.changed()
    assert EFFECTS_INDEX in g._chars                         # kept across the change
    assert effects_index.effects_index(g)[0] == {lemure, bears}
    assert read == [1]
    g.effects = g.effects[1:]            # an effect ended (CR 514.2): made again from all of them
    g.changed()
    assert effects_index.effects_index(g) == _scratch(g)
    assert read == [1, 50]
