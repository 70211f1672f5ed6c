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


def test_self_replacements_are_looked_for_only_where_an_event_names_its_spell() -> None:
    """CR 614.15: the pipeline asks the resolving spell for self-replacement effects only for the
    kinds of event that name a spell (``origin``; damage its ``source``). For the others (zone
    changes, mana, proliferating) asking would find nothing, even with such a spell on the stack."""
    from mtgengine.effects.events import (CountersEvent, DamageEvent, DrawEvent, LifeEvent, ManaEvent,
                                          ProliferateEvent, TokensEvent, ZoneChange)
    from mtgengine.effects.replacement import _TYPE_OF_KIND, _self_candidates, _sources_for, event_kind
    s = Scenario("self", Alice={"battlefield": ["Mountain"], "hand": ["Galvanic Blast"]}, Bob={})
    s.cast("Galvanic Blast", by="Alice", targets=["Bob"])
    ctx = _ctx(s)
    (spell,) = ctx.g.stack
    samples = [ZoneChange(spell, Zone.HAND, Zone.BATTLEFIELD, 0), ZoneChange(spell, Zone.BATTLEFIELD, Zone.GRAVEYARD, 0),
               ZoneChange(spell, Zone.STACK, Zone.GRAVEYARD, 0), ZoneChange(spell, Zone.GRAVEYARD, Zone.HAND, 0),
               ZoneChange(spell, Zone.HAND, Zone.GRAVEYARD, 0, "discard"),       # madness (CR 702.35a)
               ZoneChange(spell, Zone.LIBRARY, Zone.GRAVEYARD, 0, "mill"),       # "from anywhere" (CR 614.1a)
               DamageEvent(spell, -2, 2), LifeEvent(0, 3, spell), LifeEvent(0, -3, spell),
               ManaEvent(0, ("R",), spell, True), ProliferateEvent(0), CountersEvent(-1, "poison", 1, spell),
               DrawEvent(0, origin=spell), TokensEvent(0, None, 1, spell)]
    by_kind = {event_kind(e): e for e in samples}
    assert set(by_kind) == set(_TYPE_OF_KIND)             # every kind, with its event type
    asked = set()
    for kind, event in by_kind.items():
        assert _TYPE_OF_KIND[kind] is event.__class__
        if _self_candidates in _sources_for((kind, True, True)):
            asked.add(kind)
        else:
            assert _self_candidates(ctx, event, kind) == []   # skipping it skips nothing
    assert asked == {"damage", "gain_life", "life_reduced", "counters", "draw", "tokens"}


def test_the_permanents_abilities_are_asked_only_for_the_kinds_they_replace() -> None:
    """The pipeline asks the permanents' replacement abilities only for the kinds of event one of
    them watches (``replacement._replaced_kinds``, memoized with the characteristics): Thought
    Reflection entering adds draws to the kinds, and the next draw step draws two cards
    (CR 614.11); for the other kinds, asking would find nothing."""
    from mtgengine.effects.events import DrawEvent, ZoneChange
    from mtgengine.effects.replacement import _replaced_kinds, _static_candidates
    s = Scenario("kinds", Alice={"battlefield": ["Island x7", "Grizzly Bears"], "hand": ["Thought Reflection"]},
                 Bob={}, turn={"number": 2, "active": "Alice", "step": "precombat_main"})
    ctx = _ctx(s)
    assert "draw" not in _replaced_kinds(ctx.g)           # memoized now
    assert _static_candidates(ctx, DrawEvent(0), "draw") == []
    s.cast("Thought Reflection", by="Alice").pass_("stack")
    ctx = _ctx(s)
    assert _replaced_kinds(ctx.g) == {"draw"}
    bears = next(oid for oid in ctx.g.battlefield if ctx.g.objects[oid].card.name == "Grizzly Bears")
    assert _static_candidates(ctx, ZoneChange(bears, Zone.BATTLEFIELD, Zone.GRAVEYARD, 0), "dies") == []
    s.pass_("turn").pass_("turn").pass_("precombat_main")
    g = s.game.state
    assert g.turn == 4 and len(g.zones[(0, Zone.HAND)]) == 2


def test_a_payment_plans_with_the_sources_as_they_are_and_taps_them() -> None:
    """CR 601.2g-h, 107.4e: the sources are listed once for every way of paying tried: Flame
    Javelin's {2/R}{2/R}{2/R} with one Mountain can't be paid with three or two red mana, and is
    paid the third way ({R} and four generic) by the same five lands."""
    s = Scenario("pay", Alice={"battlefield": ["Mountain", "Forest x4"], "hand": ["Flame Javelin"]}, Bob={})
    s.cast("Flame Javelin", by="Alice", targets=["Bob"]).pass_("stack")
    g = s.game.state
    assert all(g.objects[oid].tapped for oid in g.battlefield)
    s.expect(life={"Bob": 16})


def test_attack_and_block_options_are_the_creatures_that_can_in_battlefield_order() -> None:
    """CR 508.1a, 509.1a: only creatures are asked whether they can attack or block; the lists
    are those of the rule asked of every permanent, in battlefield order."""
    from mtgengine.effects.layers import controller_of
    from mtgengine.rules.combat import attackers, block_options, can_attack, can_block, possible_attackers
    s = Scenario("combat", Alice={"battlefield": ["Forest", "Grizzly Bears as a1",
                                                  {"card": "Llanowar Elves", "summoning_sick": True}, "Mountain",
                                                  "Hill Giant as a2", {"card": "Grizzly Bears", "tapped": True}]},
                 Bob={"battlefield": ["Forest", "Grizzly Bears", "Mountain", {"card": "Llanowar Elves", "tapped": True},
                                      "Hill Giant"]})
    g = s.game.state
    assert [g.objects[oid].card.name for oid in possible_attackers(g)] == ["Grizzly Bears", "Hill Giant"]
    assert possible_attackers(g) == [oid for oid in g.battlefield if can_attack(g, oid)]
    s.attack(["a1", "a2"])
    g = s.game.state
    options = block_options(g, 1)
    assert options == [[b, a] for b in g.battlefield for a in attackers(g)
                       if controller_of(g, b) == 1 and can_block(g, b, a)]
    assert [[g.objects[b].card.name, g.objects[a].card.name] for b, a in options] == [
        ["Grizzly Bears", "Grizzly Bears"], ["Grizzly Bears", "Hill Giant"],
        ["Hill Giant", "Grizzly Bears"], ["Hill Giant", "Hill Giant"]]
