"""Every priority option the legal-action list offers can be taken (CR 117.1, 601.2, 602.2):
each is submitted on a clone of the game and must not be refused. The positions are ones a
random-game fuzz run found offering actions that the rules then refused."""
from __future__ import annotations

from typing import Any, Callable

import pytest

from mtgengine.agents.decisions import Decision
from mtgengine.core.errors import IllegalActionError
from mtgengine.effects.layers import characteristics
from mtgengine.rules.turn import legal_actions
from mtgengine.scenario.builder import Scenario, ScenarioFailure


def _offered(s: Scenario, player: int) -> list[dict[str, Any]]:
    return [a for a in legal_actions(s.game.state, player) if a["action"] != "pass"]


def _names(s: Scenario, actions: list[dict[str, Any]]) -> list[str]:
    return [characteristics(s.game.state, a["object"]).name for a in actions]


def test_a_tap_ability_cant_be_paid_with_its_own_mana(all_accepted: Callable[..., None]) -> None:
    # Mind Stone: "{T}: Add {C}" and "{1}, {T}, Sacrifice Mind Stone: Draw a card": the {T}
    # pays the cost, so its own mana can't pay the {1} (CR 602.2b, 605.3a)
    s = Scenario("Mind Stone", Alice={"battlefield": ["Mind Stone"]}, Bob={})
    assert _offered(s, 0) == []
    s = Scenario("Mind Stone and a land", Alice={"battlefield": ["Mind Stone", "Wastes"]}, Bob={})
    assert _names(s, _offered(s, 0)) == ["Mind Stone"]
    all_accepted(s, 0)


def test_a_loyalty_ability_once_per_turn_and_only_with_the_counters(all_accepted: Callable[..., None]) -> None:
    # CR 606.3: one loyalty ability of a permanent per turn; 606.6: a negative cost needs the counters
    s = Scenario("Sarkhan", Alice={"battlefield": [{"card": "Sarkhan Vol", "counters": {"loyalty": 1}}]},
                 Bob={"battlefield": ["Grizzly Bears"]})
    texts = [characteristics(s.game.state, a["object"]).script.activated[a["ability"]].text for a in _offered(s, 0)]
    assert texts and all(t.startswith("[+1]") for t in texts)          # not the -2 or -6 with 1 loyalty
    all_accepted(s, 0)
    s.activate("Sarkhan Vol", by="Alice", ability="[+1]")
    s.pass_("stack")
    assert _offered(s, 0) == []                                            # once per turn


def test_life_is_paid_only_from_a_large_enough_life_total(all_accepted: Callable[..., None]) -> None:
    # CR 119.4: "Pay N life" as a cost needs a life total of at least N
    s = Scenario("Unspeakable Symbol", Alice={"life": 2, "battlefield": ["Unspeakable Symbol", "Grizzly Bears"]},
                 Bob={})
    assert _offered(s, 0) == []
    s = Scenario("Unspeakable Symbol", Alice={"life": 3, "battlefield": ["Unspeakable Symbol", "Grizzly Bears"]},
                 Bob={})
    assert _names(s, _offered(s, 0)) == ["Unspeakable Symbol"]
    all_accepted(s, 0)


def test_a_modal_spell_doesnt_offer_a_mode_that_could_target_only_itself() -> None:
    # Bant Charm on the stack is an instant spell, but a spell can't target itself (CR 115.5):
    # with no other instant spell, "Counter target instant spell" isn't a legal mode (CR 700.2a)
    s = Scenario("Bant Charm", Alice={"battlefield": ["Plains", "Island", "Forest"], "hand": ["Bant Charm"]},
                 Bob={"battlefield": ["Grizzly Bears"]})
    s.game.submit(_offered(s, 0)[0])
    asked: Decision | None = s.game.pending
    assert asked is not None and asked.kind == "mode" and asked.options == [2]


def test_a_spell_isnt_offered_when_protection_leaves_it_no_target() -> None:
    # CR 702.16b: a red Aura can't target a creature with protection from red
    s = Scenario("Flowstone Embrace", Alice={"battlefield": ["Mountain", "Mountain"], "hand": ["Flowstone Embrace"]},
                 Bob={"battlefield": ["Kor Firewalker"]}, allow_unimplemented=True)    # (its life gain isn't)
    assert _offered(s, 0) == []


