"""Mana costs, total costs and their payment (issue 5): CR 107.4, 118.7, 202.3, 601.2f-h."""
from __future__ import annotations

import pytest

from mtgengine.cards.database import card_db
from mtgengine.cards.compiler.spell_costs import cost_paragraph
from mtgengine.core.enums import Zone
from mtgengine.core.errors import IllegalActionError
from mtgengine.core.mana import ManaCost
from mtgengine.effects.layers import characteristics, mana_value
from mtgengine.rules.total_cost import total_cost
from mtgengine.rules.mana_requirements import Requirement, default_variants, reduce_requirement, requirement
from mtgengine.rules.mana_sources import tap_sources
from mtgengine.rules.mana_planning import plan_payment
from mtgengine.scenario.builder import Scenario


# -- symbols and requirements ---------------------------------------------------------------
def test_with_x_replaces_every_x() -> None:
    assert str(ManaCost.parse("{X}{R}").with_x(2)) == "{2}{R}"
    assert str(ManaCost.parse("{X}{X}").with_x(3)) == "{3}{3}"
    assert str(ManaCost.parse("{1}{G}").with_x(5)) == "{1}{G}"


def test_requirement_hybrid_and_phyrexian_defaults() -> None:
    req = requirement(ManaCost.parse("{U/B}{2/W}{B/P}{1}"))
    assert req == Requirement(("W", "B", "UB"), 1, 0)      # colored halves; Phyrexian with mana
    assert requirement(ManaCost.parse("{1}{B/P}{B/P}"), phyrexian="life") == Requirement((), 1, 4)
    assert requirement(ManaCost.parse("{1}{B/P}{B/P}"), phyrexian=["mana", "life"]) == Requirement(("B",), 1, 2)


def test_requirement_announced_hybrid_halves() -> None:
    cost = ManaCost.parse("{2/W}{2/W}{2/W}")
    assert requirement(cost, hybrid=["W", "2", "2"]) == Requirement(("W",), 4, 0)
    with pytest.raises(IllegalActionError, match="2/W"):
        requirement(cost, hybrid=["U"])


def test_requirement_counts_x_for_each_x_symbol() -> None:
    assert requirement(ManaCost.parse("{X}{X}"), 3) == Requirement((), 6, 0)


def test_mono_hybrid_fallback_variants() -> None:
    cost = ManaCost.parse("{2/W}{2/W}")
    variants = default_variants(requirement(cost), cost, False)
    assert variants == [Requirement(("W", "W"), 0), Requirement(("W",), 2), Requirement((), 4)]


def test_reductions_reduce_generic_only_and_stop_at_zero() -> None:
    req = Requirement(("R",), 2)
    assert reduce_requirement(req, ManaCost.parse("{1}")) == Requirement(("R",), 1)      # CR 118.7a
    assert reduce_requirement(req, ManaCost.parse("{5}")) == Requirement(("R",), 0)      # CR 601.2f
    assert reduce_requirement(req, ManaCost.parse("{R}")) == Requirement((), 2)          # CR 118.7c
    assert reduce_requirement(req, ManaCost.parse("{G}")) == Requirement(("R",), 1)      # CR 118.7b


# -- compiling cost paragraphs ----------------------------------------------------------------
def test_cost_paragraphs_compile() -> None:
    assert cost_paragraph("Creature spells cost {2} more to cast.", "x")["cost_changes"][0].more == "{2}"
    alt = cost_paragraph("You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells that you cast.",
                         "x")["alternative_costs"][0]
    assert alt.mana == "{W}{U}{B}{R}{G}" and alt.whose == "you" and not alt.itself
    proto = cost_paragraph("Prototype {2}{R} — 3/2", "x")["prototype"]
    assert (proto.mana, proto.power, proto.toughness) == ("{2}{R}", 3, 2)
    strive = cost_paragraph("~ costs {2}{G} more to cast for each target beyond the first.", "x")["cost_changes"][0]
    assert strive.itself and strive.per_extra_target
    assert cost_paragraph("Draw a card.", "x") is None


# -- mana value never follows the cost paid ---------------------------------------------------
def test_total_cost_changes_but_mana_value_does_not() -> None:
    s = Scenario("Feroz's Ban", Alice={"battlefield": ["Feroz's Ban", "Forest", "Plains x3"],
                                       "hand": ["Grizzly Bears"]}, Bob={})
    g = s.game.state
    bears = g.zones[(0, Zone.HAND)][0]
    ch = characteristics(g, bears)
    total = total_cost(g, 0, bears, ch, 0, None, False, 0, {})
    assert total.requirement == Requirement(("G",), 3)
    assert mana_value(g, bears) == 2
    s.cast("Grizzly Bears", by="Alice")
    g = s.game.state
    assert mana_value(g, g.stack[-1]) == 2


