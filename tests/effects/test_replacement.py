"""Replacement and prevention effects (CR 614-616): the Oracle templates compile to
ReplacementAbility / PreventDamage, the pipeline orders and applies them, the agents answer
its decision, shields are saved with the game, and random games with the cards run."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from mtgengine.agents.agents import FirstOptionAgent, RandomAgent
from mtgengine.cards.database import card_db
from mtgengine.cards.definitions import CardDefinitionError, read_definitions
from mtgengine.cards.vocabulary import Condition, Filter, PreventDamage, Quantity, Ref, ReplacementAbility, n
from mtgengine.effects.events import DrawEvent, TokensEvent
from mtgengine.cards.scripts import face_script
from mtgengine.effects.primitives import deal_damage
from mtgengine.effects.replacement import apply_replacements, make_unpreventable
from mtgengine.engine import Game
from mtgengine.rules.context import Ctx, validate_answer
from mtgengine.scenario.builder import Scenario
from mtgengine.simulate import play_game

YOU = Filter(controller="you")
CREATURES_YOU = Filter(types=frozenset({"Creature"}), controller="you")


def script(name: str):
    s = face_script(card_db().get(name).front)
    assert not s.unimplemented, s.unimplemented
    return s


def reps(name: str) -> list[ReplacementAbility]:
    """The card's replacement abilities without their text."""
    return [ReplacementAbility(**{f: getattr(r, f) for f in r.__dataclass_fields__ if f != "text"})
            for r in script(name).replacements]


# -- the templates -----------------------------------------------------------------------------
@pytest.mark.parametrize("name,expected", [
    ("Furnace of Rath", [ReplacementAbility("damage", multiply=2)]),
    ("Dictate of the Twin Gods", [ReplacementAbility("damage", multiply=2)]),
    ("Gratuitous Violence", [ReplacementAbility("damage", source=CREATURES_YOU, multiply=2)]),
    ("Torbran, Thane of Red Fell", [ReplacementAbility(
        "damage", source=Filter(colors=frozenset({"R"}), controller="you"),
        to=Filter(players=True, controller="opponent"), add=2)]),
    ("Doubling Season", [ReplacementAbility("tokens", who="you", multiply=2),
                         ReplacementAbility("counters", to=YOU, multiply=2)]),
    ("Parallel Lives", [ReplacementAbility("tokens", who="you", multiply=2)]),
    ("Primal Vigor", [ReplacementAbility("tokens", multiply=2),
                      ReplacementAbility("counters", to=Filter(types=frozenset({"Creature"})),
                                         counter_kind="+1/+1", multiply=2)]),
    ("Hardened Scales", [ReplacementAbility("counters", to=CREATURES_YOU, counter_kind="+1/+1", add=1)]),
    ("Corpsejack Menace", [ReplacementAbility("counters", to=CREATURES_YOU, counter_kind="+1/+1", multiply=2)]),
    ("Boon Reflection", [ReplacementAbility("gain_life", who="you", multiply=2)]),
    ("Rhox Faithmender", [ReplacementAbility("gain_life", who="you", multiply=2)]),
    ("Thought Reflection", [ReplacementAbility("draw", who="you", draw=2)]),
    ("Alhammarret's Archive", [ReplacementAbility("gain_life", who="you", multiply=2),
                               ReplacementAbility("draw", who="you", except_first_draw=True, draw=2)]),
    ("Selesnya Guildgate", [ReplacementAbility("enters", itself=True, tapped=True)]),
    ("Tranquil Cove", [ReplacementAbility("enters", itself=True, tapped=True)]),
    ("Adaptive Shimmerer", [ReplacementAbility("enters", itself=True, enters_counters="+1/+1", amount=n(3))]),
    ("Frozen Aether", [ReplacementAbility("enters", to=Filter(types=frozenset({"Artifact", "Creature", "Land"}),
                                                             controller="opponent"), tapped=True)]),
    ("Feed the Clan", [ReplacementAbility(
        "gain_life", who="you", amount=n(10), self_replacement=True,
        condition=Condition("control", Filter(types=frozenset({"Creature"}), power_min=4), at_least=1))]),
    ("Galvanic Blast", [ReplacementAbility(
        "damage", amount=n(4), self_replacement=True,
        condition=Condition("control", Filter(types=frozenset({"Artifact"})), at_least=3))]),
    ("Crater's Claws", [ReplacementAbility(
        "damage", amount=Quantity(fixed=2, x=True), self_replacement=True,
        condition=Condition("control", Filter(types=frozenset({"Creature"}), power_min=4), at_least=1))]),
])
def test_replacement_templates(name: str, expected: list[ReplacementAbility]) -> None:
    assert reps(name) == expected
    assert all(r.text for r in script(name).replacements)


