"""Speed work on what happens when something is done (casting, paying, zone changes, events):
each shortcut here is checked against the result it must not change."""
from __future__ import annotations

from mtgengine.core.enums import Zone
from mtgengine.effects.primitives import move
from mtgengine.rules.context import Ctx
from mtgengine.scenario.builder import Scenario


def _ctx(s: Scenario) -> Ctx:
    return Ctx(s.game.state, [], lambda g, asking_now: None)


def _card(s: Scenario, name: str, zone: Zone) -> int:
    g = s.game.state
    return next(oid for oid, o in g.objects.items() if o.card is not None and o.card.name == name and o.zone is zone)


def test_a_moved_object_is_written_in_place_and_a_clone_keeps_its_own() -> None:
    """The object a zone change makes (CR 400.7) belongs to that state alone: written in place,
    without a copy; a clone taken afterwards shares it until either side writes, and then the
    other side doesn't see the write."""
    s = Scenario("fresh", Alice={"hand": ["Grizzly Bears"]}, Bob={})
    ctx = _ctx(s)
    g = ctx.g
    new = move(ctx, _card(s, "Grizzly Bears", Zone.HAND), Zone.BATTLEFIELD, "test")
    assert new is not None
    made = g.objects[new]
    assert g.obj(new) is made                      # no copy on the first write
    other = g.clone()
    g.obj(new).tapped = True
    assert g.objects[new] is not made and made.tapped is False
    assert other.objects[new].tapped is False       # the clone keeps the object as it was
    other.obj(new).damage = 1
    assert g.objects[new].damage == 0


def test_a_cast_spell_is_written_in_place() -> None:
    """CR 601.2a: the spell object the cast makes on the stack is the state's own."""
    s = Scenario("fresh", Alice={"battlefield": ["Mountain"], "hand": ["Shock"]}, Bob={})
    s.cast("Shock", by="Alice", targets=["Bob"])
    g = s.game.state
    (spell,) = g.stack
    assert g.objects[spell]._gen is g._gen           # written in place, not copied first
    before = g.clone()
    g.obj(spell).x = 7
    assert before.objects[spell].x == 0
