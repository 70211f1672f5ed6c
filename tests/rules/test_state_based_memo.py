"""The state-based actions' memos (rules.state_based_actions: the permanents 704.5f-n can apply
to, and the legend rule's groups) are kept with the characteristics (``GameState._chars``): a
change to the permanents must make the next check see them as they are now."""
from __future__ import annotations

from mtgengine.effects.primitives import put_counters
from mtgengine.rules.context import Ctx
from mtgengine.rules.state_based_actions import _legend_groups, _watched_permanents, check_state_based_actions
from mtgengine.scenario.builder import Scenario


def _toughness(s: Scenario, name: str) -> int | None:
    g = s.game.state
    (found,) = [ch for oid, ch, _plain in _watched_permanents(g) if g.objects[oid].card.name == name]
    return found.toughness


def test_watched_permanents_follow_a_pump() -> None:
    s = Scenario("memo", Alice={"battlefield": ["Forest", "Grizzly Bears"], "hand": ["Giant Growth"]}, Bob={})
    assert _toughness(s, "Grizzly Bears") == 2
    s.cast("Giant Growth", by="Alice", targets=["Grizzly Bears"]).pass_("stack")
    assert _toughness(s, "Grizzly Bears") == 5


def test_lands_are_not_watched_and_a_creature_cast_is() -> None:
    s = Scenario("memo", Alice={"battlefield": ["Forest x2"], "hand": ["Grizzly Bears"]}, Bob={})
    assert _watched_permanents(s.game.state) == []
    s.cast("Grizzly Bears", by="Alice").pass_("stack")
    assert _toughness(s, "Grizzly Bears") == 2


def test_toughness_lowered_to_zero_is_seen() -> None:
    """CR 704.5f after -2/-2: the memo filled before the spell must not hide the new toughness."""
    s = Scenario("memo", Alice={"battlefield": ["Swamp"], "hand": ["Disfigure"]},
                 Bob={"battlefield": ["Grizzly Bears"]})
    assert _toughness(s, "Grizzly Bears") == 2
    s.cast("Disfigure", by="Alice", targets=["Grizzly Bears"]).pass_("stack")
    s.expect(zones={"Bob": {"graveyard": ["Grizzly Bears"]}})


def test_a_second_legend_makes_a_group() -> None:
    """CR 704.5j: no group while one Isamaru is out; the one cast makes a pair."""
    s = Scenario("memo", Alice={"battlefield": ["Plains", "Isamaru, Hound of Konda as old"],
                                "hand": ["Isamaru, Hound of Konda"]}, Bob={})
    assert _legend_groups(s.game.state) == []
    s.cast("Isamaru, Hound of Konda", by="Alice").pass_("stack")
    s.choose("old")
    s.expect(zones={"Alice": {"graveyard": ["Isamaru, Hound of Konda"]}})
    assert _legend_groups(s.game.state) == []


def test_an_unattached_equipment_then_lethal_damage_in_the_same_check() -> None:
    """CR 704.5n then 704.5g in one check: after the Equipment becomes unattached (a change to
    the characteristics) the permanents after it are looked at as they are now."""
    s = Scenario("memo", Alice={"battlefield": ["Mountain as m", {"card": "Bonesplitter", "attached_to": "m"},
                                                {"card": "Grizzly Bears", "damage": 2}]}, Bob={})
    g = s.game.state
    assert [g.objects[oid].card.name for oid in g.battlefield] == ["Mountain", "Bonesplitter"]
    (bonesplitter,) = [oid for oid in g.battlefield if g.objects[oid].card.name == "Bonesplitter"]
    assert g.objects[bonesplitter].attached_to is None
    s.expect(zones={"Alice": {"graveyard": ["Grizzly Bears"]}})


def test_a_land_given_counters_is_watched() -> None:
    """CR 704.5q on a land: not watched without counters; putting counters on it (which calls
    ``changed``) makes the next check see it, and the pair is removed."""
    s = Scenario("memo", Alice={"battlefield": ["Forest"]}, Bob={})
    g = s.game.state
    (forest,) = g.battlefield
    assert _watched_permanents(g) == []
    ctx = Ctx(g, [], lambda *a: None)
    put_counters(ctx, forest, "+1/+1", 2)
    put_counters(ctx, forest, "-1/-1", 1)
    assert [oid for oid, _ch, _plain in _watched_permanents(g)] == [forest]
    assert check_state_based_actions(ctx)
    assert g.objects[forest].counters == {"+1/+1": 1}


def test_a_plain_creature_is_checked_once_damaged_or_given_counters() -> None:
    """A plain creature (toughness above 0, not an Aura, Equipment or planeswalker) is skipped
    while undamaged and without counters; damage marked on it (status: the memo is kept) and
    counters put on it must be seen by the next check (CR 704.5g, 704.5q)."""
    s = Scenario("memo", Alice={"battlefield": ["Grizzly Bears", "Hill Giant"]}, Bob={})
    g = s.game.state
    bears, giant = g.battlefield
    assert [(oid, plain) for oid, _ch, plain in _watched_permanents(g)] == [(bears, True), (giant, True)]
    ctx = Ctx(g, [], lambda *a: None)
    assert not check_state_based_actions(ctx)
    memo = _watched_permanents(g)
    g.obj(bears).damage = 2                          # marked damage: status, no ``changed``
    assert _watched_permanents(g) is memo
    put_counters(ctx, giant, "+1/+1", 1)
    put_counters(ctx, giant, "-1/-1", 1)
    assert check_state_based_actions(ctx)
    assert bears not in g.battlefield                # CR 704.5g: lethal damage
    assert g.objects[giant].counters == {}           # CR 704.5q: the pair is removed