def test_prevention_spells() -> None:
    assert script("Fog").spell.effects == (PreventDamage(combat=True),)
    assert script("Holy Day").spell.effects == (PreventDamage(combat=True),)
    salve = script("Healing Salve").spell.modes[1]
    assert salve.implemented
    assert salve.effects == (PreventDamage(n(3), Ref("target", 0)),)
    assert salve.targets[0].text == "any target"


@pytest.mark.parametrize("text", [
    "This land enters tapped unless it's your turn.",                             # a condition not read
    "This creature enters with a blight counter on it and a shield counter on it.",  # two kinds: not read
    "If a source an opponent controls would deal damage to you, it deals that much damage minus 1 instead.",
    "If this creature would deal combat damage to a player, it deals double that damage to that player instead.",
])
def test_templates_the_engine_cant_do_stay_unimplemented(text: str) -> None:
    from mtgengine.cards.compiler import compile_text
    compiled = compile_text("Test Card", text, False)
    assert compiled.unimplemented and not compiled.replacements


# -- the card-definition format ------------------------------------------------------------------
def test_a_replacement_ability_written_by_hand_equals_the_compiled_one(tmp_path: Path) -> None:
    path = tmp_path / "defs.yaml"
    path.write_text(textwrap.dedent("""\
        Hardened Scales:
          replacements:
            - event: counters
              to: {types: [Creature], controller: you}
              counter_kind: "+1/+1"
              add: 1
              text: If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters are put on it instead.
        """), encoding="utf-8")
    written = read_definitions([path])["Hardened Scales"]["Hardened Scales"].script
    assert written == script("Hardened Scales")


@pytest.mark.parametrize("body,message", [
    ("{event: damages, multiply: 2}", "unknown value 'damages'"),
    ("{event: draw, multiply: 2}", "doesn't read this field"),
    ("{event: gain_life, who: you}", "needs something to happen instead"),
    ("{event: enters, itself: true, enters_counters: '+1/+1'}", "say how many counters"),
    ("{event: enters, itself: true, to: {types: [Creature]}, tapped: true}", "not both"),
])
def test_replacement_definition_errors(tmp_path: Path, body: str, message: str) -> None:
    path = tmp_path / "defs.yaml"
    path.write_text(f"Furnace of Rath: {{replacements: [{body}]}}\n", encoding="utf-8")
    with pytest.raises(CardDefinitionError, match=message):
        read_definitions([path])


# -- the pipeline ----------------------------------------------------------------------------------
def scales_and_season(**players_extra) -> Scenario:
    s = Scenario("order", strict=True,
                 Alice={"battlefield": ["Hardened Scales", "Doubling Season", "Forest", "Grizzly Bears"],
                        "hand": ["Battlegrowth"]}, Bob={})
    s._runner.interactive = True
    s.cast("Battlegrowth", by="Alice", targets=["Grizzly Bears"]).pass_(2)
    return s


def test_two_effects_whose_order_matters_are_asked_with_their_sources_as_options() -> None:
    s = scales_and_season()
    d = s.game.pending
    assert d.kind == "order" and d.player == 0
    names = sorted(s.game.state.objects[o].card.name for o in d.options)
    assert names == ["Doubling Season", "Hardened Scales"]
    assert "CR 616.1" in d.prompt


@pytest.mark.parametrize("agent", [FirstOptionAgent(), *(RandomAgent(seed) for seed in range(6))])
def test_the_agents_answer_the_order_decision(agent) -> None:
    s = scales_and_season()
    d = s.game.pending
    answer = agent.decide(d)
    validate_answer(d, answer)
    first = s.game.state.objects[answer[0]].card.name
    s.game.submit(answer)
    bears = next(o for o in s.game.state.battlefield if s.game.state.objects[o].card.name == "Grizzly Bears")
    # Scales first: (1 + 1) x 2 = 4; Doubling Season first: 1 x 2 + 1 = 3.
    assert s.game.state.objects[bears].counters["+1/+1"] == (4 if first == "Hardened Scales" else 3)