def test_a_tap_ability_cant_be_paid_with_its_own_mana_beside_restricted_mana(all_accepted: Callable[..., None]) -> None:
    # Seer's Lantern ({T}: Add {C}; {2}, {T}: Scry 1) beside Pelargir Survivor, whose mana may
    # be spent only on instants and sorceries (CR 106.6): the payment checked again for that
    # mana must still leave out the Lantern's own {T} (CR 602.2b). Found by the fuzzer.
    s = Scenario("Lantern", Alice={"battlefield": ["Seer's Lantern", "Plains", "Pelargir Survivor"]}, Bob={})
    assert _offered(s, 0) == []
    s = Scenario("Lantern", Alice={"battlefield": ["Seer's Lantern", "Plains", "Plains", "Pelargir Survivor"]},
                 Bob={})
    assert _names(s, _offered(s, 0)) == ["Seer's Lantern"]
    all_accepted(s, 0)


def test_divided_damage_takes_no_more_targets_than_its_damage(all_accepted: Callable[..., None]) -> None:
    # CR 601.2d: each target of divided damage receives at least 1. Pyrotechnics divides 4
    # among any number of targets: at most 4 of Bob's five creatures and two players
    s = Scenario("Pyrotechnics", Alice={"battlefield": ["Mountain"] * 5, "hand": ["Pyrotechnics"]},
                 Bob={"battlefield": ["Grizzly Bears"] * 5})
    s.cast("Pyrotechnics", by="Alice")
    d = s.game.pending
    assert d.kind == "targets" and len(d.options) == 7 and d.max == 4
    # Rolling Thunder ({X}{R}{R}, X damage divided among any number of targets): at least one
    # target, each dealt at least 1 (Meteor Shower's rulings), so X is at least 1; with X = 1
    # there is one target (found by the fuzzer: X = 0 was accepted, then the division refused)
    s = Scenario("Rolling Thunder", Alice={"battlefield": ["Mountain"] * 2, "hand": ["Rolling Thunder"]},
                 Bob={"battlefield": ["Grizzly Bears"] * 2})
    assert _offered(s, 0) == []                 # two Mountains: X would be 0
    s = Scenario("Rolling Thunder", Alice={"battlefield": ["Mountain"] * 3, "hand": ["Rolling Thunder"]},
                 Bob={"battlefield": ["Grizzly Bears"] * 2})
    all_accepted(s, 0)
    s.cast("Rolling Thunder", by="Alice")
    d = s.game.pending
    assert d.kind == "x" and d.info["min"] == 1 and d.info["max"] == 1
    with pytest.raises(ScenarioFailure, match="601.2d"):
        s.choose(0)
    s.choose(1)
    d = s.game.pending
    assert d.kind == "targets" and d.max == 1


def test_a_cost_that_rises_with_the_target_offers_only_targets_it_can_pay_for(all_accepted: Callable[..., None]) -> None:
    # Vanish into Eternity ({2}{W}{W}): "costs {3} more to cast if it targets a creature" --
    # the total cost is determined once targets are chosen (CR 601.2c, 601.2f); with four
    # lands it can exile Bob's enchantment but not his creature (found by the fuzzer: the cast
    # was offered, then the creature target refused at payment)
    lands = ["Plains", "Plains", "Plains", "Plains"]
    s = Scenario("Vanish", Alice={"battlefield": lands, "hand": ["Vanish into Eternity"]},
                 Bob={"battlefield": ["Grizzly Bears", "Glorious Anthem"]})
    all_accepted(s, 0)
    s.cast("Vanish into Eternity", by="Alice")
    d = s.game.pending
    assert d.kind == "targets"
    assert [characteristics(s.game.state, t).name for t in d.options] == ["Glorious Anthem"]
    s = Scenario("Vanish", Alice={"battlefield": lands, "hand": ["Vanish into Eternity"]},
                 Bob={"battlefield": ["Grizzly Bears"]})
    assert _offered(s, 0) == []
    s = Scenario("Vanish", Alice={"battlefield": lands * 2, "hand": ["Vanish into Eternity"]},
                 Bob={"battlefield": ["Grizzly Bears"]})
    assert _names(s, _offered(s, 0)) == ["Vanish into Eternity"]
    all_accepted(s, 0)


def test_mana_of_a_permanent_whose_abilities_cant_be_activated_pays_for_nothing() -> None:
    # Arrest: "its activated abilities can't be activated" -- mana abilities too (CR 602.5,
    # 605.3a); Llanowar Elves under Arrest can't help pay for Grizzly Bears (found by the
    # fuzzer: Pristine Talisman and Prismatic Lens were counted as mana)
    s = Scenario("Arrest", Alice={"battlefield": ["Forest", "Llanowar Elves"], "hand": ["Grizzly Bears"]},
                 Bob={"battlefield": ["Plains"] * 3, "hand": ["Arrest"]},
                 turn={"active": "Bob", "step": "precombat_main"})
    s.cast("Arrest", by="Bob", targets=["Llanowar Elves"]).pass_("stack")
    s.pass_("turn")
    assert s.game.state.active == 0
    s.pass_("precombat_main")
    assert [a for a in _offered(s, 0) if a["action"] == "cast"] == []


