"""Triggered abilities (issue 6, CR 603): trigger events compiled from Oracle wording,
intervening "if" conditions, delayed and state triggers, Panharmonicon, equipment and
control-changing effects; and the behaviour the scenarios can't reach."""
from __future__ import annotations

import pytest

from mtgengine.cards.database import card_db
from mtgengine.cards.compiler import compile_text
from mtgengine.cards.vocabulary import (
    Attach, Condition, CreateDelayedTrigger, ExtraTriggers, Filter, GainControl, Pump, Ref, ReturnToBattlefield,
    SacrificePermanent, TapUntap, Trigger, WinGame, target,
)
from mtgengine.core.enums import Zone
from mtgengine.cards.scripts import face_script
from mtgengine.effects.primitives import move
from mtgengine.effects.keyword_triggered import LIVING_WEAPON, PROWESS, triggered_abilities
from mtgengine.engine import Game
from mtgengine.rules.context import Ctx
from mtgengine.scenario.builder import Scenario

CREATURE = frozenset({"Creature"})


def script(name: str):
    s = face_script(card_db().get(name).front)
    assert not s.unimplemented, s.unimplemented
    return s


def trigger_of(text: str, name: str = "Test Card") -> Trigger:
    compiled = compile_text(name, text, False)
    assert not compiled.unimplemented, compiled.unimplemented
    return compiled.triggered[0].trigger


# -- trigger events ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "event", "whose", "flt"), [
    ("When Test Card enters the battlefield, draw a card.", "enters", "self", None),
    ("When this creature enters, draw a card.", "enters", "self", None),
    ("Whenever another creature enters the battlefield, you gain 1 life.", "enters", "any",
     Filter(types=CREATURE, other=True)),
    ("Whenever a creature enters, you gain 1 life.", "enters", "any", Filter(types=CREATURE)),
    ("Whenever another creature enters the battlefield under your control, you gain 1 life.", "enters", "any",
     Filter(types=CREATURE, other=True, controller="you")),
    ("Whenever an artifact enters under your control, draw a card.", "enters", "any",
     Filter(types=frozenset({"Artifact"}), controller="you")),
    ("When Test Card leaves the battlefield, draw a card.", "leaves", "self", None),
    ("When Test Card dies, draw a card.", "dies", "self", None),
    ("When Test Card is put into a graveyard from the battlefield, draw a card.", "dies", "self", None),
    ("Whenever a creature you control dies, draw a card.", "dies", "any", Filter(types=CREATURE, controller="you")),
    ("Whenever another creature dies, draw a card.", "dies", "any", Filter(types=CREATURE, other=True)),
    ("Whenever Test Card or another creature dies, draw a card.", "dies", "any", Filter(types=CREATURE)),
    ("Whenever you cast a noncreature spell, draw a card.", "cast", "you",
     Filter(not_types=CREATURE, spells=True)),
    ("Whenever you cast an instant or sorcery spell, draw a card.", "cast", "you",
     Filter(types=frozenset({"Instant", "Sorcery"}), spells=True)),
    ("Whenever an opponent casts a spell, draw a card.", "cast", "opponent", Filter(spells=True)),
    ("Whenever a player casts a red spell, draw a card.", "cast", "any", Filter(colors=frozenset({"R"}), spells=True)),
    ("Whenever Test Card deals damage, draw a card.", "deals_damage", "self", None),
    ("Whenever Test Card deals combat damage, draw a card.", "deals_combat_damage", "self", None),
    ("Whenever Test Card deals combat damage to a player, draw a card.", "combat_damage_player", "self", None),
    ("Whenever you draw a card, you gain 1 life.", "draw", "you", None),
    ("Whenever Test Card blocks, you gain 1 life.", "blocks", "self", None),
    ("Whenever Test Card becomes blocked, you gain 1 life.", "becomes_blocked", "self", None),
    ("Whenever a creature you control attacks, you gain 1 life.", "attacks", "any",
     Filter(types=CREATURE, controller="you")),
    ("At the beginning of your upkeep, draw a card.", "upkeep", "you", None),
    ("At the beginning of each upkeep, draw a card.", "upkeep", "any", None),
    ("At the beginning of each opponent's upkeep, draw a card.", "upkeep", "opponent", None),
    ("At the beginning of your draw step, draw a card.", "draw_step", "you", None),
    ("At the beginning of combat on your turn, draw a card.", "beginning_of_combat", "you", None),
    ("At the beginning of each end step, draw a card.", "end_step", "any", None),
    ("At the beginning of the end step, draw a card.", "end_step", "any", None),
    ("At the beginning of your end step, draw a card.", "end_step", "you", None),
])
def test_trigger_events_compile(text: str, event: str, whose: str, flt: Filter | None) -> None:
    assert trigger_of(text) == Trigger(event, whose, flt)


