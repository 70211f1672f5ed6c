"""When no continuous effect applies to any permanent, every permanent has its printed values,
shared with cards elsewhere (``layers._printed_battlefield``); as soon as something applies to
one — a static ability of another permanent, a resolved spell's effect, counters, a class
level, a characteristic-defining ability — the layers must be applied again (CR 613)."""
from __future__ import annotations

from mtgengine.core.enums import Zone
from mtgengine.effects.layers import _printed_battlefield, characteristics, permanents, permanents_with
from mtgengine.effects.primitives import move
from mtgengine.rules.context import Ctx
from mtgengine.scenario.builder import Scenario


def _on_battlefield(s: Scenario, name: str) -> int:
    g = s.game.state
    (oid,) = [oid for oid in g.battlefield if g.objects[oid].card.name == name]
    return oid


def test_plain_permanents_share_their_printed_values() -> None:
    s = Scenario("memo", Alice={"battlefield": ["Forest x2", "Grizzly Bears"]}, Bob={})
    g = s.game.state
    chars = _printed_battlefield(g)
    assert chars is not None and list(chars) == g.battlefield
    forests = [chars[oid] for oid in g.battlefield if g.objects[oid].card.name == "Forest"]
    assert forests[0] is forests[1]
    assert chars[_on_battlefield(s, "Grizzly Bears")].power == 2


def test_a_lord_entering_changes_the_others() -> None:
    """Elvish Champion's static ability (CR 611.3) applies to the Elves already there."""
    s = Scenario("memo", Alice={"battlefield": ["Forest x3", "Llanowar Elves"], "hand": ["Elvish Champion"]}, Bob={})
    elves = _on_battlefield(s, "Llanowar Elves")
    assert characteristics(s.game.state, elves).power == 1
    s.cast("Elvish Champion", by="Alice").pass_("stack")
    g = s.game.state
    assert _printed_battlefield(g) is None
    assert characteristics(g, elves).power == 2 and permanents(g)[elves].toughness == 2


def test_a_land_entering_under_an_anthem_keeps_it() -> None:
    s = Scenario("memo", Alice={"battlefield": ["Glorious Anthem", "Grizzly Bears"], "hand": ["Forest"]}, Bob={})
    bears = _on_battlefield(s, "Grizzly Bears")
    assert characteristics(s.game.state, bears).power == 3
    s.play("Forest", by="Alice")
    g = s.game.state
    assert characteristics(g, bears).power == 3
    assert characteristics(g, _on_battlefield(s, "Forest")).power is None


def test_a_land_entering_after_a_pump_keeps_it() -> None:
    """Giant Growth's effect (CR 611.2) on an otherwise plain creature."""
    s = Scenario("memo", Alice={"battlefield": ["Forest", "Grizzly Bears"], "hand": ["Giant Growth", "Forest"]}, Bob={})
    s.cast("Giant Growth", by="Alice", targets=["Grizzly Bears"]).pass_("stack").play("Forest", by="Alice")
    g = s.game.state
    assert characteristics(g, _on_battlefield(s, "Grizzly Bears")).power == 5


def test_a_land_entering_keeps_counters() -> None:
    """CR 613.4c: +1/+1 counters on an otherwise plain creature."""
    s = Scenario("memo", Alice={"battlefield": [{"card": "Grizzly Bears", "counters": {"+1/+1": 2}}],
                                "hand": ["Forest"]}, Bob={})
    s.play("Forest", by="Alice")
    g = s.game.state
    assert characteristics(g, _on_battlefield(s, "Grizzly Bears")).power == 4


def test_a_class_level_grants_abilities_to_the_others() -> None:
    """Rogue Class at level 2 (CR 716.2a): creatures you control have menace, after a land enters too."""
    s = Scenario("memo", Alice={"battlefield": ["Rogue Class", "Grizzly Bears", "Island x3", "Swamp"],
                                "hand": ["Swamp"]}, Bob={})
    s.activate("Rogue Class", by="Alice", ability="{1}{U}{B}: Level 2").pass_("stack").play("Swamp", by="Alice")
    g = s.game.state
    assert "menace" in characteristics(g, _on_battlefield(s, "Grizzly Bears")).keywords


def test_a_characteristic_defining_ability_on_the_battlefield_counts() -> None:
    """CR 604.3: Tarmogoyf among plain permanents still counts the graveyards."""
    s = Scenario("memo", Alice={"battlefield": ["Mountain", "Tarmogoyf"], "hand": ["Lightning Bolt", "Forest"]}, Bob={})
    goyf = _on_battlefield(s, "Tarmogoyf")
    assert characteristics(s.game.state, goyf).power == 0
    s.cast("Lightning Bolt", by="Alice", targets=["Bob"]).pass_("stack").play("Forest", by="Alice")
    assert characteristics(s.game.state, goyf).power == 1


def test_a_face_down_permanent_among_plain_ones_stays_a_nameless_2_2() -> None:
    """CR 708.2a: its copiable values are a face-down 2/2's, not its card's."""
    s = Scenario("memo", Alice={"battlefield": [{"card": "Hill Giant", "face_down": True}, "Forest"],
                                "hand": ["Forest"]}, Bob={})
    s.play("Forest", by="Alice")
    g = s.game.state
    (hidden,) = [oid for oid in g.battlefield if g.objects[oid].face_down]
    ch = characteristics(g, hidden)
    assert (ch.name, ch.power, ch.toughness) == ("", 2, 2)


def _with_from_scratch(g, field: str) -> list:
    """``permanents_with`` derived again, on a copy whose memo is empty."""
    fresh = g.clone()
    fresh._chars.clear()
    return permanents_with(fresh, field)


def test_permanents_with_an_ability_follow_a_permanent_entering_and_leaving() -> None:
    """``permanent_moved`` keeps the lists of ``permanents_with`` across a zone change of a
    permanent with only its printed values: the one entering is added if it has the ability
    (Soul Warden's trigger), the one leaving is taken out."""
    s = Scenario("memo", Alice={"battlefield": ["Plains x2", "Grizzly Bears"], "hand": ["Soul Warden", "Plains"]},
                 Bob={})
    g = s.game.state.clone()
    ctx = Ctx(g, [], lambda *_: None)
    assert permanents_with(g, "triggered") == [] and permanents_with(g, "replacements") == []
    warden = next(oid for oid in g.zones[(0, Zone.HAND)] if g.objects[oid].card.name == "Soul Warden")
    new = move(ctx, warden, Zone.BATTLEFIELD, "test")
    assert g._chars.get(("with", "triggered")) is not None       # carried, not derived again
    assert [oid for oid, _ in permanents_with(g, "triggered")] == [new]
    assert permanents_with(g, "triggered") == _with_from_scratch(g, "triggered")
    land = next(oid for oid in g.zones[(0, Zone.HAND)] if g.objects[oid].card.name == "Plains")
    move(ctx, land, Zone.BATTLEFIELD, "test")                   # entering without the ability
    assert [oid for oid, _ in permanents_with(g, "triggered")] == [new]
    move(ctx, new, Zone.GRAVEYARD, "test")
    assert g._chars.get(("with", "triggered")) == [] == _with_from_scratch(g, "triggered")
    assert permanents_with(g, "replacements") == []
