"""The characteristics of cards off the battlefield with only their printed values are shared
(``layers._PLAIN``, by card, face and controller); a card an effect applies to, or one with a
characteristic-defining ability, must still be derived as it is now."""
from __future__ import annotations

from mtgengine.effects.layers import characteristics, permanents
from mtgengine.scenario.builder import Scenario


def _in(s: Scenario, player: int, zone: str, name: str) -> int:
    g = s.game.state
    (oid,) = [oid for (p, z), ids in g.zones.items() if p == player and z.value == zone for oid in ids
              if g.objects[oid].card.name == name]
    return oid


def test_the_same_card_in_two_hands_has_each_controller() -> None:
    s = Scenario("memo", Alice={"hand": ["Grizzly Bears"]}, Bob={"hand": ["Grizzly Bears"]})
    g = s.game.state
    assert characteristics(g, _in(s, 0, "hand", "Grizzly Bears")).controller == 0
    assert characteristics(g, _in(s, 1, "hand", "Grizzly Bears")).controller == 1


def test_a_characteristic_defining_ability_in_hand_counts_now() -> None:
    """CR 604.3: Tarmogoyf in a hand counts the card types in graveyards as they are now."""
    s = Scenario("memo", Alice={"battlefield": ["Mountain"], "hand": ["Tarmogoyf", "Lightning Bolt"]}, Bob={})
    goyf = _in(s, 0, "hand", "Tarmogoyf")
    assert characteristics(s.game.state, goyf).power == 0
    s.cast("Lightning Bolt", by="Alice", targets=["Bob"]).pass_("stack")
    assert characteristics(s.game.state, goyf).power == 1


def test_a_card_an_effect_gives_flashback_has_it() -> None:
    """Snapcaster Mage's target gains flashback (CR 611.2, 613.1f): the same card as a plain one
    in the other graveyard, but not the same characteristics."""
    s = Scenario("memo", Alice={"battlefield": ["Island x2"], "hand": ["Snapcaster Mage"],
                                "graveyard": ["Lightning Bolt as b"]},
                 Bob={"graveyard": ["Lightning Bolt"]})
    bolt = _in(s, 0, "graveyard", "Lightning Bolt")
    other = _in(s, 1, "graveyard", "Lightning Bolt")
    assert "flashback" not in characteristics(s.game.state, bolt).keywords
    s.cast("Snapcaster Mage", by="Alice").pass_(2).choose("b").pass_("stack")
    g = s.game.state
    assert "flashback" in characteristics(g, bolt).keywords
    assert "flashback" not in characteristics(g, other).keywords


def test_permanents_are_the_characteristics_in_battlefield_order_and_follow_a_pump() -> None:
    s = Scenario("memo", Alice={"battlefield": ["Forest", "Grizzly Bears"], "hand": ["Giant Growth"]}, Bob={})
    g = s.game.state
    chars = permanents(g)
    assert list(chars) == g.battlefield
    assert all(chars[oid] is characteristics(g, oid) for oid in g.battlefield)
    s.cast("Giant Growth", by="Alice", targets=["Grizzly Bears"]).pass_("stack")
    g = s.game.state
    (bears,) = [oid for oid in g.battlefield if g.objects[oid].card.name == "Grizzly Bears"]
    assert permanents(g)[bears].power == 5


def test_a_plain_card_in_hand_keeps_its_memo_across_changes_elsewhere() -> None:
    """A draw, a spell cast and resolved, a life total changed: the plain card in hand keeps its
    shared characteristics (GameState.changed_off_battlefield); the cast card's old object is
    gone from the memo too (CR 400.7)."""
    from mtgengine.state.game_state import SHARED_CHARACTERISTICS
    s = Scenario("memo", Alice={"battlefield": ["Mountain"], "hand": ["Grizzly Bears", "Lightning Bolt"]}, Bob={})
    g = s.game.state
    bears, bolt = _in(s, 0, "hand", "Grizzly Bears"), _in(s, 0, "hand", "Lightning Bolt")
    ch = characteristics(g, bears)
    characteristics(g, bolt)
    assert id(ch) in SHARED_CHARACTERISTICS
    s.cast("Lightning Bolt", by="Alice", targets=["Bob"]).pass_("stack")
    g = s.game.state
    assert g._chars.get(bears) is ch and bolt not in g._chars
    g.changed_off_battlefield()
    assert g._chars.get(bears) is ch


def test_a_characteristic_defining_ability_in_a_graveyard_counts_now() -> None:
    """CR 604.3: Tarmogoyf in a graveyard counts the card types there, itself (a creature) and
    then the instant put there."""
    s = Scenario("memo", Alice={"battlefield": ["Mountain"], "hand": ["Lightning Bolt"], "graveyard": ["Tarmogoyf"]},
                 Bob={})
    goyf = _in(s, 0, "graveyard", "Tarmogoyf")
    assert characteristics(s.game.state, goyf).power == 1
    s.cast("Lightning Bolt", by="Alice", targets=["Bob"]).pass_("stack")
    assert characteristics(s.game.state, goyf).power == 2


def test_a_spell_on_the_stack_is_forgotten() -> None:
    """A spell's face and choices are set in place on the stack (CR 601.2a-b) before
    changed_off_battlefield: even with printed values, its memo can't be kept."""
    from mtgengine.state.game_state import SHARED_CHARACTERISTICS
    s = Scenario("memo", Alice={"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]}, Bob={})
    s.cast("Lightning Bolt", by="Alice", targets=["Bob"])
    g = s.game.state
    spell = g.stack[-1]
    permanents(g)                                   # the permanents' memo, closed
    assert g._chars.get(("closed",))
    g._chars.pop(spell, None)
    assert id(characteristics(g, spell)) in SHARED_CHARACTERISTICS and spell in g._chars
    g.changed_off_battlefield()
    assert spell not in g._chars


def test_a_characteristic_defining_ability_in_hand_counts_a_creature_that_died() -> None:
    """CR 604.3: Tarmogoyf in hand counts the creature card that left the battlefield for a graveyard."""
    s = Scenario("memo", Alice={"battlefield": ["Grizzly Bears"], "hand": ["Tarmogoyf"]},
                 Bob={"battlefield": ["Hill Giant"]})
    goyf = _in(s, 0, "hand", "Tarmogoyf")
    assert characteristics(s.game.state, goyf).power == 0
    s.attack(["Grizzly Bears"], by="Alice").block({"Hill Giant": "Grizzly Bears"}, by="Bob").pass_("combat_damage")
    g = s.game.state
    assert g.objects[_in(s, 0, "graveyard", "Grizzly Bears")]
    assert characteristics(g, goyf).power == 1