def test_enters_or_leaves_is_two_abilities_with_one_text() -> None:
    compiled = compile_text("Test Card", "When Test Card enters or leaves the battlefield, you gain 2 life.", False)
    assert [ab.trigger.event for ab in compiled.triggered] == ["enters", "leaves"]
    assert compiled.triggered[0].text == compiled.triggered[1].text


@pytest.mark.parametrize(("condition", "expected"), [
    ("it was kicked", Condition("kicked")),
    ("you control no creatures", Condition("control", Filter(types=CREATURE), at_most=0)),
    ("you control no other creatures", Condition("control", Filter(types=CREATURE, other=True), at_most=0)),
    ("you control no Snakes", Condition("control", Filter(subtypes=frozenset({"Snake"})), at_most=0)),
    ("you control no Islands", Condition("control", Filter(subtypes=frozenset({"Island"})), at_most=0)),
    ("you control another Spirit", Condition("control", Filter(subtypes=frozenset({"Spirit"}), other=True),
                                             at_least=1)),
    ("you control three or more artifacts", Condition("control", Filter(types=frozenset({"Artifact"})), at_least=3)),
    ("you have 40 or more life", Condition("life", at_least=40)),
    ("you have 10 or less life", Condition("life", at_most=10)),
    ("your life total is less than 7", Condition("life", at_most=6)),
    ("you have no cards in hand", Condition("hand", at_most=0)),
    ("you have seven or more cards in hand", Condition("hand", at_least=7)),
    ("there are seven or more cards in your graveyard", Condition("graveyard", at_least=7)),
])
def test_intervening_if_conditions(condition: str, expected: Condition) -> None:
    text = f"At the beginning of your upkeep, if {condition}, draw a card."
    compiled = compile_text("Test Card", text, False)
    assert not compiled.unimplemented
    assert compiled.triggered[0].condition == expected


def test_state_triggers_compile() -> None:
    ab = script("Emperor Crocodile").triggered[0]
    assert ab.trigger == Trigger("state", "you")
    assert ab.condition == Condition("control", Filter(types=CREATURE, other=True), at_most=0)
    assert ab.effects == (SacrificePermanent(Ref("self")),)
    drop = compile_text("Test Card", "When there are no creatures on the battlefield, sacrifice Test Card.", False)
    assert drop.triggered[0].condition == Condition("battlefield", Filter(types=CREATURE), at_most=0)


def test_felidar_sovereign_wins() -> None:
    ab = script("Felidar Sovereign").triggered[0]
    assert ab.condition == Condition("life", at_least=40) and ab.effects == (WinGame(),)


# -- keyword triggers, Panharmonicon, equipment, control --------------------------------------------
def test_prowess_and_living_weapon_are_keyword_triggers() -> None:
    swiftspear = script("Monastery Swiftspear")
    assert "prowess" in swiftspear.keywords and not swiftspear.triggered
    husk = script("Flayer Husk")
    assert "living weapon" in husk.keywords
    assert PROWESS.trigger == Trigger("cast", "you", Filter(not_types=CREATURE, spells=True))
    assert PROWESS.effects == (Pump(Ref("self"), 1, 1),)
    assert isinstance(LIVING_WEAPON.effects[1], Attach) and LIVING_WEAPON.effects[1].to == Ref("created")

    class Ch:          # a granted keyword brings its triggered ability (CR 613.1f)
        script = swiftspear
        keywords = frozenset({"prowess", "flying"})
    assert triggered_abilities(Ch) == (PROWESS,)


def test_panharmonicon_compiles_to_extra_triggers() -> None:
    extra = script("Panharmonicon").extra_triggers
    assert extra == (ExtraTriggers("enters", Filter(types=frozenset({"Artifact", "Creature"})), "you", 1,
                                   extra[0].text),)


def test_equip_is_a_sorcery_speed_attach_ability() -> None:
    ab = script("Bonesplitter").activated[0]
    assert ab.cost.mana == "{1}" and ab.sorcery_speed and not ab.is_mana
    assert ab.effects == (Attach(target(0)),)
    assert ab.targets[0].filter == Filter(types=CREATURE, controller="you")
    assert ab.text == "Equip {1}"