def test_strive_offers_no_more_targets_than_its_controller_can_pay_for() -> None:
    # Solidarity of Heroes ({2}{G}; strive: {1}{G} more for each target beyond the first): the
    # total cost is locked in after the targets are chosen (CR 601.2c, 601.2f), so with five
    # Forests the targets question offers at most two of Alice's three creatures (found by
    # the fuzzer: three targets were offered, then refused at payment)
    bears = ["Grizzly Bears"] * 3
    s = Scenario("Strive", Alice={"battlefield": ["Forest"] * 5 + bears, "hand": ["Solidarity of Heroes"]}, Bob={})
    s.cast("Solidarity of Heroes", by="Alice")
    d = s.game.pending
    assert d.kind == "targets" and len(d.options) == 3 and d.max == 2
    trial = s.game.clone()
    trial.submit(list(d.options[:2]))
    with pytest.raises(IllegalActionError):
        s.game.clone().submit(list(d.options))
    s = Scenario("Strive", Alice={"battlefield": ["Forest"] * 7 + bears, "hand": ["Solidarity of Heroes"]}, Bob={})
    s.cast("Solidarity of Heroes", by="Alice")
    assert s.game.pending.max == 3


def test_a_foretold_card_is_offered_only_with_a_target_it_could_have_as_the_spell(all_accepted: Callable[..., None]) -> None:
    # Fuzz seed 4670 (3 players): a foretold card is face down in exile (CR 702.143a) and so has
    # no color, but protection looks at the spell it will be (CR 702.16b): Kaya's Onslaught
    # (white) can't target Black Knight (protection from white), so with no other creature its
    # cast from exile must not be offered (CR 601.2c)
    s = Scenario("foretold", Alice={"battlefield": ["Plains x3"], "hand": ["Kaya's Onslaught"]},
                 Bob={"battlefield": ["Black Knight"]})
    s.step({"special": "Kaya's Onslaught", "keyword": "foretell"})
    s.pass_("turn").pass_("turn")
    assert s.game.state.turn == 3
    assert not [a for a in _offered(s, 0) if a.get("from") == "exile"]
    s = Scenario("foretold, a target", Alice={"battlefield": ["Plains x3"], "hand": ["Kaya's Onslaught"]},
                 Bob={"battlefield": ["Black Knight", "Grizzly Bears"]})
    s.step({"special": "Kaya's Onslaught", "keyword": "foretell"})
    s.pass_("turn").pass_("turn")
    assert [a for a in _offered(s, 0) if a.get("from") == "exile"]
    all_accepted(s, 0)


def test_a_reduction_from_one_target_limits_what_the_next_phrase_offers(all_accepted: Callable[..., None]) -> None:
    # Titanic Brawl ({1}{G}) "costs {1} less to cast if it targets a creature you control with a
    # +1/+1 counter on it": with one Forest, only the countered creature can be its first target
    # (the reduction is needed, CR 601.2f), and the second phrase is then offered in full
    # (found by the fuzzer, seed 1502849: the second phrase was checked without the first
    # target, so nothing was payable and the offered cast was refused)
    s = Scenario("Brawl", Alice={"battlefield": ["Forest", "Grizzly Bears", {"card": "Runeclaw Bear",
                                                                             "counters": {"+1/+1": 1}}],
                                 "hand": ["Titanic Brawl"]},
                 Bob={"battlefield": ["Craw Wurm"]})
    all_accepted(s, 0)
    s.cast("Titanic Brawl", by="Alice")
    d = s.game.pending
    assert d.kind == "targets" and [characteristics(s.game.state, t).name for t in d.options] == ["Runeclaw Bear"]
    s.choose(d.options[0])
    d = s.game.pending
    assert d.kind == "targets" and [characteristics(s.game.state, t).name for t in d.options] == ["Craw Wurm"]
    s.choose(d.options[0])
    s.pass_("stack")
    s.expect(permanents=[{"ref": "Runeclaw Bear", "count": 0}, {"ref": "Craw Wurm", "damage": 3}])


def test_an_exile_cost_that_pays_the_cards_mana_cost_offers_only_cards_it_can_pay_for(all_accepted: Callable[..., None]) -> None:
    # Back from the Brink: "Exile a creature card from your graveyard and pay its mana cost":
    # with three Forests, Grizzly Bears ({1}{G}) can pay the cost and Craw Wurm ({4}{G}{G})
    # can't (CR 601.2h, 602.2b; found by the fuzzer, seed 1500211: a card whose cost couldn't
    # be paid was offered, then refused)
    s = Scenario("Brink", Alice={"battlefield": ["Back from the Brink", "Forest x3"],
                                 "graveyard": ["Craw Wurm", "Grizzly Bears"]}, Bob={})
    all_accepted(s, 0)
    s.activate("Back from the Brink", by="Alice")
    d = s.game.pending
    assert d.kind == "exile" and [characteristics(s.game.state, t).name for t in d.options] == ["Grizzly Bears"]
    s.choose(d.options[0])
    s.pass_("stack")
    s.expect(permanents=[{"ref": "Grizzly Bears", "count": 1}], zones={"Alice": {"graveyard": ["Craw Wurm"]}})


