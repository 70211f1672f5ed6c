"""Staple templates compile to the right vocabulary: scry, "unless its controller pays",
last-known-information quantities, fight, "up to N target", graveyard targets, library
searches, sacrifice, and "whenever you gain life"; and the new decision kinds are answered
by the random and first-option agents."""
from __future__ import annotations

import pytest

from mtgengine.agents.agents import FirstOptionAgent, RandomAgent
from mtgengine.agents.decisions import Decision
from mtgengine.cards.database import card_db
from mtgengine.cards.vocabulary import (
    CounterSpell, DealDamage, Destroy, Exile, Fight, GainLife, LoseLife, Pump, PutCounters, Quantity, Ref,
    ReturnToBattlefield, ReturnToHand, Sacrifice, Scry, Search, TapUntap, target,
)
from mtgengine.cards.scripts import face_script
from mtgengine.rules.context import validate_answer
from mtgengine.simulate import play_game


def script(name: str):
    s = face_script(card_db().get(name).front)
    assert not s.unimplemented, s.unimplemented
    return s


def spell(name: str):
    return script(name).spell


def test_scry_then_draw() -> None:
    opt = spell("Opt").effects
    assert isinstance(opt[0], Scry) and opt[0].amount.fixed == 1
    pre = spell("Preordain").effects            # "Scry 2, then draw a card."
    assert isinstance(pre[0], Scry) and pre[0].amount.fixed == 2
    assert type(pre[1]).__name__ == "Draw"
    dissolve = spell("Dissolve").effects
    assert isinstance(dissolve[0], CounterSpell) and not dissolve[0].unless_pays
    assert isinstance(dissolve[1], Scry)


@pytest.mark.parametrize("name,cost", [("Mana Leak", "{3}"), ("Quench", "{2}"), ("Force Spike", "{1}"),
                                       ("Condescend", "{X}")])
def test_counter_unless_pays(name: str, cost: str) -> None:
    eff = spell(name).effects[0]
    assert isinstance(eff, CounterSpell) and eff.unless_pays == cost
    assert spell(name).targets[0].filter.spells


def test_spell_pierce_keeps_its_filter() -> None:
    sp = spell("Spell Pierce")
    assert sp.targets[0].filter.not_types == frozenset({"Creature"})
    assert sp.effects[0].unless_pays == "{2}"


def test_swords_uses_the_targets_controller_and_power() -> None:
    exile, gain = spell("Swords to Plowshares").effects
    assert exile == Exile(target(0))
    assert gain == GainLife(Ref("target_controller", 0), Quantity(stat="power", of=target(0)))


@pytest.mark.parametrize("name,effect", [
    ("Hideous End", LoseLife(Ref("target_controller", 0), Quantity(fixed=2))),
    ("Last Breath", GainLife(Ref("target_controller", 0), Quantity(fixed=4))),
    ("Vapor Snag", LoseLife(Ref("target_controller", 0), Quantity(fixed=1))),
    ("Vendetta", LoseLife(Ref("you"), Quantity(stat="toughness", of=target(0)))),
    ("Chandra's Outrage", DealDamage(Quantity(fixed=2), Ref("target_controller", 0))),
    ("Char", DealDamage(Quantity(fixed=2), Ref("you"))),
])
def test_its_controller_and_compound_damage(name: str, effect: object) -> None:
    assert spell(name).effects[-1] == effect


def test_path_to_exile_searches_for_the_targets_controller() -> None:
    exile, search = spell("Path to Exile").effects
    assert isinstance(exile, Exile)
    assert isinstance(search, Search) and search.who == Ref("target_controller", 0)
    assert search.optional and search.to == "battlefield" and search.tapped
    assert search.filter.supertypes == frozenset({"Basic"}) and search.filter.types == frozenset({"Land"})


def test_fight() -> None:
    prey = spell("Prey Upon")
    assert prey.effects == (Fight(target(0), target(1)),)
    assert prey.targets[0].filter.controller == "you"
    assert prey.targets[1].filter.controller == "opponent"
    pump, fight = spell("Epic Confrontation").effects      # "... It fights target creature ..."
    assert isinstance(pump, Pump) and fight == Fight(target(0), target(1))
    might = spell("Primal Might")                          # "Then it fights up to one target ..."
    assert might.effects[1] == Fight(target(0), target(1))
    assert (might.targets[1].min, might.targets[1].max) == (0, 1)


def test_up_to_n_targets() -> None:
    lead = spell("Lead Astray")
    assert lead.effects == (TapUntap(target(0)),)
    assert (lead.targets[0].min, lead.targets[0].max) == (0, 2)
    assert (spell("Downpour").targets[0].min, spell("Downpour").targets[0].max) == (0, 3)
    farm = script("Curious Farm Animals").activated[0]
    assert isinstance(farm.effects[0], Destroy) and (farm.targets[0].min, farm.targets[0].max) == (0, 1)


