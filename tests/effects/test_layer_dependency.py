"""Dependency between continuous effects (CR 613.8) decided from what each effect reads and
writes (``effects.layer_dependency``), against the trial it replaces (``layer_reference``): in
positions built to depend on each other and at every decision of random games, the two agree
on every pair of waiting effects, and the permanents' characteristics are the same."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from board_decks import LORDS, NoAttack
from layer_reference import Agreement, reference_battlefield

from mtgengine.agents.agents import RandomAgent
from mtgengine.cards.vocabulary import (
    ChangeAbilities, ChangeColors, ChangeTypes, Filter, ModifyPT, SetController, SetPT, StaticAbility,
)
from mtgengine.effects import layer_dependency as dep
from mtgengine.effects.characteristics import copy_characteristics
from mtgengine.effects.layer_effects import static_effect
from mtgengine.effects.layers import permanents
from mtgengine.engine import Game
from mtgengine.scenario.builder import Scenario
from mtgengine.simulate import PLAYER_NAMES, answer_pending

#: Effects that read what others write: land types (Blood Moon, Urborg), losing abilities
#: (Humility, Lignify), becoming creatures (Opalescence), control (Mind Control, Threaten), text
#: changes (Sleight of Mind, Magical Hack), conditions (Kird Ape), copies (Clone, Mirrorweave).
DEPENDENT = (["Mountain"] * 6 + ["Island"] * 6 + ["Forest"] * 5 + ["Plains"] * 4 + ["Swamp"] * 3
             + ["Blood Moon"] * 2 + ["Magus of the Moon"] * 2 + ["Urborg, Tomb of Yawgmoth"] * 2
             + ["Yavimaya, Cradle of Growth"] * 2 + ["Blanket of Night"] + ["Humility"] * 2 + ["Opalescence"] * 2
             + ["Kird Ape"] * 2 + ["Lignify"] * 2 + ["Frogify"] + ["Deep Freeze"] + ["Ovinize"] * 2
             + ["Mind Control"] * 2 + ["Threaten"] * 2 + ["Sleight of Mind"] * 2 + ["Magical Hack"] * 2
             + ["Lord of Atlantis"] * 2 + ["Crusade"] * 2 + ["Bad Moon"] + ["Glorious Anthem"] + ["Mirrorweave"]
             + ["Clone"] * 2 + ["Giant Growth"] * 2)


def _agree(state: Any, agreement: Agreement) -> None:
    new = permanents(state)
    old = reference_battlefield(state, agreement)
    assert list(new) == list(old) == state.battlefield
    for oid in old:
        assert new[oid] == old[oid], (oid, new[oid], old[oid])


# -- what effects read and write -----------------------------------------------------------
def test_reads_and_writes_follow_the_layers() -> None:
    """An anthem reads types and controllers, a lord subtypes; layer 7 writes only P/T and
    layer 6 keywords, so neither can change what a filter selects (CR 613.8a)."""
    anthem = StaticAbility("each", 1, 1, filter=Filter(types=frozenset({"Creature"}), controller="you"))
    lord = StaticAbility("each", 1, 1, frozenset({"islandwalk"}), filter=Filter(subtypes=frozenset({"Merfolk"})))
    pump = StaticAbility("self", 1, 1)
    assert dep.ability_reads(anthem) == dep.STATIC | dep.TYPES | dep.CONTROLLER
    assert dep.ability_reads(lord) == dep.STATIC | dep.SUBTYPES
    assert dep.ability_reads(pump) == dep.STATIC
    assert dep.writes(ModifyPT(1, 1)) == dep.writes(SetPT()) == dep.PT
    assert dep.writes(ChangeAbilities(add_keywords=frozenset({"flying"}))) == dep.KEYWORDS
    assert dep.writes(ChangeAbilities(remove_all=True)) & dep.STATIC            # Humility: existence
    assert dep.writes(ChangeTypes(set_land_subtypes=frozenset({"Mountain"}))) & dep.STATIC   # CR 305.7
    assert dep.writes(ChangeTypes(add_types=frozenset({"Creature"}))) == dep.TYPES
    assert dep.writes(ChangeColors(set_colors=frozenset({"B"}))) == dep.COLORS
    assert dep.writes(SetController()) == dep.CONTROLLER


# -- positions made to depend ----------------------------------------------------------------
POSITIONS = [
    {"Alice": {"battlefield": ["Urborg, Tomb of Yawgmoth", "Blood Moon", "Forest"]}},
    {"Alice": {"battlefield": ["Blood Moon", "Urborg, Tomb of Yawgmoth", "Yavimaya, Cradle of Growth", "Plains"]}},
    {"Alice": {"battlefield": ["Magus of the Moon", "Blanket of Night", "Urborg, Tomb of Yawgmoth"]}},
    {"Alice": {"battlefield": ["Humility", "Opalescence", "Serra Angel", "Lord of Atlantis"]}},
    {"Alice": {"battlefield": ["Opalescence", "Humility", "Glorious Anthem", "Crusade"]}},
    {"Alice": {"battlefield": ["Lord of Atlantis", "Merfolk of the Pearl Trident", "Humility"]},
     "Bob": {"battlefield": ["Elvish Champion", "Llanowar Elves", "Kird Ape", "Forest"]}},
    {"Alice": {"battlefield": ["Opalescence", "Crusade", "Bad Moon", "Glorious Anthem", "Honor of the Pure"]}},
]


def test_positions_that_depend_agree_with_the_trial() -> None:
    agreement = Agreement()
    for players in POSITIONS:
        s = Scenario("dependency", **{"Alice": {}, "Bob": {}, **players})
        _agree(s.game.state, agreement)
    assert agreement.dependent >= 3 and agreement.tried > agreement.dependent, vars(agreement)


def test_lignify_on_a_lord_and_a_stolen_anthem_agree() -> None:
    """Lignify (layer 4 and 6: a Treefolk that loses all abilities) on Lord of Atlantis, Mind
    Control (layer 2) on a creature under Glorious Anthem: the lord's effect stops existing."""
    agreement = Agreement()
    s = Scenario("dependency", Alice={"battlefield": ["Lord of Atlantis", "Merfolk of the Pearl Trident",
                                                      "Island x4", "Forest"], "hand": ["Lignify"]},
                 Bob={"battlefield": ["Glorious Anthem", "Grizzly Bears"]})
    s.cast("Lignify", by="Alice", targets=["Lord of Atlantis"]).pass_("stack")
    _agree(s.game.state, agreement)
    s = Scenario("dependency", turn={"active": "Bob"},
                 Alice={"battlefield": ["Lord of Atlantis", "Merfolk of the Pearl Trident"]},
                 Bob={"battlefield": ["Glorious Anthem", "Grizzly Bears", "Island x5"], "hand": ["Mind Control"]})
    s.cast("Mind Control", by="Bob", targets=["Merfolk of the Pearl Trident"]).pass_("stack")
    _agree(s.game.state, agreement)
    g = s.game.state
    merfolk = next(oid for oid in g.battlefield if g.objects[oid].card.name == "Merfolk of the Pearl Trident")
    ch = permanents(g)[merfolk]
    assert (ch.controller, ch.power, ch.toughness) == (1, 3, 3)     # Bob's anthem and the lord
    assert agreement.pairs > 0