def test_an_answer_naming_an_effect_twice_is_refused() -> None:
    s = scales_and_season()
    d = s.game.pending
    from mtgengine.core.errors import IllegalActionError
    with pytest.raises(IllegalActionError):
        s.game.submit([d.options[0], d.options[0]])
    assert s.game.pending is not None and s.game.pending.kind == "order"


def test_tokens_are_one_event_with_a_count() -> None:
    s = Scenario("tokens", Alice={"battlefield": ["Doubling Season", "Parallel Lives"]}, Bob={})
    g = s.game.state.clone()
    ctx = Ctx(g, [], lambda *_: None)
    raise_the_alarm = script("Raise the Alarm").spell.effects[0]
    event = apply_replacements(ctx, TokensEvent(0, raise_the_alarm, 2))
    assert event.count == 8
    assert apply_replacements(ctx, TokensEvent(1, raise_the_alarm, 2)).count == 2   # not Alice's tokens


def test_a_replaced_draw_becomes_new_draws_the_effect_does_not_replace_again() -> None:
    s = Scenario("draws", Alice={"battlefield": ["Thought Reflection"]}, Bob={})
    g = s.game.state.clone()
    ctx = Ctx(g, [], lambda *_: None)
    event = apply_replacements(ctx, DrawEvent(0))
    assert event.count == 2 and len(event.applied) == 1
    again = apply_replacements(ctx, DrawEvent(0, applied=event.applied))
    assert again.count == 1


def test_unpreventable_damage_is_dealt_and_leaves_the_shield(tmp_path: Path) -> None:
    """CR 615.12: the shield applies, prevents nothing and isn't reduced."""
    s = Scenario("unpreventable", Alice={"battlefield": ["Plains", "Grizzly Bears"], "hand": ["Healing Salve"]},
                 Bob={"battlefield": ["Mountain"]})
    s.cast("Healing Salve", by="Alice", modes=[2], targets=["Grizzly Bears"]).pass_("stack")
    g = s.game.state.clone()
    ctx = Ctx(g, [], lambda *_: None)
    bears = next(o for o in g.battlefield if g.objects[o].card.name == "Grizzly Bears")
    mountain = next(o for o in g.battlefield if g.objects[o].card.name == "Mountain")
    make_unpreventable(ctx, 1, "Test")
    assert deal_damage(ctx, mountain, bears, 1) == 1
    assert g.objects[bears].damage == 1
    shield = next(r for r in g.replacement_effects if not r.unpreventable)
    assert shield.remaining == 3
    assert any("[CR 615.12]" in line for line in g.log)


def test_a_shield_is_saved_and_loaded_with_the_game() -> None:
    s = Scenario("save", Alice={"battlefield": ["Plains"], "hand": ["Healing Salve"]}, Bob={})
    s.cast("Healing Salve", by="Alice", modes=[2], targets=["Alice"]).pass_("stack")
    game = s.game
    shields = game.state.replacement_effects
    assert len(shields) == 1 and shields[0].remaining == 3 and shields[0].affected == -1
    loaded = Game.load(game.save())
    assert loaded.state.replacement_effects == shields


# -- games -------------------------------------------------------------------------------------------
def test_random_games_with_replacement_effects() -> None:
    cards = ["Furnace of Rath", "Gratuitous Violence", "Doubling Season", "Parallel Lives", "Hardened Scales",
             "Boon Reflection", "Thought Reflection", "Alhammarret's Archive", "Fog", "Healing Salve",
             "Raise the Alarm", "Battlegrowth", "Dragonscale Boon", "Adaptive Shimmerer", "Selesnya Guildgate",
             "Frozen Aether", "Vampire Nighthawk", "Lightning Bolt", "Feed the Clan", "Grizzly Bears"]
    deck = ["Plains", "Island", "Mountain", "Forest"] * 6 + cards * 2
    for seed in range(2):
        for agents in (None, (FirstOptionAgent(), FirstOptionAgent())):
            result = play_game((deck, deck), seed, seed % 2, 14, agents=agents)
            assert result.turns >= 1