def test_graveyard_targets() -> None:
    raise_dead = spell("Raise Dead")
    assert raise_dead.effects == (ReturnToHand(target(0)),)
    flt = raise_dead.targets[0].filter
    assert flt.zone == "graveyard" and flt.controller == "you" and flt.types == frozenset({"Creature"})
    digger = script("Gravedigger").triggered[0]
    assert digger.optional and digger.targets[0].filter.zone == "graveyard"
    assert spell("Zombify").effects == (ReturnToBattlefield(target(0)),)
    assert spell("Cremate").targets[0].filter.controller is None            # "from a graveyard"
    # a "permanent card" has a permanent type (CR 110.4a): not an instant or sorcery
    finder = script("Golgari Findbroker").triggered[0].targets[0].filter
    assert "Instant" not in finder.types and "Creature" in finder.types


def test_graveyard_cards_cant_be_destroyed_by_text() -> None:
    from mtgengine.cards.compiler import compile_text
    assert compile_text("Test", "Destroy target creature card from a graveyard.", True).unimplemented


def test_searches() -> None:
    rampant = spell("Rampant Growth").effects[0]
    assert rampant == Search(Ref("you"), rampant.filter, "battlefield", tapped=True)
    wood = script("Wood Elves").triggered[0].effects[0]
    assert wood.filter.subtypes == frozenset({"Forest"}) and not wood.tapped
    farseek = spell("Farseek").effects[0]
    assert farseek.filter.subtypes == frozenset({"Plains", "Island", "Swamp", "Mountain"})
    ranger = script("Borderland Ranger").triggered[0]
    assert ranger.optional and ranger.effects[0].to == "hand"
    tutor = spell("Demonic Tutor").effects[0]
    assert tutor.to == "hand" and tutor.filter == type(tutor.filter)()
    assert script("Evolving Wilds").activated[0].cost.sacrifice_self


def test_sacrifice() -> None:
    edict = spell("Diabolic Edict")
    assert edict.effects[0] == Sacrifice(target(0), edict.effects[0].filter, Quantity(fixed=1))
    assert edict.targets[0].filter.players
    blood = spell("Innocent Blood").effects[0]
    assert blood.who == Ref("each_player") and blood.filter.types == frozenset({"Creature"})
    barter = spell("Barter in Blood").effects[0]
    assert barter.amount.fixed == 2


def test_whenever_you_gain_life() -> None:
    ab = script("Ajani's Pridemate").triggered[0]
    assert (ab.trigger.event, ab.trigger.whose) == ("gain_life", "you")
    assert ab.effects == (PutCounters(Ref("self"), "+1/+1", Quantity(fixed=1)),)


def test_disfigure_already_works() -> None:
    assert spell("Disfigure").effects == (Pump(target(0), -2, -2),)


@pytest.mark.parametrize("decision", [
    Decision(0, "scry_bottom", "scry 2", [5, 6], min=0, max=2),
    Decision(0, "scry_bottom", "scry 1", [5], min=0, max=1),
    Decision(0, "order", "order the cards", [5, 6, 7], min=3, max=3),
    Decision(0, "sacrifice", "sacrifice one", [5, 6], min=1, max=1),
    Decision(0, "sacrifice", "sacrifice two", [5, 6, 7], min=2, max=2),
    Decision(0, "search", "search", [5, 6], min=0, max=1),
    Decision(0, "search", "search for a card", [5, 6], min=1, max=1),
    Decision(0, "yesno", "pay {3}?", [True, False]),
])
def test_agents_answer_the_new_decisions(decision: Decision) -> None:
    for seed in range(10):
        validate_answer(decision, RandomAgent(seed).decide(decision))
    validate_answer(decision, FirstOptionAgent().decide(decision))


def test_random_games_with_the_staples() -> None:
    cards = ["Opt", "Preordain", "Dissolve", "Mana Leak", "Swords to Plowshares", "Path to Exile", "Prey Upon",
             "Raise Dead", "Gravedigger", "Rampant Growth", "Diabolic Edict", "Ajani's Pridemate", "Innocent Blood",
             "Evolving Wilds", "Lead Astray", "Vapor Snag", "Borderland Ranger", "Vampire Nighthawk", "Zombify"]
    deck = ["Plains", "Island", "Swamp", "Forest"] * 6 + cards * 2
    for seed in range(2):
        for agents in (None, (FirstOptionAgent(), FirstOptionAgent())):
            result = play_game((deck, deck), seed, seed % 2, 12, agents=agents)
            assert result.turns >= 1