def test_an_effect_on_creatures_depends_on_one_that_makes_creatures() -> None:
    """CR 613.8a: "each creature is a Zombie" (layer 4, reading types) depends on Opalescence
    (layer 4, making enchantments creatures): applying Opalescence changes what it applies to,
    though the Zombie effect is older. (No card in the database does the first: it is made here.)"""
    s = Scenario("dependency", Alice={"battlefield": ["Grizzly Bears", "Opalescence", "Glorious Anthem"]}, Bob={})
    g = s.game.state
    bears, opalescence, _anthem = g.battlefield
    zombies = StaticAbility("each", filter=Filter(types=frozenset({"Creature"})),
                            mods=(ChangeTypes(add_subtypes=frozenset({"Zombie"})),))
    chars = {oid: copy_characteristics(ch) for oid, ch in permanents(g).items()}
    for ch in chars.values():                 # as layer 4 begins: nothing is a creature but the Bears
        ch.types = ch.types - {"Creature"} if ch.name != "Grizzly Bears" else ch.types
    chars[bears].script = replace(chars[bears].script, static=(zombies,))
    a = static_effect(g, bears, zombies, chars[bears])
    (b,) = [static_effect(g, opalescence, ab, chars[opalescence]) for ab in chars[opalescence].script.static]
    agreement = Agreement()
    agreement(g, chars, [a, b])
    assert dep.depends(g, chars, a, b) and not dep.depends(g, chars, b, a)
    assert agreement.dependent == 1 and agreement.tried == 2
    assert a.targets(g, chars) == {bears}


# -- random games ---------------------------------------------------------------------------


def _random_game(decks: tuple[list[str], list[str]], seed: int, turn_cap: int, agreement: Agreement,
                 attack: bool = True) -> int:
    """Plays a random game; at every decision the permanents' characteristics are compared
    with the ones derived by trial. Returns the decisions."""
    game = Game.new_game([list(d) for d in decks], names=PLAYER_NAMES, seed=seed, first_player=seed % 2,
                         turn_cap=turn_cap)
    kind = RandomAgent if attack else NoAttack
    agents = (kind(seed * 2 + 1), kind(seed * 2 + 2))
    decisions = 0
    while not game.over:
        _agree(game.state, agreement)
        answer_pending(game, agents)
        decisions += 1
    return decisions


def test_random_lords_games_agree_with_the_trial_at_every_decision() -> None:
    agreement = Agreement()
    decisions = sum(_random_game((LORDS, LORDS), seed, 24, agreement, attack=False) for seed in range(2))
    assert decisions > 500 and agreement.pairs > 1000, (decisions, vars(agreement))


def test_random_games_of_dependent_effects_agree_with_the_trial() -> None:
    agreement = Agreement()
    for seed in range(3):
        _random_game((DEPENDENT, DEPENDENT), seed, 14, agreement, attack=seed != 2)
    assert agreement.dependent > 100 and agreement.tried > agreement.dependent, vars(agreement)