def test_control_spells_compile() -> None:
    threaten = script("Threaten").spell.effects
    assert threaten == (TapUntap(target(0), tap=False), GainControl(target(0), until_end_of_turn=True),
                        Pump(target(0), keywords=frozenset({"haste"})))
    treason = script("Act of Treason").spell.effects
    assert treason == (GainControl(target(0), until_end_of_turn=True), TapUntap(target(0), tap=False),
                       Pump(target(0), keywords=frozenset({"haste"})))


def test_flicker_spells_compile() -> None:
    journey = script("Otherworldly Journey").spell.effects
    assert isinstance(journey[1], CreateDelayedTrigger)
    assert journey[1].trigger == Trigger("end_step", "any")
    assert journey[1].remember == Ref("moved", 0)
    assert journey[1].effects == (ReturnToBattlefield(Ref("remembered", 0), under_owner=True, counter="+1/+1"),)
    cloudshift = script("Cloudshift").spell.effects
    assert cloudshift[1] == ReturnToBattlefield(Ref("moved", 0))


# -- behaviour ---------------------------------------------------------------------------------------
def test_delayed_trigger_finds_nothing_once_its_card_has_left_exile() -> None:
    """CR 603.7c: the exiled card became a new object when it left exile."""
    s = Scenario("journey", Alice={"battlefield": ["Plains x2", "Grizzly Bears"], "hand": ["Otherworldly Journey"]},
                 Bob={}, turn={"number": 2, "active": "Alice", "step": "precombat_main"})
    s.cast("Otherworldly Journey", by="Alice", targets=["Grizzly Bears"]).pass_("stack")
    g = s.game.base
    assert len(g.delayed) == 1 and g.delayed[0].remembered == tuple(g.zones[(0, Zone.EXILE)])
    # the save keeps the delayed ability
    assert Game.load(s.game.save()).state.delayed == g.delayed
    move(Ctx(g, [], lambda *a: None), g.zones[(0, Zone.EXILE)][0], Zone.GRAVEYARD)
    g.events.clear()
    s.pass_("end").expect(stack=["ability:Otherworldly Journey"])
    s.pass_("stack").expect(permanents=[{"ref": "Grizzly Bears", "count": 0}],
                            zones={"Alice": {"graveyard": ["Grizzly Bears", "Otherworldly Journey"]}})
    assert not s.game.state.delayed


def test_intervening_if_uses_the_kicked_status_of_the_permanent() -> None:
    s = Scenario("gatekeeper", Alice={"battlefield": ["Swamp x3"], "hand": ["Gatekeeper of Malakir"]},
                 Bob={"battlefield": ["Grizzly Bears"]})
    s.cast("Gatekeeper of Malakir", by="Alice", kicked=True).pass_(2)
    s.choose("Bob").pass_(2).choose("Grizzly Bears")
    s.expect(zones={"Bob": {"graveyard": ["Grizzly Bears"]}})


def test_blocks_trigger_once_per_blocker_and_becomes_blocked_once() -> None:
    s = Scenario("blocks", Alice={"battlefield": ["Sacred Prey"]},
                 Bob={"battlefield": ["Pride Guardian", "Grizzly Bears"]},
                 turn={"number": 2, "active": "Alice", "step": "precombat_main"})
    s.attack(["Sacred Prey"]).block({"Pride Guardian": "Sacred Prey", "Grizzly Bears": "Sacred Prey"})
    s.expect(stack=["ability:Pride Guardian", "ability:Sacred Prey"])


def test_card_format_trigger_examples_equal_the_compiled_scripts(tmp_path) -> None:
    """The triggered-ability examples of docs/CARD-FORMAT.md are what the compiler makes."""
    import re
    from pathlib import Path

    from mtgengine.cards.definitions import read_definitions
    doc = (Path(__file__).parents[2] / "docs" / "CARD-FORMAT.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```yaml\n# definition\n(.*?)```", doc, re.S) if "Soul Warden:" in b)
    path = tmp_path / "examples.yaml"
    path.write_text(block, encoding="utf-8")
    definitions = read_definitions([path])
    assert set(definitions) == {"Soul Warden", "Convalescence", "Otherworldly Journey"}
    for name, faces in definitions.items():
        assert faces[name].script == face_script(card_db().get(name).front), name
