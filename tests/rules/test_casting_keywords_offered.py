"""The legal-action list offers the casts the casting keywords allow, and only those (CR 117.1,
601.2): sneak in the declare blockers step of its caster's turn with an unblocked attacker (its
reminder text; the pinned rules have no rule for it), bestow only with a creature to enchant
(CR 702.103b, 702.103d); each offered option is taken without being refused."""
from __future__ import annotations

from typing import Any, Callable

import pytest

from mtgengine.rules.turn import legal_actions
from mtgengine.scenario.builder import Scenario


def _alternatives(s: Scenario, player: int) -> list[Any]:
    return [a.get("alternative") for a in legal_actions(s.game.state, player) if a["action"] == "cast"]


def test_sneak_is_offered_in_the_declare_blockers_step_only(all_accepted: Callable[..., None]) -> None:
    s = Scenario("sneak", Alice={"battlefield": ["Mountain", "Mountain", "Mountain", "Grizzly Bears"],
                                 "hand": ["Raphael, the Nightwatcher"]}, Bob={})
    s.step({"attack": ["Grizzly Bears"]})
    assert "sneak" not in _alternatives(s, 0)               # before blockers are declared
    s.step({"block": {}})
    assert _alternatives(s, 0) == ["sneak"]                 # a creature card, cast in combat this way only
    all_accepted(s)


def test_bestow_is_offered_only_with_a_creature_to_enchant(all_accepted: Callable[..., None]) -> None:
    s = Scenario("no creature", Alice={"battlefield": ["Mountain", "Mountain"], "hand": ["Nyxborn Rollicker"]}, Bob={})
    assert _alternatives(s, 0) == [None]
    s = Scenario("a creature", Alice={"battlefield": ["Mountain", "Mountain"], "hand": ["Nyxborn Rollicker"]},
                 Bob={"battlefield": ["Grizzly Bears"]})
    assert sorted(_alternatives(s, 0), key=str) == [None, "bestow"]
    all_accepted(s)


def _additional(s: Scenario, player: int) -> list[Any]:
    return [a.get("additional") for a in legal_actions(s.game.state, player) if a["action"] == "cast"]


def test_bargain_is_offered_only_with_an_artifact_enchantment_or_token(all_accepted: Callable[..., None]) -> None:
    # CR 702.166a, 118.3: bargain sacrifices an artifact, an enchantment or a token; with none of
    # them (a nontoken creature doesn't pay it) only the cast without bargain is offered
    hand = {"battlefield": ["Swamp", "Swamp", "Swamp", "Swamp", "Swamp", "Swamp", "Grizzly Bears"],
            "hand": ["High Fae Negotiator"]}
    s = Scenario("no bargain", Alice=hand, Bob={})
    assert _additional(s, 0) == [None]
    all_accepted(s)
    s = Scenario("bargain", Alice={**hand, "battlefield": hand["battlefield"] + ["Ornithopter"]}, Bob={})
    assert sorted(_additional(s, 0), key=str) == [None, {"bargain": True}]
    all_accepted(s)


def test_conspire_is_offered_only_if_the_mana_can_be_paid_without_its_creatures(
        all_accepted: Callable[..., None]) -> None:
    # CR 702.78a, 118.3, 601.2h: Llanowar Elves tapped for conspire can't tap for mana too;
    # Gleeful Sabotage ({1}{G}) with one Forest needs the Elves' mana, so no conspire
    board = ["Llanowar Elves", "Grizzly Bears", "Forest"]
    s = Scenario("one Forest", Alice={"battlefield": board, "hand": ["Gleeful Sabotage"]},
                 Bob={"battlefield": ["Ornithopter"]})
    assert _additional(s, 0) == [None]
    all_accepted(s)
    s = Scenario("two Forests", Alice={"battlefield": board + ["Forest"], "hand": ["Gleeful Sabotage"]},
                 Bob={"battlefield": ["Ornithopter"]})
    assert sorted(_additional(s, 0), key=str) == [None, {"conspire": True}]


def _casts(s: Scenario, player: int) -> list[Any]:
    return [a for a in legal_actions(s.game.state, player) if a["action"] == "cast"]


def test_spree_is_offered_only_with_the_mana_for_a_mode(all_accepted: Callable[..., None]) -> None:
    # CR 702.172a, 700.2h: a spree spell's mana cost alone can't cast it; some mode's cost is paid too
    bob = {"battlefield": ["Hill Giant"]}
    s = Scenario("mana cost only", Alice={"battlefield": ["Mountain", "Mountain"], "hand": ["Explosive Derailment"]},
                 Bob=bob)
    assert _casts(s, 0) == []
    s = Scenario("a mode", Alice={"battlefield": ["Mountain"] * 3, "hand": ["Explosive Derailment"]}, Bob=bob)
    assert len(_casts(s, 0)) == 1
    all_accepted(s)


def test_same_mode_more_than_once_needs_one_legal_mode(all_accepted: Callable[..., None]) -> None:
    # CR 700.2d: Fiery Confluence "choose three" with only its damage modes legal (no artifact) is
    # castable, choosing them again
    s = Scenario("confluence", Alice={"battlefield": ["Mountain"] * 4, "hand": ["Fiery Confluence"]}, Bob={})
    assert len(_casts(s, 0)) == 1
    all_accepted(s)