def test_plan_payment_backtracks_for_colored_symbols() -> None:
    s = Scenario("duals", Alice={"battlefield": ["Savannah", "Plains"]}, Bob={})
    g = s.game.state
    plan = plan_payment(g, 0, Requirement(("W", "G"), 0), frozenset("GW"))
    assert plan is not None
    names = {characteristics(g, oid).name: kind for oid, kind in plan.taps}
    assert names == {"Savannah": "G", "Plains": "W"}


def test_summoning_sick_creatures_are_not_sources() -> None:
    s = Scenario("elves", Alice={"battlefield": [{"card": "Llanowar Elves", "summoning_sick": True}, "Forest"]}, Bob={})
    g = s.game.state
    assert [characteristics(g, src[0]).name for src in tap_sources(g, 0)] == ["Forest"]


def test_split_card_data_mana_value_is_not_read() -> None:
    # the data's mana_value of split cards is the first half's only (seed-examples pitfall 1)
    assert card_db().get("Revival // Revenge").mana_value() == 8


# -- agents choose among alternative and optional costs too ----------------------------------
def _cast_options(s: Scenario, player: int = 0) -> list[dict]:
    from mtgengine.rules.turn import legal_actions
    g = s.game.state
    return [{k: v for k, v in a.items() if k not in ("action", "object")} | {"card": characteristics(g, a["object"]).name}
            for a in legal_actions(g, player) if a["action"] == "cast"]


def test_legal_actions_offer_kicker_only_when_payable() -> None:
    s = Scenario("kicker", Alice={"battlefield": ["Mountain"], "hand": ["Burst Lightning"]}, Bob={})
    assert _cast_options(s) == [{"card": "Burst Lightning"}]
    s = Scenario("kicker", Alice={"battlefield": ["Mountain x5"], "hand": ["Burst Lightning"]}, Bob={})
    assert _cast_options(s) == [{"card": "Burst Lightning"}, {"card": "Burst Lightning", "kicked": ["{4}"]}]


def test_legal_actions_offer_an_alternative_cost() -> None:
    # Fist of Suns: {W}{U}{B}{R}{G} instead of a mana cost, even none at all (Evermind, CR 118.6a)
    s = Scenario("fist", Alice={"battlefield": ["Fist of Suns", "Plains", "Island", "Swamp", "Mountain", "Forest"],
                                "hand": ["Hill Giant", "Evermind"]}, Bob={})
    assert sorted(_cast_options(s), key=str) == sorted([
        {"card": "Hill Giant"}, {"card": "Hill Giant", "alternative": "Fist of Suns"},
        {"card": "Evermind", "alternative": "Fist of Suns"}], key=str)
    s = Scenario("fist", Alice={"battlefield": ["Fist of Suns", "Plains", "Island", "Swamp", "Mountain", "Mountain"],
                                "hand": ["Evermind"]}, Bob={})
    assert _cast_options(s) == []


def test_legal_actions_offer_optional_additional_mana() -> None:
    s = Scenario("chorus", Alice={"battlefield": ["Chorus of the Conclave", "Forest x3"], "hand": ["Grizzly Bears"]},
                 Bob={})
    assert _cast_options(s) == [{"card": "Grizzly Bears"}, {"card": "Grizzly Bears", "additional": {"mana": 1}}]


def test_random_agent_casts_with_the_alternative_cost() -> None:
    from mtgengine.agents.agents import RandomAgent
    from mtgengine.simulate import answer_pending
    s = Scenario("fist", Alice={"battlefield": ["Fist of Suns", "Plains", "Island", "Swamp", "Mountain", "Forest"],
                                "hand": ["Evermind"]}, Bob={})
    game = s.game
    agents = [RandomAgent(1), RandomAgent(2)]
    for _ in range(20):
        if game.state.stack:
            break
        answer_pending(game, agents)
    g = game.state
    assert g.stack and characteristics(g, g.stack[-1]).name == "Evermind"
    assert mana_value(g, g.stack[-1]) == 0


def test_legal_actions_offer_phyrexian_life() -> None:
    s = Scenario("dismember", Alice={"battlefield": ["Wastes"], "hand": ["Dismember"]},
                 Bob={"battlefield": ["Grizzly Bears"]})
    assert _cast_options(s) == [{"card": "Dismember", "pay": {"phyrexian": "life"}}]


def test_restricted_and_snow_mana_survive_save_and_load() -> None:
    from mtgengine.engine import Game
    s = Scenario("pool", Alice={"battlefield": ["Mishra's Workshop", "Snow-Covered Forest"]}, Bob={})
    s.activate("Mishra's Workshop", by="Alice")
    s.activate("Snow-Covered Forest", by="Alice")
    g = s.game
    tags = g.state.players[0].pool_tags
    assert [(k, snow, r is not None) for k, snow, r in tags] == [("C", False, True)] * 3 + [("G", True, False)]
    assert Game.load(g.save()).state.players[0].pool_tags == tags