def test_a_graveyard_ability_is_offered_only_when_its_condition_holds(all_accepted: Callable[..., None]) -> None:
    # Eternal Dragon: "{3}{W}{W}: Return Eternal Dragon from your graveyard to your hand.
    # Activate only during your upkeep." (CR 602.5b, 113.6m; fuzz seed 1700133 and 27 more:
    # offered in the main phase, then refused)
    lands = ["Plains"] * 5
    s = Scenario("main", Alice={"battlefield": lands, "graveyard": ["Eternal Dragon"]}, Bob={})
    assert _offered(s, 0) == []
    s = Scenario("upkeep", turn={"active": "Alice", "step": "upkeep"},
                 Alice={"battlefield": lands, "graveyard": ["Eternal Dragon"]}, Bob={})
    assert _names(s, _offered(s, 0)) == ["Eternal Dragon"]
    all_accepted(s, 0)


def test_the_x_of_a_tap_ability_counts_no_mana_of_the_source_itself() -> None:
    # Kessig Wolf Run: "{X}{R}{G}, {T}: Target creature gets +X/+0 and gains trample until end of
    # turn." It can't tap for mana and for its own {T} (CR 602.2b, 605.3a): with a Mountain and
    # two Forests, X is at most 1 (fuzz seed 1703073: X=4 was offered, then refused)
    s = Scenario("Wolf Run", Alice={"battlefield": ["Kessig Wolf Run", "Mountain", "Forest", "Forest",
                                                    "Grizzly Bears"]}, Bob={})
    s.activate("Kessig Wolf Run", by="Alice", ability="{X}{R}{G}")
    s.choose(s.game.pending.options[0])          # the target: Grizzly Bears
    d = s.game.pending
    assert d.kind == "x" and d.info["max"] == 1
    s.choose(1)
    s.pass_("stack")
    s.expect(permanents=[{"ref": "Grizzly Bears", "power": 3}])


def test_a_creature_tapped_for_mana_cant_also_pay_a_tap_a_creature_cost(all_accepted: Callable[..., None]) -> None:
    # Selesnya Evangel: "{1}, {T}, Tap an untapped creature you control: Create a 1/1 green
    # Saproling". Llanowar Elves can pay the {1} or be the creature tapped, not both (CR 118.3,
    # 601.2h); the payment keeps it back for the tap when a land pays the mana
    s = Scenario("Elves only", Alice={"battlefield": ["Selesnya Evangel", "Llanowar Elves"]}, Bob={})
    assert "Selesnya Evangel" not in _names(s, _offered(s, 0))
    s = Scenario("Elves and a Forest", Alice={"battlefield": ["Selesnya Evangel", "Llanowar Elves", "Forest"]}, Bob={})
    assert "Selesnya Evangel" in _names(s, _offered(s, 0))
    all_accepted(s, 0)
    s.activate("Selesnya Evangel", by="Alice")
    s.choose("Llanowar Elves")                 # the creature tapped for the cost: the Forest paid {1}
    s.pass_("stack")
    s.expect(permanents=[{"ref": "Saproling", "count": 1}, {"ref": "Forest", "tapped": True},
                         {"ref": "Llanowar Elves", "tapped": True}])


def test_a_graveyard_ability_keeps_a_creature_back_for_its_tap_cost(all_accepted: Callable[..., None]) -> None:
    # Purple Pentapus: "{2}{B}, Tap an untapped creature you control: Return this card from your
    # graveyard to the battlefield tapped" (fuzz seed 2200919: offered, then the mana payment
    # tapped the only creature and the cost was refused)
    s = Scenario("Pentapus, two lands", Alice={"battlefield": ["Swamp", "Swamp", "Llanowar Elves"],
                                               "graveyard": ["Purple Pentapus"]}, Bob={})
    assert "Purple Pentapus" not in _names(s, _offered(s, 0))
    s = Scenario("Pentapus, three lands", Alice={"battlefield": ["Swamp", "Swamp", "Swamp", "Llanowar Elves"],
                                                 "graveyard": ["Purple Pentapus"]}, Bob={})
    assert "Purple Pentapus" in _names(s, _offered(s, 0))
    all_accepted(s, 0)
