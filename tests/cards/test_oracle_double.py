"""The text compiler on the cards of the "Double and triple" page (issue 7): each template
compiles to the vocabulary the interpreter carries out, and every card of the page is
implemented."""
from __future__ import annotations

import pytest

from mtgengine.cards.database import card_db
from mtgengine.cards.compiler import compile_text
from mtgengine.cards.vocabulary import (
    Condition, CostObjects, CreateTokenCopy, Double, Filter, LoseLife, PlayerStatic, Proliferate, Quantity, Ref,
    ReplacementAbility, ShuffleIntoLibrary, Transform,
)
from mtgengine.cards.scripts import face_script

PAGE_CARDS = [
    "Berserk", "Beacon of Immortality", "Phyrexian Unlife", "Solidarity of Heroes", "Doubling Cube",
    "Heartbeat of Spring", "Mana Reflection", "Nyxbloom Ancient", "Ojer Taq, Deepest Foundation", "Furnace of Rath",
    "Doubling Season", "Alhammarret's Archive", "Boon Reflection", "Thought Reflection", "Wound Reflection",
    "Rage Reflection", "Teferi's Ageless Insight", "Blood Scrivener", "Phial of Galadriel", "Unbound Flourishing",
    "Mondrak, Glory Dominus", "Tekuthal, Inquiry Dominus", "Drivnod, Carnage Dominus", "Solphim, Mayhem Dominus",
    "Zopandrel, Hunger Dominus", "Panharmonicon", "Rhys the Redeemed", "Swarm Intelligence", "Reflections of Littjara",
    "Celestial Mantle", "Revival // Revenge", "Enduring Angel",
]


@pytest.mark.parametrize("name", PAGE_CARDS)
def test_every_card_of_the_page_is_implemented(name: str) -> None:
    card = card_db().get(name)
    for face in card.faces:
        assert not face_script(face).unimplemented, (face.name, face_script(face).unimplemented)


def _spell(text: str):
    return compile_text("Test Card", text, True).spell


def test_double_life_total() -> None:
    assert _spell("Double target player's life total.").effects == (Double(Ref("target", 0), "life"),)
    assert _spell("Double your life total.").effects == (Double(Ref("you"), "life"),)
    assert _spell("Shuffle Test Card into its owner's library.").effects == (ShuffleIntoLibrary(Ref("self")),)


def test_double_power_and_toughness() -> None:
    eff = _spell("Double the power and toughness of each creature you control until end of turn.").effects[0]
    assert isinstance(eff, Double) and eff.value == "power_toughness" and eff.until_end_of_turn
    assert eff.what.kind == "each" and eff.what.filter.controller == "you"
    eff = _spell("Double target creature's power until end of turn.").effects[0]
    assert eff == Double(Ref("target", 0), "power")
    eff = _spell("Triple the power of target creature until end of turn.").effects[0]
    assert eff == Double(Ref("target", 0), "power", times=3)


def test_double_counters_and_mana() -> None:
    spell = _spell("Choose any number of target creatures. Double the number of +1/+1 counters on each of them.")
    assert spell.targets[0].min == 0 and spell.targets[0].max > 1
    assert spell.effects == (Double(Ref("target", 0), "counters", "+1/+1"),)
    cube = compile_text("Doubling Cube", "{3}, {T}: Double the amount of each type of unspent mana you have.", False)
    assert cube.activated[0].is_mana and cube.activated[0].effects == (Double(Ref("you"), "mana"),)


def test_replacements_of_the_page() -> None:
    def rep(text: str) -> ReplacementAbility:
        script = compile_text("Test Card", text, False)
        assert not script.unimplemented, script.unimplemented
        return script.replacements[0]

    mana = rep("If you tap a permanent for mana, it produces three times as much of that mana instead.")
    assert (mana.event, mana.who, mana.multiply) == ("tapped_for_mana", "you", 3)
    tokens = rep("If one or more creature tokens would be created under your control, three times that many of "
                 "those tokens are created instead.")
    assert tokens.event == "tokens" and tokens.to == Filter(types=frozenset({"Creature"})) and tokens.multiply == 3
    assert rep("If you would proliferate, proliferate twice instead.").event == "proliferate"
    solphim = rep("If a source you control would deal noncombat damage to an opponent or a permanent an opponent "
                  "controls, it deals double that damage to that player or permanent instead.")
    assert solphim.noncombat and not solphim.combat and solphim.multiply == 2
    scrivener = rep("If you would draw a card while you have no cards in hand, instead you draw two cards and you "
                    "lose 1 life.")
    assert scrivener.draw == 2 and scrivener.condition == Condition("hand", at_most=0)
    assert scrivener.also == (LoseLife(Ref("you"), Quantity(fixed=1)),)
    phial = rep("If you would gain life while you have 5 or less life, you gain twice that much life instead.")
    assert phial.condition == Condition("life", at_most=5) and phial.multiply == 2


def test_player_statics_and_costs() -> None:
    unlife = compile_text("Phyrexian Unlife", "You don't lose the game for having 0 or less life.\nAs long as you "
                          "have 0 or less life, all damage is dealt to you as though its source had infect.", False)
    assert unlife.player_statics == (
        PlayerStatic(frozenset({"no_zero_life_loss"}), text="You don't lose the game for having 0 or less life."),
        PlayerStatic(frozenset({"damage_as_infect"}), condition=Condition("life", at_most=0),
                     text="As long as you have 0 or less life, all damage is dealt to you as though its source "
                          "had infect."))
    tekuthal = face_script(card_db().get("Tekuthal, Inquiry Dominus").front)
    assert tekuthal.activated[0].cost.objects[0].verb == "remove_counters"
    mondrak = face_script(card_db().get("Mondrak, Glory Dominus").front)
    part = mondrak.activated[0].cost.objects[0]
    assert part == CostObjects("sacrifice", 2, Filter(types=frozenset({"Artifact", "Creature"}), controller="you",
                                                      other=True))


def test_other_templates() -> None:
    volt = compile_text("Volt Charge", "Volt Charge deals 3 damage to any target. Proliferate.", True).spell
    assert volt.effects[1] == Proliferate()
    rhys = face_script(card_db().get("Rhys the Redeemed").front)
    assert isinstance(rhys.activated[1].effects[0], CreateTokenCopy)
    temple = face_script(card_db().get("Ojer Taq, Deepest Foundation").faces[1])
    ability = temple.activated[1]
    assert ability.effects == (Transform(Ref("self")),) and ability.sorcery_speed
    assert ability.condition == Condition("attacked_with", at_least=3)
